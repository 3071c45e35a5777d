import { z } from 'zod';
import { fiscalYearError } from '../record-rules.ts';
import { FindCriteriaQuerySchema } from './record.ts';

/** The find criteria an export takes (PRODUCT.md §4): every criterion, no paging. */
export const EXPORT_CRITERIA_NAMES = [
  'institutionIds',
  'programIds',
  'fiscalYearFrom',
  'fiscalYearTo',
  'terms',
  'disciplines',
  'wilTypes',
  'credentials',
  'status',
  'programName',
  'placedMin',
  'placedMax',
] as const;
type ExportCriteriaName = (typeof EXPORT_CRITERIA_NAMES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatInput = z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' });

const queryValue = z.union([z.string(), z.array(z.string())]).optional();
const criteriaShape = Object.fromEntries(EXPORT_CRITERIA_NAMES.map((name) => [name, queryValue])) as Record<
  ExportCriteriaName,
  typeof queryValue
>;

export type ExportCriteria = Partial<Pick<z.output<typeof FindCriteriaQuerySchema>, ExportCriteriaName>>;

/**
 * `GET /api/exports/records`: the find criteria, parsed exactly as the find results page parses them, and the
 * format. Paging and sorting are refused: an export is every matching record.
 */
export const RecordExportQuerySchema = z
  .object({ ...criteriaShape, format: formatInput })
  .strict()
  .transform(({ format, ...query }, ctx) => {
    const parsed = FindCriteriaQuerySchema.safeParse(query);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    const criteria: ExportCriteria = {};
    for (const name of EXPORT_CRITERIA_NAMES) {
      if (parsed.data[name] !== undefined) Object.assign(criteria, { [name]: parsed.data[name] });
    }
    return { format, criteria };
  });

/** `GET /api/exports/cewil`: one fiscal year, as CSV unless XLSX is asked for. */
export const CewilExportQuerySchema = z
  .object({
    fiscalYear: z.string({ error: 'fiscalYear is required, written like 2024/25' }).superRefine((value, ctx) => {
      if (fiscalYearError(value)) ctx.addIssue({ code: 'custom', message: 'fiscalYear must be written like 2024/25' });
    }),
    format: formatInput.optional().default('csv'),
  })
  .strict();
