import { z } from 'zod';
import { fiscalYearError } from '../record-rules.ts';
import { FIND_CRITERIA_NAMES, type FindCriteriaName } from '../find-criteria-url.ts';
import { queryShape, parseWithin } from './query-string.ts';
import { FindCriteriaQuerySchema } from './find-criteria.ts';
import { ApprovedOnlySchema } from './approved-only.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatInput = z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' });

export type ExportCriteria = Partial<Pick<z.output<typeof FindCriteriaQuerySchema>, FindCriteriaName>>;

/** `approvedOnly=true` as the reports take it: only records of approved returns go into the file. */
const approvedOnlyInput = ApprovedOnlySchema.describe(
  'true: only records of approved returns go into the file (the count line under the table says how many returns are left out)',
);

const criteriaShape = { ...queryShape(FIND_CRITERIA_NAMES), approvedOnly: approvedOnlyInput };

/** The find criteria of a query, parsed exactly as the find results page parses them; only those given are kept. */
function criteriaWithin(query: Record<string, unknown>, ctx: z.RefinementCtx): ExportCriteria | typeof z.NEVER {
  const given = Object.fromEntries(FIND_CRITERIA_NAMES.filter((name) => name in query).map((name) => [name, query[name]]));
  const parsed = parseWithin(FindCriteriaQuerySchema, given, ctx);
  if (parsed === z.NEVER) return z.NEVER;
  const criteria: ExportCriteria = {};
  for (const name of FIND_CRITERIA_NAMES) if (parsed[name] !== undefined) Object.assign(criteria, { [name]: parsed[name] });
  return criteria;
}

/**
 * `GET /api/exports/records`: the find criteria, `approvedOnly` and the format. Paging and sorting are refused: an
 * export is every matching record.
 */
export const RecordExportQuerySchema = z
  .object({ ...criteriaShape, format: formatInput })
  .strict()
  .transform(({ format, approvedOnly, ...query }, ctx) => {
    const criteria = criteriaWithin(query, ctx);
    return criteria === z.NEVER ? z.NEVER : { format, criteria, approvedOnly: approvedOnly === 'true' };
  });

/** `GET /api/exports/records/summary`: what the file of the same criteria would hold, before downloading it. */
export const RecordExportSummaryQuerySchema = z
  .object(criteriaShape)
  .strict()
  .transform(({ approvedOnly, ...query }, ctx) => {
    const criteria = criteriaWithin(query, ctx);
    return criteria === z.NEVER ? z.NEVER : { criteria, approvedOnly: approvedOnly === 'true' };
  });

const fiscalYearInput = z.string({ error: 'fiscalYear is required, written like 2024/25' }).superRefine((value, ctx) => {
  if (fiscalYearError(value)) ctx.addIssue({ code: 'custom', message: 'fiscalYear must be written like 2024/25' });
});
const approvedOnlyFlag = approvedOnlyInput.transform((value) => value === 'true');

/** `GET /api/exports/cewil`: one fiscal year, as CSV unless XLSX is asked for, with or without unapproved returns. */
export const CewilExportQuerySchema = z
  .object({ fiscalYear: fiscalYearInput, format: formatInput.optional().default('csv'), approvedOnly: approvedOnlyFlag })
  .strict();

/** `GET /api/exports/cewil/summary`: what the return of that year would hold. */
export const CewilExportSummaryQuerySchema = z.object({ fiscalYear: fiscalYearInput, approvedOnly: approvedOnlyFlag }).strict();

/**
 * What an export's file would hold, shown before it is downloaded: its rows, and the returns of the chosen periods
 * (fiscal years × terms, of the chosen institutions) with how many of them are not approved, the count line's figures.
 */
export const ExportSummarySchema = z.object({
  rows: z.number().int(),
  returns: z.number().int(),
  notApproved: z.number().int(),
});
export type ExportSummary = z.infer<typeof ExportSummarySchema>;
