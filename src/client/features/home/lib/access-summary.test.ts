import { describe, expect, it } from 'vitest';
import { type Privileges, type Profile } from '../../../../shared/schemas/profile.ts';
import { summariseAccess } from './access-summary.ts';
import { profileWith } from '../../../lib/profile.test-support.ts';

const user = (privileges: Partial<Privileges>, home: number | null = 2): Profile =>
  profileWith(privileges, { institution: 'UVic', homeInstitution: home });

const institutions = [
  { id: 1, name: 'The University of British Columbia', short_name: 'UBC' },
  { id: 2, name: 'University of Victoria', short_name: 'UVic' },
  { id: 3, name: 'Simon Fraser University', short_name: 'SFU' },
];
const fallback = (id: number) => `Institution ${id}`;

describe('summariseAccess', () => {
  it('lists each institution once with its strongest right, home first', () => {
    const summary = summariseAccess(user({ read: [3, 2], write: [2], admin: [1] }), institutions, fallback);
    expect(summary.global).toBeNull();
    expect(summary.institutions).toEqual([
      { id: 2, name: 'University of Victoria (UVic)', level: 'write', isHome: true },
      { id: 1, name: 'The University of British Columbia (UBC)', level: 'admin', isHome: false },
      { id: 3, name: 'Simon Fraser University (SFU)', level: 'read', isHome: false },
    ]);
    expect(summary.counts).toEqual({ read: 2, write: 1, admin: 1 });
    expect(summary.namesKnown).toBe(true);
  });

  it('says "all" for glblAdmin and glblRead', () => {
    expect(summariseAccess(user({ glblAdmin: true }), institutions, fallback).global).toBe('admin');
    expect(summariseAccess(user({ glblRead: true }), institutions, fallback).global).toBe('read');
  });

  it('falls back to the profile’s institution and ids when the list cannot be read', () => {
    const summary = summariseAccess(user({ read: [2, 3] }), undefined, fallback);
    expect(summary.institutions.map((i) => i.name)).toEqual(['UVic', 'Institution 3']);
    expect(summary.namesKnown).toBe(false);
  });
});
