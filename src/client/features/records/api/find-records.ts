import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { recordQueryToFindBody, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { RecordPageSchema, type RecordPage } from '../../../../shared/schemas/record-list.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every find query starts with this key (under ['records'], so a saved record refreshes the results too). */
export const RECORD_FIND_QUERY_KEY = ['records', 'find'] as const;

/** POST /api/records/find: one page of the records matching the criteria, among those the user may read. */
export function findRecords(view: RecordQuery, signal?: AbortSignal): Promise<RecordPage> {
  return apiRequest({
    path: '/api/records/find',
    method: 'POST',
    body: recordQueryToFindBody(view),
    errorMessage: ERRORS.records.find,
    schema: RecordPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const findRecordsQueryOptions = (view: RecordQuery) =>
  queryOptions({
    queryKey: [...RECORD_FIND_QUERY_KEY, view],
    queryFn: ({ signal }) => findRecords(view, signal),
    staleTime: 30_000,
  });

/** A find is a read, even though it is sent as a POST: cached per view, the previous page kept while the next loads. */
export function useFindRecords(view: RecordQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...findRecordsQueryOptions(view), enabled: options.enabled ?? true, placeholderData: keepPreviousData });
}
