import { z } from 'zod';
import { RECORD_STATUSES, TERMS } from '../constants.ts';
import {
  COUNT_FIELDS,
  countFieldError,
  fiscalYearError,
  MONEY_FIELDS,
  moneyFieldError,
  normalizeMoney,
  NOTES_TEXT_RULE,
  RECORD_FIELD_LABELS,
  type CountField,
  type MoneyField,
} from '../record-rules.ts';
import { ignoredOnWrite, mustMatchOnWrite, readOnly } from './read-only.ts';
import { textField } from './text.ts';
import { ID_MAX, idNumber } from './id.ts';

/**
 * Records on the wire (docs/product.md §4.3 and §6): snake_case names as the columns are named; counts are integers
 * (null while a draft is incomplete); money is a string with two decimals ("23.45"), never a float.
 * Field rules come from record-rules.ts, so the form and the API word every error the same way.
 */

/** Builds `{field: schema}` for a list of field names, keeping the names in the type. */
export function shapeOf<K extends string, S extends z.ZodType>(keys: readonly K[], make: (key: K) => S): { [P in K]: S } {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as { [P in K]: S };
}

/** Adds the rule's message, when it has one, as the field's issue. */
const rule =
  <T>(check: (value: T) => string | null) =>
  (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

const requiredId = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`)
    .max(ID_MAX, `No ${label.toLowerCase()} has this id`);

const countInput = (field: CountField) =>
  z
    .number({ error: `${RECORD_FIELD_LABELS[field]} must be a whole number` })
    .nullable()
    .superRefine(rule((v) => countFieldError(field, v)));

const moneyInput = (field: MoneyField) =>
  z
    .string({ error: `${RECORD_FIELD_LABELS[field]} must be sent as text, such as "23.45"` })
    .nullable()
    .superRefine(rule((v) => moneyFieldError(field, v)))
    .transform((v) => (v === null ? null : normalizeMoney(v)));

const fiscalYearInput = z
  .string({ error: (iss) => fiscalYearError(iss.input) ?? 'Fiscal year is required' })
  .superRefine(rule(fiscalYearError));
const termInput = z.enum(TERMS, {
  error: (iss) => (iss.input === undefined ? 'Term is required' : `Term must be one of: ${TERMS.join(', ')}`),
});
const statusInput = z.enum(RECORD_STATUSES, { error: 'Status must be draft or submitted' });
const notesInput = textField(NOTES_TEXT_RULE).nullable();

/** A record as the API sends it, with the display names of its institution and program (read-only). */
export const RecordSchema = z.object({
  id: readOnly(z.number().int()),
  institution_id: z.number().int(),
  institution_short_name: readOnly(z.string()),
  institution_name: readOnly(z.string()),
  program_id: z.number().int(),
  program_name: readOnly(z.string()),
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  ...shapeOf(COUNT_FIELDS, () => z.number().int().nullable()),
  ...shapeOf(MONEY_FIELDS, () => z.string().nullable()),
  notes: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  version: z.number().int().meta({ description: 'Set by the server on every save; an edit sends back the version it read.' }),
  /** ISO 8601, UTC, milliseconds. */
  created_at: readOnly(z.string()),
  created_by: readOnly(z.number().int().nullable()),
  updated_at: readOnly(z.string()),
  updated_by: readOnly(z.number().int().nullable()),
});
export type RecordWire = z.infer<typeof RecordSchema>;

/**
 * The fields of RecordSchema the server alone sets, as writes take them: a body read from GET may carry them
 * back (with any value of the right type) and they are dropped, so the database keeps its own.
 */
const serverSetRecordFields = {
  institution_short_name: ignoredOnWrite(RecordSchema.shape.institution_short_name),
  institution_name: ignoredOnWrite(RecordSchema.shape.institution_name),
  program_name: ignoredOnWrite(RecordSchema.shape.program_name),
  created_at: ignoredOnWrite(RecordSchema.shape.created_at),
  created_by: ignoredOnWrite(RecordSchema.shape.created_by),
  updated_at: ignoredOnWrite(RecordSchema.shape.updated_at),
  updated_by: ignoredOnWrite(RecordSchema.shape.updated_by),
};

/**
 * `PUT /api/records`: a new record; absent figures are saved as null; status defaults to draft. A record read
 * from GET may be sent as a new one without its `id` (refused: a body naming a record belongs in a PATCH of it);
 * `version` and the server-set fields are ignored.
 */
export const RecordCreateSchema = z
  .object({
    institution_id: requiredId('Institution'),
    program_id: requiredId('Program'),
    fiscal_year: fiscalYearInput,
    term: termInput,
    ...shapeOf(COUNT_FIELDS, (field) => countInput(field).optional()),
    ...shapeOf(MONEY_FIELDS, (field) => moneyInput(field).optional()),
    notes: notesInput.optional(),
    status: statusInput.optional().default('draft'),
    ...serverSetRecordFields,
    version: ignoredOnWrite(RecordSchema.shape.version, 'Ignored: a new record starts at version 1.'),
  })
  .strict();
export type RecordCreate = z.input<typeof RecordCreateSchema>;
export type RecordCreateParsed = z.output<typeof RecordCreateSchema>;

/**
 * `PATCH /api/records/{id}`: `version` (the one loaded) and any subset of the values; null clears a value.
 * The whole body GET answered may be sent back: `id`, `institution_id` and `program_id` must match the record
 * (a record never moves: 400 otherwise); the server-set fields are ignored.
 */
export const RecordUpdateSchema = z
  .object({
    version: z
      .number({ error: 'Version is required: send the version of the record you loaded, so a newer change is not overwritten' })
      .int('Version must be a whole number')
      .positive('Version must be a whole number')
      .max(ID_MAX, 'Version is not valid'),
    id: mustMatchOnWrite(idNumber('Id must be a whole number'), 'Read-only: when sent, it must be the id in the address.'),
    institution_id: mustMatchOnWrite(
      idNumber('Institution must be an id'),
      "Read-only on edit: when sent, it must be the record's institution (a record never moves).",
    ),
    program_id: mustMatchOnWrite(
      idNumber('Program must be an id'),
      "Read-only on edit: when sent, it must be the record's program (a record never moves).",
    ),
    fiscal_year: fiscalYearInput.optional(),
    term: termInput.optional(),
    ...shapeOf(COUNT_FIELDS, (field) => countInput(field).optional()),
    ...shapeOf(MONEY_FIELDS, (field) => moneyInput(field).optional()),
    notes: notesInput.optional(),
    status: statusInput.optional(),
    ...serverSetRecordFields,
  })
  .strict();
export type RecordUpdate = z.input<typeof RecordUpdateSchema>;
export type RecordUpdateParsed = z.output<typeof RecordUpdateSchema>;

/** 409 answers: a stale `version` carries the current record; a duplicate program/year/term names the existing record. */
export const RecordConflictSchema = z.object({
  statusCode: z.number().int().optional(),
  message: z.string(),
  /** `return_locked`: the record's term return is submitted or approved (the message says who can unlock it). */
  code: z.string().optional(),
  current: RecordSchema.optional(),
  existingId: z.number().int().optional(),
});
export type RecordConflict = z.infer<typeof RecordConflictSchema>;
