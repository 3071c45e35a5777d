import { z } from 'zod';
import { INSTITUTION_TYPES, REGIONS } from '../constants.ts';
import { ignoredOnWrite, mustMatchOnWrite, readOnly } from './read-only.ts';
import { staleEditSchema, storedVersion, versionInput } from './edit-version.ts';
import { TEXT_FIELD_ERRORS } from '../messages.ts';
import { textField } from './text.ts';
import { idNumber } from './id.ts';

const trimmed = (label: string, max: number) => textField({ label, max, required: true }, TEXT_FIELD_ERRORS.required(label));

/** An institution as the API sends it (docs/product.md §4.1; the wire uses the commissioned snake_case names). */
export const InstitutionSchema = z.object({
  id: readOnly(z.number().int()),
  name: trimmed('Name', 200),
  short_name: trimmed('Short name', 30),
  name_code: trimmed('Name code', 10).regex(/^[A-Za-z0-9-]+$/, 'Name code may hold only letters, digits and hyphens'),
  institution_type: z.enum(INSTITUTION_TYPES, { error: `Institution type must be one of: ${INSTITUTION_TYPES.join(', ')}` }),
  region: z.enum(REGIONS, { error: `Region must be one of B.C.'s development regions: ${REGIONS.join(', ')}` }),
  active_ind: z.boolean({ error: 'Active must be true or false' }),
  version: storedVersion(),
});
export type Institution = z.infer<typeof InstitutionSchema>;

/** `PUT /api/institutions`: new institutions always start active, whatever active_ind says; an `id` is refused. */
export const InstitutionCreateSchema = InstitutionSchema.omit({ id: true })
  .extend({
    active_ind: z.boolean().optional().meta({ readOnly: true, description: 'Ignored: a new institution starts active.' }),
    version: ignoredOnWrite(InstitutionSchema.shape.version, 'Ignored: a new institution starts at version 1.'),
  })
  .strict();
export type InstitutionCreate = z.infer<typeof InstitutionCreateSchema>;

/**
 * `PATCH /api/institutions/{id}`: any subset of the fields (the whole body GET answered included); soft delete is
 * `{id, active_ind: false}`. With `version`, an institution changed since is refused (409, with it as it is now).
 */
export const InstitutionUpdateSchema = InstitutionSchema.partial()
  .extend({
    id: mustMatchOnWrite(idNumber('Id must be a whole number'), 'Read-only: when sent, it must be the id in the address.'),
    version: versionInput,
  })
  .strict();
export type InstitutionUpdate = z.infer<typeof InstitutionUpdateSchema>;

/** The 409 of an edit made from an older version: the institution as it is now. */
export const InstitutionVersionConflictSchema = staleEditSchema(InstitutionSchema);

export const InstitutionRoleHolderSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  prefName: z.string(),
  email: z.string(),
  levels: z.array(z.enum(['read', 'write', 'admin'])),
});
/** `GET /api/institutions/roles/{id}`: the users who hold read, write or admin on the institution. */
export const InstitutionRolesSchema = z.array(InstitutionRoleHolderSchema);
export type InstitutionRoleHolder = z.infer<typeof InstitutionRoleHolderSchema>;
