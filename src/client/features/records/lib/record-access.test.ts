import { describe, expect, it } from 'vitest';
import { NO_PRIVILEGES } from '../../../../shared/schemas/profile.ts';
import { mayAddRecords } from './record-access.ts';

describe('who may add records', () => {
  it('writers, institution admins and app admins; not readers', () => {
    expect(mayAddRecords({ ...NO_PRIVILEGES, write: [3] })).toBe(true);
    expect(mayAddRecords({ ...NO_PRIVILEGES, admin: [1] })).toBe(true);
    expect(mayAddRecords({ ...NO_PRIVILEGES, glblAdmin: true })).toBe(true);
    expect(mayAddRecords({ ...NO_PRIVILEGES, read: [1, 2], glblRead: true })).toBe(false);
    expect(mayAddRecords(NO_PRIVILEGES)).toBe(false);
  });
});
