import { z } from 'zod';
import { idNumber } from './id.ts';
import { PrivilegesSchema, RoleSchema } from './profile.ts';

/**
 * Users as app admins see and edit them (requirements §3, PRODUCT.md §2): the profile's fields plus the id and
 * whether the account is active. Roles are derived from privileges, never sent in.
 */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  prefName: z.string(),
  email: z.string(),
  /** The home institution's short name, or empty. */
  institution: z.string(),
  homeInstitution: z.number().int().nullable(),
  active: z.boolean(),
  roles: z.array(RoleSchema),
  privileges: PrivilegesSchema,
});
export type User = z.infer<typeof UserSchema>;

const institutionId = (what: string) => idNumber(`${what} must be institution ids`);

/** Privileges in a request: every list optional (absent = empty on create, unchanged on edit), ids deduplicated. */
const PrivilegesInputSchema = z
  .object({
    read: z.array(institutionId('Read')).max(100).optional(),
    write: z.array(institutionId('Write')).max(100).optional(),
    admin: z.array(institutionId('Admin')).max(100).optional(),
    glblAdmin: z.boolean({ error: 'App admin must be true or false' }).optional(),
    glblRead: z.boolean({ error: 'Reads every institution must be true or false' }).optional(),
  })
  .strict();
export type PrivilegesInput = z.infer<typeof PrivilegesInputSchema>;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(100, 'Username must be at most 100 characters')
  .regex(/^[^\s]+$/, 'Username may not contain spaces');
const prefName = z
  .string({ error: 'Preferred name must be text' })
  .trim()
  .max(200, 'Preferred name must be at most 200 characters');
const email = z
  .string({ error: 'Email must be text' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Email must look like name@example.ca');
const homeInstitution = idNumber('Home institution must be an institution id').nullable();

/** `POST /api/users/add`: someone who has not signed in yet; single sign-on matches them by username. */
export const UserCreateSchema = z
  .object({
    username,
    prefName: prefName.optional().default(''),
    email: email.optional().default(''),
    homeInstitution: homeInstitution.optional().default(null),
    privileges: PrivilegesInputSchema.optional().default({}),
  })
  .strict();
export type UserCreate = z.input<typeof UserCreateSchema>;

/** `PATCH /api/users/{id}`: any subset; `active: true` reactivates (deactivation is `DELETE`). */
export const UserUpdateSchema = z
  .object({
    id: idNumber('Id must be a whole number').optional(),
    prefName: prefName.optional(),
    email: email.optional(),
    homeInstitution: homeInstitution.optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
    privileges: PrivilegesInputSchema.optional(),
  })
  .strict();
export type UserUpdate = z.input<typeof UserUpdateSchema>;

/** `GET /api/users/roles`: every role, with what it lets a person do. */
export const UserRolesSchema = z.array(z.object({ role: RoleSchema, description: z.string() }));
