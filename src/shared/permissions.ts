import type { Privileges, Profile, Role } from './schemas/profile.ts';

/** Roles derived from privileges (docs/product.md §3): always `user`, then one per kind of privilege held. */
export function deriveRoles(privileges: Privileges, affiliations: readonly string[] = []): Role[] {
  const roles: Role[] = ['user'];
  if (affiliations.some((a) => a.trim().toLowerCase() === 'employee')) roles.push('employee');
  if (privileges.read.length > 0 || privileges.glblRead) roles.push('read');
  if (privileges.write.length > 0) roles.push('write');
  if (privileges.admin.length > 0) roles.push('admin');
  if (privileges.glblAdmin) roles.push('app admin');
  return roles;
}

/** A signed-in user is one with a non-empty username (docs/product.md §3). */
export function isSignedIn(profile: Pick<Profile, 'username'> | null | undefined): boolean {
  return !!profile && profile.username.length > 0;
}

export function hasAnyRole(profile: Pick<Profile, 'roles'>, roles: readonly Role[]): boolean {
  return roles.some((r) => profile.roles.includes(r));
}

/** App admins hold every right on every screen. */
export function isAppAdmin(privileges: Privileges): boolean {
  return privileges.glblAdmin;
}

/** Read rights: the id is in read, write or admin, or the user reads or administers everything. */
export function canReadInstitution(privileges: Privileges, institutionId: number): boolean {
  return (
    privileges.glblAdmin ||
    privileges.glblRead ||
    privileges.read.includes(institutionId) ||
    privileges.write.includes(institutionId) ||
    privileges.admin.includes(institutionId)
  );
}

/** Edit rights (docs/product.md §3): the id is in the admin or write list, or glblAdmin. */
export function canEditInstitution(privileges: Privileges, institutionId: number): boolean {
  return privileges.glblAdmin || privileges.admin.includes(institutionId) || privileges.write.includes(institutionId);
}

/** Who may see which people hold rights on an institution (their names and e-mail addresses): its admins and app admins. */
export function canSeeInstitutionAccess(privileges: Privileges, institutionId: number): boolean {
  return privileges.glblAdmin || privileges.admin.includes(institutionId);
}

/**
 * Signing off an institution's term return (and filling its missing programs with zero records first): the
 * institution's admins and app admins (issue 20). Writers enter records but do not sign the term off.
 */
export function canSignOffReturn(privileges: Privileges, institutionId: number): boolean {
  return privileges.glblAdmin || privileges.admin.includes(institutionId);
}

/** Sending back, approving and reopening returns, and keeping the reporting periods: the province's app admins. */
export function canDecideReturns(privileges: Privileges): boolean {
  return privileges.glblAdmin;
}

/** Whether the user may edit the records of at least one institution (write or admin somewhere, or app admin). */
export function canEditSomeInstitution(privileges: Privileges): boolean {
  return privileges.glblAdmin || privileges.write.length > 0 || privileges.admin.length > 0;
}

/** Whether the user may sign off some institution's returns (admin somewhere, or app admin). */
export function canSignOffSomeReturn(privileges: Privileges): boolean {
  return privileges.glblAdmin || privileges.admin.length > 0;
}

/** The institutions whose records a user may change (write or admin there), or 'all' for an app admin. */
export function editableInstitutions(privileges: Privileges): 'all' | number[] {
  if (privileges.glblAdmin) return 'all';
  return [...new Set([...privileges.write, ...privileges.admin])].sort((a, b) => a - b);
}

/** The institutions a user may read, or 'all'. */
export function readableInstitutions(privileges: Privileges): 'all' | number[] {
  if (privileges.glblAdmin || privileges.glblRead) return 'all';
  return [...new Set([...privileges.read, ...privileges.write, ...privileges.admin])].sort((a, b) => a - b);
}

/** What each role lets a person do, for the admin screens (`GET /api/users/roles`). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  user: 'Signed in; sees the home page and how to ask for access',
  employee: 'Signed in as an employee of an institution (from single sign-on)',
  read: 'Reads the records and reports of the institutions in the read list (or every institution)',
  write: 'Adds and edits the records of the institutions in the write list',
  admin:
    'Adds and edits the records of the institutions in the admin list, signs off their term returns and sees who has access to them',
  'app admin': 'Everything: institutions, valid programs, users, exports, every institution’s records',
};

/** Who may open a screen: anyone, any signed-in user, program staff (admin/read/write/app admin), or app admins. */
export type Access = 'public' | 'signedIn' | 'programStaff' | 'appAdmin';

/** Roles that see Program Information and Reports (docs/product.md §2.3). */
export const PROGRAM_STAFF_ROLES: readonly Role[] = ['admin', 'read', 'write', 'app admin'];

export function canAccess(profile: Profile, access: Access): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signedIn':
      return isSignedIn(profile);
    case 'programStaff':
      return isSignedIn(profile) && hasAnyRole(profile, PROGRAM_STAFF_ROLES);
    case 'appAdmin':
      return isSignedIn(profile) && profile.roles.includes('app admin');
  }
}
