import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { RecordHistorySchema, type RecordHistoryEntry } from '../../../../shared/schemas/record-history.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECORDS_ROOT_KEY } from './get-record.ts';

export const recordHistoryQueryKey = (id: number) => [...RECORDS_ROOT_KEY, 'history', id] as const;

/** GET /api/records/{id}/history: who changed the record, when, and what (newest first). */
export function getRecordHistory(id: number, signal?: AbortSignal): Promise<RecordHistoryEntry[]> {
  return apiRequest({
    path: `/api/records/${id}/history`,
    errorMessage: ERRORS.records.fetch,
    schema: RecordHistorySchema,
    ...(signal ? { signal } : {}),
  });
}

export const recordHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: recordHistoryQueryKey(id), queryFn: ({ signal }) => getRecordHistory(id, signal) });

export function useRecordHistory(id: number) {
  return useQuery(recordHistoryQueryOptions(id));
}
