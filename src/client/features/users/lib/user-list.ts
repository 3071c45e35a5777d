import { ROLES, type Role } from '../../../../shared/schemas/profile.ts';
import type { User } from '../../../../shared/schemas/user.ts';
import { defineList, type ListStateOf } from '../../../ui/list-spec.ts';
import { matchesStatus, matchesText, parseId, parseOneOf, sortRows, type SortValue } from '../../../ui/list-state.ts';
import { USER_UI } from '../messages.ts';

export const USER_SORT_KEYS = ['username', 'prefName', 'email', 'institution', 'roles', 'status'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/**
 * The list's state, kept in the URL query: `?q=&institution=&role=&status=&sort=&page=`. `institution` selects the
 * users holding read, write or admin on it.
 */
export const USER_LIST = defineList({
  sortKeys: USER_SORT_KEYS,
  defaultSort: 'username',
  filters: { institution: parseId, role: (raw): Role | null => parseOneOf(raw, ROLES) },
});
export type UserListState = ListStateOf<typeof USER_LIST>;

export const readUserListState = USER_LIST.read;
export const hasUserFilters = USER_LIST.hasFilters;

/** Whether the user is named in the institution's read, write or admin list. */
export function holdsPrivilegeOn(user: User, institutionId: number): boolean {
  const { read, write, admin } = user.privileges;
  return read.includes(institutionId) || write.includes(institutionId) || admin.includes(institutionId);
}

/** Strongest role first, so sorting by roles puts app admins together, then admins, and so on. */
const ROLE_RANK: Record<Role, number> = { 'app admin': 0, admin: 1, write: 2, read: 3, employee: 4, user: 5 };

const SORT_VALUE: Record<UserSortKey, (user: User) => SortValue> = {
  username: (u) => u.username,
  prefName: (u) => u.prefName,
  email: (u) => u.email,
  institution: (u) => u.institution,
  roles: (u) => Math.min(...u.roles.map((r) => ROLE_RANK[r])),
  status: (u) => u.active,
};

/** The users the state selects, in its order (ties by username). */
export function selectUsers(users: readonly User[], state: UserListState): User[] {
  const matching = users.filter(
    (u) =>
      matchesStatus(u.active, state.status) &&
      (state.institution === null || holdsPrivilegeOn(u, state.institution)) &&
      (state.role === null || u.roles.includes(state.role)) &&
      matchesText(state.q, [u.username, u.prefName, u.email]),
  );
  return sortRows(matching, SORT_VALUE[state.sort.key], state.sort.direction, (u) => u.username);
}

export interface InstitutionName {
  id: number;
  short_name: string;
}

/**
 * The access column: "App admin: every institution", "Reads every institution", then the institutions of each
 * level, strongest first, by short name: "Write: UVic; Read: SFU, UVic". An institution appears under every level
 * the user holds on it, as the lists say.
 */
export function accessSummary(user: Pick<User, 'privileges'>, institutions: ReadonlyMap<number, InstitutionName>): string {
  const { privileges } = user;
  const parts: string[] = [];
  if (privileges.glblAdmin) parts.push(USER_UI.access.appAdmin);
  if (privileges.glblRead) parts.push(USER_UI.access.readAll);
  for (const level of ['admin', 'write', 'read'] as const) {
    const ids = privileges[level];
    if (ids.length === 0) continue;
    const names = ids
      .map((id) => institutions.get(id)?.short_name ?? USER_UI.access.unknownInstitution(id))
      .sort((a, b) => a.localeCompare(b, 'en-CA'));
    parts.push(`${USER_UI.access.level[level]}: ${names.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : USER_UI.access.none;
}
