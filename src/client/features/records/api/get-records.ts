import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { FIND_CRITERIA_NAMES, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { RecordPageSchema, type RecordPage } from '../../../../shared/schemas/record-list.ts';
import { apiRequest, type QueryValue } from '../../../lib/api-client.ts';

/** Every record list query starts with this key, so a saved record can refresh them all by invalidating ['records']. */
export const RECORD_LIST_QUERY_KEY = ['records', 'list'] as const;

/** The query string of a view: the criteria (lists as repeated names), page, page size and sort. */
function listQuery(view: RecordQuery): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { page: view.page, pageSize: view.pageSize, sort: view.sort };
  for (const name of FIND_CRITERIA_NAMES) query[name] = view.criteria[name];
  return query;
}

/** GET /api/records: one page of the records the user may read, filtered and sorted by the server. */
export function getRecords(view: RecordQuery, signal?: AbortSignal): Promise<RecordPage> {
  return apiRequest({
    path: '/api/records',
    query: listQuery(view),
    errorMessage: ERRORS.records.fetch,
    schema: RecordPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const recordsQueryOptions = (view: RecordQuery) =>
  queryOptions({
    queryKey: [...RECORD_LIST_QUERY_KEY, view],
    queryFn: ({ signal }) => getRecords(view, signal),
    staleTime: 30_000,
  });

/** One page of records; while the next page loads, the previous one stays on screen (marked as updating). */
export function useRecords(view: RecordQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...recordsQueryOptions(view), enabled: options.enabled ?? true, placeholderData: keepPreviousData });
}
