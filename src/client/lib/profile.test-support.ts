// Tests only: a signed-in person's profile with the given privileges, its roles derived as the server derives them.
import { deriveRoles } from '../../shared/permissions.ts';
import { NO_PRIVILEGES, type Privileges, type Profile } from '../../shared/schemas/profile.ts';

export function profileWith(
  privileges: Partial<Privileges>,
  details: Partial<Omit<Profile, 'roles' | 'privileges'>> = {},
): Profile {
  const p = { ...NO_PRIVILEGES, ...privileges };
  return {
    username: 'u',
    institution: '',
    prefName: 'U',
    email: '',
    homeInstitution: null,
    ...details,
    roles: deriveRoles(p),
    privileges: p,
  };
}
