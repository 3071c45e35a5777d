import { describe, expect, it } from 'vitest';
import { checkDeleted } from './set-institution-active.ts';

const saved = {
  id: 7,
  name: 'Test College',
  short_name: 'TC',
  name_code: 'TC',
  institution_type: 'College',
  region: 'Kootenay',
  active_ind: false,
  version: 2,
};

describe('checkDeleted', () => {
  it('accepts the saved institution, now inactive', () => {
    expect(checkDeleted(7, saved)).toEqual(saved);
  });

  it('accepts an answer holding the id alone', () => {
    expect(checkDeleted(7, { id: 7 })).toBeNull();
    expect(checkDeleted(7, { id: '7' })).toBeNull();
  });

  it('says "Could not delete institution" when the answer names another id or is still active', () => {
    expect(() => checkDeleted(7, { ...saved, id: 8 })).toThrow('Could not delete institution');
    expect(() => checkDeleted(7, { ...saved, active_ind: true })).toThrow('Could not delete institution');
    expect(() => checkDeleted(7, { id: 'seven' })).toThrow('Could not delete institution');
    expect(() => checkDeleted(7, undefined)).toThrow('Could not delete institution');
  });
});
