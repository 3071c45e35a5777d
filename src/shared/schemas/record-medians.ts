import { z } from 'zod';
import { shapeOf } from './record.ts';
import { TERMS } from '../constants.ts';
import { COUNT_FIELDS, fiscalYearError, MONEY_FIELDS } from '../record-rules.ts';
import { idText } from './id.ts';

/** The medians a record's figures are compared with (the form's outlier warnings, docs/product.md §4.4). */

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
