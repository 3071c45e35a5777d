import { z } from 'zod';
import { REPORT_TYPES } from '../reports.ts';
import { ApprovedOnlySchema as ApprovedOnlyParam } from './approved-only.ts';
import { ReportReleaseSchema } from './releases.ts';
import { parseWithin, queryShape } from './query-string.ts';
import { FindCriteriaQuerySchema } from './find-criteria.ts';

/** The parameters of `/reports/params` (docs/product.md §7), named as in the find criteria. */
export const REPORT_PARAM_NAMES = [
  'fiscalYearFrom',
  'fiscalYearTo',
  'terms',
  'institutionIds',
  'disciplines',
  'wilTypes',
  'credentials',
] as const;
export type ReportParamName = (typeof REPORT_PARAM_NAMES)[number];

const reportParamShape = queryShape(REPORT_PARAM_NAMES);

/** Keeps the report parameters that were given, dropping the find criteria's paging defaults. */
function reportParamsOf(criteria: z.output<typeof FindCriteriaQuerySchema>): ReportParams {
  const params: ReportParams = {};
  for (const name of REPORT_PARAM_NAMES) if (criteria[name] !== undefined) Object.assign(params, { [name]: criteria[name] });
  return params;
}

/**
 * A report's query string: the report parameters only, parsed exactly as the find criteria parse them (lists
 * repeated or comma-separated, the same messages), so a report URL and a find URL mean the same thing.
 */
const findQuerySchema = z.object(reportParamShape).strict().pipe(FindCriteriaQuerySchema).transform(reportParamsOf);

/** The parameter the exports take too (approved-only.ts), described as the reports read it. */
const ApprovedOnlySchema = ApprovedOnlyParam.describe(
  'true: only records of approved returns count (totals, rows, province and disclosure control alike)',
);

export const ReportQuerySchema = z
  .object({ ...reportParamShape, approvedOnly: ApprovedOnlySchema })
  .strict()
  .transform(({ approvedOnly, ...query }, ctx): ReportParams => {
    const params = parseWithin(findQuerySchema, query, ctx);
    if (params === z.NEVER) return z.NEVER;
    return approvedOnly === 'true' ? { ...params, approvedOnly: true } : params;
  });

export const REPORT_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

/** `GET /api/reports/{type}/download`: the report's parameters and the file format. */
export const ReportDownloadQuerySchema = z
  .object({
    ...reportParamShape,
    approvedOnly: ApprovedOnlySchema,
    format: z.enum(REPORT_FILE_FORMATS, { error: 'format must be csv or xlsx' }),
  })
  .strict()
  .transform(({ format, ...query }, ctx) => {
    const params = parseWithin(ReportQuerySchema, query, ctx);
    return params === z.NEVER ? z.NEVER : { format, params };
  });

/** Parsed report parameters: only those given. */
export type ReportParams = Partial<Pick<z.output<typeof FindCriteriaQuerySchema>, ReportParamName>> & {
  approvedOnly?: true;
};

export const ReportTypeParamSchema = z.object({
  type: z.enum(REPORT_TYPES, { error: `type must be one of: ${REPORT_TYPES.join(', ')}` }),
});

/**
 * How a column's values read: `text` (a grouping such as a fiscal year), `count` (whole number), `percent` (one
 * decimal, null when the base is zero), `change` (signed whole number), `money` (text with two decimals, CAD).
 */
export const REPORT_COLUMN_KINDS = ['text', 'count', 'percent', 'change', 'money'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

const ReportValue = z.union([z.string(), z.number(), z.null()]);
const ReportRowSchema = z.record(z.string(), ReportValue);

/**
 * The row-level mark (docs/product.md §11.3), under this key in each row, `totals` and `province` — not a column, so
 * `columns` stay the report's figures: `p` preliminary (the row rests on a record whose institution's return for that
 * fiscal year × term is not approved, or has no return), `r` revised (all approved, but a record changed after its
 * return's first approval), null otherwise.
 */
export const REPORT_FLAG_KEY = '_flag';
export const REPORT_FLAGS = ['p', 'r'] as const;
export type ReportFlag = (typeof REPORT_FLAGS)[number];

export type ReportRow = z.infer<typeof ReportRowSchema>;

/**
 * Why a figure of the province row is not shown (docs/product.md §11.1, docs/disclosure-control.md): `threshold` — fewer than
 * the required number of institutions you may not read contribute to it; `dominance` — one of them accounts for most
 * of it; `linked` — it would give a hidden figure of the same work-term split away by subtraction; `partial` — the
 * question takes only part of a block the period's figures are released in (decision 020), whatever the number of
 * institutions in that part; `unreleased` — the question covers a period
 * whose province figures have not been released yet (decision 024).
 */
export const SUPPRESSION_REASONS = ['threshold', 'dominance', 'linked', 'partial', 'unreleased'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * `GET /api/reports/{type}` (docs/product.md §7): one row per grouping, keyed by the columns; `totals` over the rows
 * shown; `province` over every institution with the other parameters unchanged (grouping columns are null in both).
 */
export const ReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  params: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.union([z.string(), z.number()]))])),
  columns: z.array(ReportColumnSchema),
  rows: z
    .array(ReportRowSchema)
    .describe(
      'Each row also carries `_flag`: "p" (preliminary: it rests on a record whose institution\'s return for that fiscal ' +
        'year × term is not approved), "r" (revised: all approved, but a record changed after its return was first ' +
        'approved) or null. `totals` and `province` carry it too; for the province row of someone who may not read ' +
        'every institution it tells only whether the returns behind it are approved.',
    ),
  totals: ReportRowSchema,
  province: ReportRowSchema,
  suppressed: z
    .record(z.string(), z.enum(SUPPRESSION_REASONS))
    .describe(
      'Province figures withheld from you by disclosure control, by column key, with the reason: such a value is null in ' +
        '`province`. A figure that includes institutions you may not read is shown only when at least ' +
        '3 of those institutions contribute to it and none of them accounts for more than 85% of it (the defaults of ' +
        'DISCLOSURE_MIN_INSTITUTIONS and DISCLOSURE_MAX_SHARE_PERCENT), judged so that no combination of reports gives ' +
        'one institution away. `threshold`: too few institutions; `dominance`: one institution dominates; `linked`: it ' +
        'would reveal a hidden figure of the same work-term split by subtraction; `partial`: the question takes only part ' +
        'of a block the figures are released in, which would give the rest of the block away; `unreleased`: a period ' +
        'it covers is not released yet. Empty for people who may read every ' +
        'institution.',
    ),
  release: ReportReleaseSchema.nullable().describe(
    "For people who may not read every institution: the releases the province row's figures of the others come from, " +
      'the periods of the question not yet released and the figures holding back a revision. Null for people who read ' +
      'every institution: their province row is live.',
  ),
});
export type Report = z.infer<typeof ReportSchema>;
