import { z } from 'zod';
import { CREDENTIALS, DISCIPLINES, MAX_PAGE_SIZE, RECORD_STATUSES, TERMS, WIL_TYPES } from '../constants.ts';
import { fiscalYearError, MAX_COUNT } from '../record-rules.ts';
import { textField } from './text.ts';
import { idNumber, queryIdList } from './id.ts';
import { MAX_QUERY_LIST, queryInt, queryList, queryOneOf, queryText } from './query-string.ts';
import { recordSortInput } from './record-sort.ts';

// Find criteria (docs/product.md §6.2): in a body (`POST /api/records/find`) and in a query string.

/** A list in a body holds at most as many values as one in a query string. */
const MAX_LIST = MAX_QUERY_LIST;
const listMessage = (name: string, what: string) => `${name} must be a list of ${what}`;
const oneOfMessage = (name: string, values: readonly string[]) => `${name} may hold only: ${values.join('; ')}`;
const fyMessage = (name: string) => `${name} must be a fiscal year written like 2024/25`;
const MAX_PAGE = 1_000_000;
/** One sentence for every page refused, a huge one too (it said "of 1 or more" to 99999999999). */
const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;
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
      .number({ error: PAGE_MESSAGE })
      .int(PAGE_MESSAGE)
      .min(1, PAGE_MESSAGE)
      .max(MAX_PAGE, PAGE_MESSAGE)
      .optional()
      .default(1),
    pageSize: z
      .number({ error: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .min(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
      .optional()
      .default(50),
    sort: recordSortInput,
  })
  .strict()
  .superRefine(criteriaRanges);
/** Criteria as a caller writes them (sort as text, everything optional). */
export type FindCriteria = z.input<typeof FindCriteriaSchema>;
/** Criteria after parsing: page, pageSize and sort filled in, sort split into keys. */
export type FindCriteriaParsed = z.output<typeof FindCriteriaSchema>;

// ---- The same criteria in a query string ---------------------------------------------------------------

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
    page: queryInt(PAGE_MESSAGE, 1, MAX_PAGE).optional().default(1),
    pageSize: queryInt(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE).optional().default(50),
    sort: recordSortInput,
  })
  .strict()
  .superRefine(criteriaRanges);
export type FindCriteriaQuery = z.input<typeof FindCriteriaQuerySchema>;
