import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TERMS } from '../../../../shared/constants.ts';
import { ERRORS } from '../../../../shared/messages.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import { RecordMediansSchema, type RecordMedians } from '../../../../shared/schemas/record-medians.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RECORDS_ROOT_KEY } from './get-record.ts';

export interface MediansKey {
  programId: number;
  fiscalYear: string;
  term: string;
}

export const recordMediansQueryKey = (key: MediansKey) =>
  [...RECORDS_ROOT_KEY, 'medians', key.programId, key.fiscalYear, key.term] as const;

/** GET /api/records/medians: the program's medians over its six most recent terms before this one. */
export function getRecordMedians(key: MediansKey, signal?: AbortSignal): Promise<RecordMedians> {
  return apiRequest({
    path: '/api/records/medians',
    query: { programId: key.programId, fiscalYear: key.fiscalYear, term: key.term },
    errorMessage: ERRORS.records.fetch,
    schema: RecordMediansSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Whether the form has chosen enough to ask: a program, a well-formed fiscal year and a term. */
export function mediansKeyReady(key: MediansKey): boolean {
  return (
    Number.isInteger(key.programId) &&
    key.programId > 0 &&
    fiscalYearError(key.fiscalYear) === null &&
    (TERMS as readonly string[]).includes(key.term)
  );
}

export const recordMediansQueryOptions = (key: MediansKey) =>
  queryOptions({
    queryKey: recordMediansQueryKey(key),
    queryFn: ({ signal }) => getRecordMedians(key, signal),
    staleTime: 5 * 60_000,
  });

/** The medians for outlier warnings; waits until the form names a program, year and term. A failure only means no warnings. */
export function useRecordMedians(key: MediansKey) {
  return useQuery({
    ...recordMediansQueryOptions(key),
    enabled: mediansKeyReady(key),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
