import { z } from 'zod';
import { COOP_MODELS, CREDENTIALS, DISCIPLINES, PARTICIPATION, WIL_TYPES } from '../constants.ts';
import { idNumber } from './id.ts';

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const ProgramFields = z.object({
  id: z.number().int(),
  institution_id: idNumber('Institution is required'),
  name: z
    .string({ error: 'Program name is required' })
    .trim()
    .min(1, 'Program name is required')
    .max(200, 'Program name must be at most 200 characters'),
  discipline: oneOf('Discipline', DISCIPLINES),
  credential: oneOf('Credential', CREDENTIALS),
  wil_type: oneOf('WIL type', WIL_TYPES),
  coop_model: oneOf('Co-op model', COOP_MODELS).nullable(),
  participation: oneOf('Participation', PARTICIPATION),
  accredited: z.boolean({ error: 'CEWIL-accredited must be true or false' }),
  cip_code: z
    .string()
    .trim()
    .regex(/^\d{2}\.\d{4}$/, 'CIP code must look like 11.0701 (two digits, a point, four digits)')
    .nullable(),
  active_ind: z.boolean({ error: 'Active must be true or false' }),
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
    coop_model: ProgramFields.shape.coop_model.optional().default(null),
    cip_code: ProgramFields.shape.cip_code.optional().default(null),
    accredited: ProgramFields.shape.accredited.optional().default(false),
    active_ind: z.boolean().optional(),
  })
  .strict()
  .superRefine(coopModelRule);
export type ProgramCreate = z.input<typeof ProgramCreateSchema>;

/** `PATCH /api/programs/{id}`: any subset; removal is `active_ind: false`. The combined result is checked again on the server. */
export const ProgramUpdateSchema = ProgramFields.partial()
  .extend({ id: idNumber('Id must be a whole number').optional() })
  .strict()
  .superRefine(coopModelRule);
export type ProgramUpdate = z.infer<typeof ProgramUpdateSchema>;
