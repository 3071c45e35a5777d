import { z } from 'zod';
import { fiscalYearError } from '../record-rules.ts';
import { FIND_CRITERIA_NAMES, type FindCriteriaName } from '../find-criteria-url.ts';
import { queryShape, parseWithin } from './query-string.ts';
import { FindCriteriaQuerySchema } from './record.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatInput = z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' });

export type ExportCriteria = Partial<Pick<z.output<typeof FindCriteriaQuerySchema>, FindCriteriaName>>;

/**
 * `GET /api/exports/records`: the find criteria, parsed exactly as the find results page parses them, and the
 * format. Paging and sorting are refused: an export is every matching record.
 */
export const RecordExportQuerySchema = z
  .object({ ...queryShape(FIND_CRITERIA_NAMES), format: formatInput })
  .strict()
  .transform(({ format, ...query }, ctx) => {
    const parsed = parseWithin(FindCriteriaQuerySchema, query, ctx);
    if (parsed === z.NEVER) return z.NEVER;
    const criteria: ExportCriteria = {};
    for (const name of FIND_CRITERIA_NAMES) if (parsed[name] !== undefined) Object.assign(criteria, { [name]: parsed[name] });
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
