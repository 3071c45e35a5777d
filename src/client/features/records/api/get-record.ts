import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { RecordSchema, type RecordWire } from '../../../../shared/schemas/record.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every record query starts with this key, so invalidating it refreshes lists, records and histories alike. */
export const RECORDS_ROOT_KEY = ['records'] as const;
export const recordQueryKey = (id: number) => [...RECORDS_ROOT_KEY, 'detail', id] as const;

/** GET /api/records/{id}: one record, with its institution's and program's names. */
export function getRecord(id: number, signal?: AbortSignal): Promise<RecordWire> {
  return apiRequest({
    path: `/api/records/${id}`,
    errorMessage: ERRORS.records.fetch,
    schema: RecordSchema,
    ...(signal ? { signal } : {}),
  });
}

export const recordQueryOptions = (id: number) =>
  queryOptions({ queryKey: recordQueryKey(id), queryFn: ({ signal }) => getRecord(id, signal) });

export function useRecord(id: number) {
  // A form is open on it: refetching behind the person's back would not change the form anyway.
  return useQuery({ ...recordQueryOptions(id), refetchOnWindowFocus: false });
}
