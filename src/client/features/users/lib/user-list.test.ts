import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/schemas/user.ts';
import { institutionOptions } from './institution-options.ts';
import { accessSummary, hasUserFilters, readUserListState, selectUsers } from './user-list.ts';

const none = { read: [], write: [], admin: [], glblAdmin: false, glblRead: false };
const u = (id: number, username: string, extra: Partial<User> = {}): User => ({
  id,
  username,
  prefName: '',
  email: `${username}@example.ca`,
  institution: '',
  homeInstitution: null,
  active: true,
  roles: ['user'],
  privileges: none,
  version: 1,
  ...extra,
});

const users = [
  u(1, 'appadmin', { prefName: 'Avery Admin', roles: ['user', 'app admin'], privileges: { ...none, glblAdmin: true } }),
  u(2, 'reader', {
    prefName: 'Riley Reader',
    institution: 'UVic',
    roles: ['user', 'read'],
    privileges: { ...none, read: [1, 2] },
  }),
  u(3, 'writer', { prefName: 'Wren Writer', institution: 'UVic', roles: ['user', 'write'], privileges: { ...none, write: [1] } }),
  u(4, 'gone', { prefName: 'Gone Person', active: false, roles: ['user', 'read'], privileges: { ...none, read: [2] } }),
  u(5, 'newuser', { prefName: 'Noor Newcomer' }),
];

describe('readUserListState', () => {
  it('reads an empty query as the defaults', () => {
    expect(readUserListState(new URLSearchParams())).toEqual({
      q: '',
      institution: null,
      role: null,
      status: 'active',
      sort: { key: 'username', direction: 'asc' },
      page: 1,
    });
    expect(hasUserFilters(readUserListState(new URLSearchParams('sort=-email&page=2')))).toBe(false);
  });

  it('reads every value and ignores ones that are not allowed', () => {
    const state = readUserListState(new URLSearchParams('q=ri&institution=2&role=app admin&status=all&sort=-roles&page=3'));
    expect(state).toEqual({
      q: 'ri',
      institution: 2,
      role: 'app admin',
      status: 'all',
      sort: { key: 'roles', direction: 'desc' },
      page: 3,
    });
    expect(hasUserFilters(state)).toBe(true);
    expect(readUserListState(new URLSearchParams('institution=x&role=boss&sort=id'))).toMatchObject({
      institution: null,
      role: null,
      sort: { key: 'username' },
    });
  });
});

describe('selectUsers', () => {
  const select = (query: string) => selectUsers(users, readUserListState(new URLSearchParams(query))).map((x) => x.id);

  it('shows active users by username by default', () => {
    expect(select('')).toEqual([1, 5, 2, 3]);
    expect(select('status=inactive')).toEqual([4]);
    expect(select('status=all')).toEqual([1, 4, 5, 2, 3]);
  });

  it('searches username, name and email', () => {
    expect(select('q=riley')).toEqual([2]);
    expect(select('q=wri')).toEqual([3]);
    expect(select('q=appadmin@example')).toEqual([1]);
  });

  it('filters by institution (any of read, write, admin) and by role', () => {
    expect(select('institution=1')).toEqual([2, 3]);
    expect(select('institution=2&status=all')).toEqual([4, 2]);
    expect(select('role=read')).toEqual([2]);
    expect(select('role=app admin')).toEqual([1]);
  });

  it('sorts by a column either way, roles strongest first', () => {
    expect(select('sort=-prefName')).toEqual([3, 2, 5, 1]);
    expect(select('sort=roles')).toEqual([1, 3, 2, 5]);
    expect(select('sort=institution')).toEqual([2, 3, 1, 5]);
  });
});

describe('accessSummary', () => {
  const names = new Map([
    [1, { id: 1, short_name: 'UVic' }],
    [2, { id: 2, short_name: 'SFU' }],
  ]);

  it('lists levels strongest first with short names', () => {
    expect(accessSummary({ privileges: { ...none, read: [1, 2], write: [1] } }, names)).toBe('Write: UVic; Read: SFU, UVic');
    expect(accessSummary({ privileges: { ...none, admin: [2] } }, names)).toBe('Admin: SFU');
  });

  it('says global rights in words, and when there is no access', () => {
    expect(accessSummary({ privileges: { ...none, glblAdmin: true } }, names)).toBe('App admin: every institution');
    expect(accessSummary({ privileges: { ...none, glblRead: true, write: [2] } }, names)).toBe(
      'Reads every institution; Write: SFU',
    );
    expect(accessSummary({ privileges: none }, names)).toBe('No access');
  });

  it('names an institution it cannot find by id', () => {
    expect(accessSummary({ privileges: { ...none, read: [9] } }, names)).toBe('Read: Institution 9');
  });
});

describe('institutionOptions', () => {
  const institutions = [
    { id: 1, name: 'University of Victoria', short_name: 'UVic' },
    { id: 2, name: 'Simon Fraser University', short_name: 'SFU' },
    { id: 3, name: 'Old College', short_name: 'Old', active_ind: false },
  ];

  it('offers active institutions by short name, and an inactive one only when it is already chosen', () => {
    expect(institutionOptions(institutions).map((o) => o.label)).toEqual([
      'SFU – Simon Fraser University',
      'UVic – University of Victoria',
    ]);
    expect(institutionOptions(institutions, 3)).toContainEqual({ value: '3', label: 'Old – Old College (inactive)' });
  });
});
