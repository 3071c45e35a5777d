import { z } from 'zod';
import { CREDENTIALS, DISCIPLINES, MAX_PAGE_SIZE, RECORD_STATUSES, TERMS, WIL_TYPES } from '../constants.ts';
import {
  COUNT_FIELDS,
  countFieldError,
  fiscalYearError,
  MAX_COUNT,
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
import { ID_MAX, idNumber, idText, queryIdList } from './id.ts';
import { MAX_QUERY_LIST, queryList } from './query-string.ts';

/**
 * Records on the wire (docs/product.md §4.3 and §6): snake_case names as the columns are named; counts are integers
 * (null while a draft is incomplete); money is a string with two decimals ("23.45"), never a float.
 * Field rules come from record-rules.ts, so the form and the API word every error the same way.
 */

/** Builds `{field: schema}` for a list of field names, keeping the names in the type. */
function shapeOf<K extends string, S extends z.ZodType>(keys: readonly K[], make: (key: K) => S): { [P in K]: S } {
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

/** One row of a record list. */
export const RecordListItemSchema = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  institution_short_name: z.string(),
  program_id: z.number().int(),
  program_name: z.string(),
  fiscal_year: z.string(),
  term: z.enum(TERMS),
  status: z.enum(RECORD_STATUSES),
  students_enrolled: z.number().int().nullable(),
  students_seeking: z.number().int().nullable(),
  students_placed: z.number().int().nullable(),
  updated_at: z.string(),
});
export type RecordListItem = z.infer<typeof RecordListItemSchema>;

/** Lists (`GET /api/records`, `GET /api/records/inst/{id}`, `POST /api/records/find`). */
export const RecordPageSchema = z.object({
  items: z.array(RecordListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RecordPage = z.infer<typeof RecordPageSchema>;

// ---- Sorting -------------------------------------------------------------------------------------------

/**
 * Keys a list sorts by. `institution` is the short name, `program` the program's name (both ignoring case);
 * `term` is chronological: fiscal year, then Summer, Fall, Spring.
 */
export const RECORD_SORT_KEYS = [
  'institution',
  'program',
  'fiscal_year',
  'term',
  'status',
  'students_enrolled',
  'students_seeking',
  'students_placed',
  'updated_at',
  'id',
] as const;
export type RecordSortKey = (typeof RECORD_SORT_KEYS)[number];
export type RecordSort = { key: RecordSortKey; dir: 'asc' | 'desc' }[];
/**
 * The latest fiscal year first, its terms in calendar order (Summer, Fall, Spring); ties by institution, program and
 * id. The headings show the first key, so the table says "Fiscal year ↓" and means it.
 */
export const DEFAULT_RECORD_SORT = 'fiscal_year:desc,term:asc';

const SORT_HELP = `Sort by one of ${RECORD_SORT_KEYS.join(', ')}, each optionally followed by :asc or :desc, separated by commas (for example fiscal_year:desc,program)`;

/** Parses `fiscal_year:desc,program` into keys and directions; null when any part is not valid. */
export function parseRecordSort(text: string): RecordSort | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > RECORD_SORT_KEYS.length) return null;
  const sort: RecordSort = [];
  for (const part of parts) {
    const [key, dir = 'asc', ...rest] = part.split(':');
    if (rest.length > 0 || !(RECORD_SORT_KEYS as readonly string[]).includes(key ?? '') || (dir !== 'asc' && dir !== 'desc'))
      return null;
    sort.push({ key: key as RecordSortKey, dir });
  }
  return sort;
}

const sortInput = z
  .string({ error: `sort: ${SORT_HELP}` })
  .max(500, `sort: ${SORT_HELP}`)
  .optional()
  .default(DEFAULT_RECORD_SORT)
  .transform((text, ctx) => {
    const sort = parseRecordSort(text);
    if (!sort) {
      ctx.addIssue({ code: 'custom', message: `sort "${text.slice(0, 100)}" is not valid. ${SORT_HELP}` });
      return z.NEVER;
    }
    return sort;
  });

// ---- Find criteria -------------------------------------------------------------------------------------

/** A list in a body holds at most as many values as one in a query string. */
const MAX_LIST = MAX_QUERY_LIST;
const listMessage = (name: string, what: string) => `${name} must be a list of ${what}`;
const oneOfMessage = (name: string, values: readonly string[]) => `${name} may hold only: ${values.join('; ')}`;
const fyMessage = (name: string) => `${name} must be a fiscal year written like 2024/25`;
const countMessage = (name: string) => `${name} must be a whole number from 0 to ${MAX_COUNT}`;

const criteriaFiscalYear = (name: string) =>
  z.string({ error: fyMessage(name) }).superRefine((v, ctx) => {
    if (fiscalYearError(v)) ctx.addIssue({ code: 'custom', message: fyMessage(name) });
  });

/** Checks that apply whatever the criteria arrived in: ranges run from low to high. */
function criteriaRanges(
  c: { fiscalYearFrom?: string; fiscalYearTo?: string; placedMin?: number; placedMax?: number },
  ctx: z.RefinementCtx,
): void {
  if (c.fiscalYearFrom && c.fiscalYearTo && c.fiscalYearFrom > c.fiscalYearTo) {
    ctx.addIssue({
      code: 'custom',
      path: ['fiscalYearTo'],
      message: `fiscalYearTo (${c.fiscalYearTo}) must not be before fiscalYearFrom (${c.fiscalYearFrom})`,
    });
  }
  if (c.placedMin !== undefined && c.placedMax !== undefined && c.placedMin > c.placedMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['placedMax'],
      message: `placedMax (${c.placedMax}) must not be less than placedMin (${c.placedMin})`,
    });
  }
}

