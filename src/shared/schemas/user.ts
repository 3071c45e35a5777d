import { z } from 'zod';
import { TEXT_FIELD_ERRORS } from '../messages.ts';
import { staleEditSchema, storedVersion, versionInput } from './edit-version.ts';
import { idNumber } from './id.ts';
import { PrivilegesSchema, RoleSchema } from './profile.ts';
import { ignoredOnWrite, mustMatchOnWrite, readOnly } from './read-only.ts';
import { textField } from './text.ts';

/**
 * Users as app admins see and edit them (docs/product.md §3): the profile's fields plus the id and
 * whether the account is active. Roles are derived from privileges, never set by a write.
 */
export const UserSchema = z.object({
  id: readOnly(z.number().int()),
  username: z.string(),
  prefName: z.string(),
  email: z.string(),
  /** The home institution's short name, or empty. */
  institution: readOnly(z.string(), "Read-only: the home institution's short name, or empty; set by homeInstitution."),
  homeInstitution: z.number().int().nullable(),
  active: z.boolean(),
  roles: readOnly(z.array(RoleSchema), 'Read-only: derived from privileges.'),
  privileges: PrivilegesSchema,
  version: storedVersion(),
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

/** A username as single sign-on gives it: one line of text without spaces. */
const username = textField({ label: 'Username', max: 100, required: true }, TEXT_FIELD_ERRORS.required('Username')).regex(
  /^[^\s]+$/,
  'Username may not contain spaces',
);
const prefName = textField({ label: 'Preferred name', max: 200 });
const email = textField({ label: 'Email', max: 254 }).refine(
  (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  'Email must look like name@example.ca',
);
const homeInstitution = idNumber('Home institution must be an institution id').nullable();

/** `institution` as a write takes it back: it must name the home institution the user will have. */
const institutionEcho = mustMatchOnWrite(
  z.string({ error: 'Institution must be text' }),
  "Read-only: when sent, it must be the short name of the user's home institution (empty when there is none); " +
    'change homeInstitution to change it.',
);
/** `roles` as a write takes it back: it must be what the user's privileges will give. */
const rolesEcho = mustMatchOnWrite(
  UserSchema.shape.roles,
  'Read-only: derived from privileges. When sent, it must be the roles the privileges give; change privileges to change it.',
);

/**
 * `POST /api/users/add`: someone who has not signed in yet; single sign-on matches them by username. A user read
 * from GET may be sent without its `id` (refused): `institution` and `roles` must agree with homeInstitution and
 * privileges (400 otherwise); `active` is ignored (new users start active).
 */
export const UserCreateSchema = z
  .object({
    username,
    prefName: prefName.optional().default(''),
    email: email.optional().default(''),
    homeInstitution: homeInstitution.optional().default(null),
    privileges: PrivilegesInputSchema.optional().default({}),
    institution: institutionEcho,
    roles: rolesEcho,
    active: ignoredOnWrite(UserSchema.shape.active, 'Ignored: a new user starts active.'),
    version: ignoredOnWrite(UserSchema.shape.version, 'Ignored: a new user starts at version 1.'),
  })
  .strict();
export type UserCreate = z.input<typeof UserCreateSchema>;

/**
 * `PATCH /api/users/{id}`: any subset; `active: true` reactivates (deactivation is `DELETE`). The whole body GET
 * answered may be sent back: `id` and `username` must be the stored ones; `institution` and `roles` must agree
 * with the saved homeInstitution and privileges (a contradiction is a 400, never ignored). With `version`, a user
 * changed since is refused (409, with the user as it is now).
 */
export const UserUpdateSchema = z
  .object({
    id: mustMatchOnWrite(idNumber('Id must be a whole number'), 'Read-only: when sent, it must be the id in the address.'),
    username: mustMatchOnWrite(
      z.string({ error: 'Username must be text' }),
      'Read-only: a username never changes (single sign-on recognizes people by it); when sent, it must be the stored one.',
    ),
    prefName: prefName.optional(),
    email: email.optional(),
    homeInstitution: homeInstitution.optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
    privileges: PrivilegesInputSchema.optional(),
    institution: institutionEcho,
    roles: rolesEcho,
    version: versionInput,
  })
  .strict();
export type UserUpdate = z.input<typeof UserUpdateSchema>;

/** The 409 of an edit made from an older version: the user as it is now. */
export const UserVersionConflictSchema = staleEditSchema(UserSchema);

/** `GET /api/users/roles`: every role, with what it lets a person do. */
export const UserRolesSchema = z.array(z.object({ role: RoleSchema, description: z.string() }));
