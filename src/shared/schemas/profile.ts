import { z } from 'zod';
import { textField } from './text.ts';

export const ROLES = ['user', 'employee', 'read', 'write', 'admin', 'app admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

const InstitutionIds = z.array(z.number().int().positive());

/** Per-institution privileges (docs/product.md §3). */
export const PrivilegesSchema = z.object({
  read: InstitutionIds,
  write: InstitutionIds,
  admin: InstitutionIds,
  glblAdmin: z.boolean(),
  glblRead: z.boolean(),
});
export type Privileges = z.infer<typeof PrivilegesSchema>;

export const NO_PRIVILEGES: Privileges = { read: [], write: [], admin: [], glblAdmin: false, glblRead: false };

/** The signed-in user as `GET /api/profile` answers it; a signed-out visitor has an empty username. */
export const ProfileSchema = z.object({
  username: z.string(),
  institution: z.string(),
  prefName: z.string(),
  email: z.string(),
  homeInstitution: z.number().int().nullable(),
  roles: z.array(RoleSchema),
  privileges: PrivilegesSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

export const SIGNED_OUT: Profile = {
  username: '',
  institution: '',
  prefName: '',
  email: '',
  homeInstitution: null,
  roles: [],
  privileges: NO_PRIVILEGES,
};

export const DirectLoginSchema = z
  .object({
    username: textField({ label: 'Username', max: 100 }, 'Choose a user to sign in as').min(1, 'Choose a user to sign in as'),
  })
  .strict();
export const LoginQuerySchema = z.object({ returnPath: z.string().max(2000).optional() });