const idArray = (name: string, what: string) =>
  z
    .array(idNumber(listMessage(name, what)), { error: listMessage(name, what) })
    .max(MAX_LIST, `${name} may hold at most ${MAX_LIST} ids`);
const enumArray = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.array(z.enum(values, { error: oneOfMessage(name, values) }), { error: listMessage(name, 'values') }).max(MAX_LIST);

/**
 * `POST /api/records/find`: every criterion optional, combined with AND; a list matches any of its values.
 * `programName` is a case-insensitive substring of the program's name; the fiscal-year range is inclusive.
 */
export const FindCriteriaSchema = z
  .object({
    institutionIds: idArray('institutionIds', 'institution ids').optional(),
    programIds: idArray('programIds', 'program ids').optional(),
    fiscalYearFrom: criteriaFiscalYear('fiscalYearFrom').optional(),
    fiscalYearTo: criteriaFiscalYear('fiscalYearTo').optional(),
    terms: enumArray('terms', TERMS).optional(),
    disciplines: enumArray('disciplines', DISCIPLINES).optional(),
    wilTypes: enumArray('wilTypes', WIL_TYPES).optional(),
    credentials: enumArray('credentials', CREDENTIALS).optional(),
    status: z.enum(RECORD_STATUSES, { error: 'status must be draft or submitted' }).optional(),
    programName: textField({ label: 'programName', max: 200 })
      .optional()
      .transform((v) => (v ? v : undefined)),
    placedMin: z
      .number({ error: countMessage('placedMin') })
      .int(countMessage('placedMin'))
      .min(0, countMessage('placedMin'))
      .max(MAX_COUNT, countMessage('placedMin'))
      .optional(),
    placedMax: z
      .number({ error: countMessage('placedMax') })
      .int(countMessage('placedMax'))
      .min(0, countMessage('placedMax'))
      .max(MAX_COUNT, countMessage('placedMax'))
      .optional(),
    page: z
      .number({ error: 'page must be a whole number of 1 or more' })
      .int('page must be a whole number of 1 or more')
      .min(1, 'page must be a whole number of 1 or more')
      .max(1_000_000, 'page is too large')
      .optional()
      .default(1),
    pageSize: z
      .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .optional()
      .default(50),
    sort: sortInput,
  })
  .strict()
  .superRefine(criteriaRanges);
/** Criteria as a caller writes them (sort as text, everything optional). */
export type FindCriteria = z.input<typeof FindCriteriaSchema>;
/** Criteria after parsing: page, pageSize and sort filled in, sort split into keys. */
export type FindCriteriaParsed = z.output<typeof FindCriteriaSchema>;

// ---- The same criteria in a query string ---------------------------------------------------------------

export const queryOneOf =
  <T extends string>(values: readonly T[]) =>
  (item: string) =>
    (values as readonly string[]).includes(item) ? (item as T) : undefined;

/** A query-string number: digits only, within [min, max]. */
const queryInt = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** An optional query-string text filter, by the one text rule (text.ts): blank means absent. */
export const queryText = (name: string, max: number) =>
  textField({ label: name, max }, `${name} must be given once`)
    .optional()
    .transform((v) => (v ? v : undefined));

