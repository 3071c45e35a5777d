import { z } from 'zod';
import { RECORD_STATUSES, TERMS } from '../constants.ts';

// Lists of records (docs/product.md §6.1): one row each, a page of them.

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
