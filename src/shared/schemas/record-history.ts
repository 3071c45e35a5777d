import { z } from 'zod';

/** A record's history on the wire (`GET /api/records/{id}/history`, docs/product.md §4.5). */

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
