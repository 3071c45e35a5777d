import { z } from 'zod';
import { COOP_MODELS, CREDENTIALS, DISCIPLINES, PARTICIPATION, WIL_TYPES } from '../constants.ts';
import { ignoredOnWrite, mustMatchOnWrite, readOnly } from './read-only.ts';
import { staleEditSchema, storedVersion, versionInput } from './edit-version.ts';
import { TEXT_FIELD_ERRORS } from '../messages.ts';
import { textField } from './text.ts';
import { idNumber } from './id.ts';

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const ProgramFields = z.object({
  id: readOnly(z.number().int()),
  institution_id: idNumber('Institution is required'),
  name: textField({ label: 'Program name', max: 200, required: true }, TEXT_FIELD_ERRORS.required('Program name')),
  discipline: oneOf('Discipline', DISCIPLINES),
  credential: oneOf('Credential', CREDENTIALS),
  wil_type: oneOf('WIL type', WIL_TYPES),
  coop_model: oneOf('Co-op model', COOP_MODELS).nullable(),
  participation: oneOf('Participation', PARTICIPATION),
  accredited: z.boolean({ error: 'CEWIL-accredited must be true or false' }),
  cip_code: textField({ label: 'CIP code', max: 20 })
    .regex(/^\d{2}\.\d{4}$/, 'CIP code must look like 11.0701 (two digits, a point, four digits)')
    .nullable(),
  active_ind: z.boolean({ error: 'Active must be true or false' }),
  version: storedVersion(),
});

const COOP = 'Co-operative Education';
/** A co-op model describes co-op programs only. */
const coopModelRule = (p: { wil_type?: string; coop_model?: string | null }, ctx: z.RefinementCtx) => {
  if (p.coop_model && p.wil_type && p.wil_type !== COOP) {
    ctx.addIssue({ code: 'custom', path: ['coop_model'], message: `Co-op model applies only to ${COOP} programs` });
  }
};

/** A valid program as the API sends it. */
export const ProgramSchema = ProgramFields;
export type Program = z.infer<typeof ProgramSchema>;

/** `PUT /api/programs`: new programs always start active. */
export const ProgramCreateSchema = ProgramFields.omit({ id: true })
  .extend({
    version: ignoredOnWrite(ProgramFields.shape.version, 'Ignored: a new program starts at version 1.'),
    coop_model: ProgramFields.shape.coop_model.optional().default(null),
    cip_code: ProgramFields.shape.cip_code.optional().default(null),
    accredited: ProgramFields.shape.accredited.optional().default(false),
    active_ind: z.boolean().optional().meta({ readOnly: true, description: 'Ignored: a new program starts active.' }),
  })
  .strict()
  .superRefine(coopModelRule);
export type ProgramCreate = z.input<typeof ProgramCreateSchema>;

/**
 * `PATCH /api/programs/{id}`: any subset (the whole body GET answered included); removal is `active_ind: false`.
 * The combined result is checked again on the server. `id` and `institution_id` must be the stored ones. With
 * `version`, a program changed since is refused (409, with the program as it is now).
 */
export const ProgramUpdateSchema = ProgramFields.partial()
  .extend({
    id: mustMatchOnWrite(idNumber('Id must be a whole number'), 'Read-only: when sent, it must be the id in the address.'),
    institution_id: mustMatchOnWrite(
      ProgramFields.shape.institution_id,
      "Read-only on edit: when sent, it must be the program's institution (a program never moves).",
    ),
    version: versionInput,
  })
  .strict()
  .superRefine(coopModelRule);
export type ProgramUpdate = z.infer<typeof ProgramUpdateSchema>;

/** The 409 of an edit made from an older version: the program as it is now. */
export const ProgramVersionConflictSchema = staleEditSchema(ProgramSchema);