const queryFiscalYear = (name: string) =>
  queryText(name, 7).superRefine((v, ctx) => {
    if (v !== undefined && fiscalYearError(v)) ctx.addIssue({ code: 'custom', message: fyMessage(name) });
  });

/**
 * The find criteria in a query string (`GET /api/records`, reports, exports, the find results page):
 * the same names and meaning as FindCriteriaSchema; lists repeated or comma-separated; unknown names refused.
 */
export const FindCriteriaQuerySchema = z
  .object({
    institutionIds: queryIdList('institutionIds', 'institution ids'),
    programIds: queryIdList('programIds', 'program ids'),
    fiscalYearFrom: queryFiscalYear('fiscalYearFrom'),
    fiscalYearTo: queryFiscalYear('fiscalYearTo'),
    terms: queryList('terms', queryOneOf(TERMS), `terms (${TERMS.join(', ')})`),
    disciplines: queryList('disciplines', queryOneOf(DISCIPLINES), 'discipline groupings'),
    wilTypes: queryList('wilTypes', queryOneOf(WIL_TYPES), 'WIL types'),
    credentials: queryList('credentials', queryOneOf(CREDENTIALS), 'credentials'),
    status: queryText('status', 20).transform((v, ctx) => {
      if (v === undefined) return undefined;
      const status = RECORD_STATUSES.find((s) => s === v);
      if (!status) {
        ctx.addIssue({ code: 'custom', message: 'status must be draft or submitted' });
        return z.NEVER;
      }
      return status;
    }),
    programName: queryText('programName', 200),
    placedMin: queryInt(countMessage('placedMin'), 0, MAX_COUNT).optional(),
    placedMax: queryInt(countMessage('placedMax'), 0, MAX_COUNT).optional(),
    page: queryInt('page must be a whole number of 1 or more', 1, 1_000_000).optional().default(1),
    pageSize: queryInt(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE).optional().default(50),
    sort: sortInput,
  })
  .strict()
  .superRefine(criteriaRanges);
export type FindCriteriaQuery = z.input<typeof FindCriteriaQuerySchema>;

// ---- History -------------------------------------------------------------------------------------------

const HistoryValue = z.union([z.string(), z.number(), z.null()]);

/** One change of a record: who, when, what, and each changed value before → after. */
export const RecordHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** create, update, submit (draft → submitted) or reopen (submitted → draft). */
  action: z.string(),
  changed_at: z.string(),
  changed_by: z.number().int().nullable(),
  username: z.string().nullable(),
  prefName: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: HistoryValue, after: HistoryValue })),
});
export type RecordHistoryEntry = z.infer<typeof RecordHistoryEntrySchema>;
/** `GET /api/records/{id}/history`: newest first. */
export const RecordHistorySchema = z.array(RecordHistoryEntrySchema);

// ---- Medians (outlier warnings) ------------------------------------------------------------------------

/** The fields a median is given for: every count and every amount of money. */
export const MEDIAN_FIELDS = [...COUNT_FIELDS, ...MONEY_FIELDS] as const;
export type MedianField = (typeof MEDIAN_FIELDS)[number];

/**
 * `GET /api/records/medians?programId=N&fiscalYear=2024/25&term=Fall`: the program's history before that term.
 * Query-string values arrive as text; unknown names are refused.
 */
export const RecordMediansQuerySchema = z
  .object({
    programId: idText('programId'),
    fiscalYear: z.string({ error: 'fiscalYear must be a fiscal year written like 2024/25' }).superRefine((v, ctx) => {
      if (fiscalYearError(v)) ctx.addIssue({ code: 'custom', message: 'fiscalYear must be a fiscal year written like 2024/25' });
    }),
    term: z.enum(TERMS, { error: `term must be one of: ${TERMS.join(', ')}` }),
  })
  .strict();
export type RecordMediansQuery = z.output<typeof RecordMediansQuerySchema>;

/**
 * The medians of each figure over the program's up to six most recent records strictly before the term asked
 * about (`terms` of them); a field none of them holds has null. Money medians are dollars as numbers: they are
 * only compared with, never stored or summed.
 */
export const RecordMediansSchema = z.object({
  terms: z.number().int(),
  medians: z.object(shapeOf(MEDIAN_FIELDS, () => z.number().nullable())),
});
export type RecordMedians = z.infer<typeof RecordMediansSchema>;
