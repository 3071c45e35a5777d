import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { RecordSchema, type RecordUpdate, type RecordWire } from '../../../../shared/schemas/record.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { RECORDS_ROOT_KEY, recordQueryKey } from './get-record.ts';

/** PATCH /api/records/{id}: saves against the version loaded and answers the saved record. */
export function updateRecord(id: number, patch: RecordUpdate): Promise<RecordWire> {
  return apiRequest({
    path: `/api/records/${id}`,
    method: 'PATCH',
    body: patch,
    errorMessage: ERRORS.records.update,
    schema: RecordSchema,
  });
}

/** The record as now saved, when a save was refused as stale (a 409's `current`); null for any other failure. */
export function staleSaveCurrent(error: unknown): RecordWire | null {
  const apiError = error as Partial<ApiError> | null;
  if (!apiError || apiError.status !== 409) return null;
  const parsed = RecordSchema.safeParse((apiError.body as { current?: unknown } | undefined)?.current);
  return parsed.success ? parsed.data : null;
}

export function useUpdateRecord(id: number) {
  const queryClient = useQueryClient();
  return useMutation<RecordWire, ApiError | Error, RecordUpdate>({
    mutationFn: (patch) => updateRecord(id, patch),
    onSuccess: async (saved) => {
      queryClient.setQueryData(recordQueryKey(id), saved);
      // Lists, history and medians: everything under records except the record just stored.
      await queryClient.invalidateQueries({
        queryKey: RECORDS_ROOT_KEY,
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === id),
      });
    },
  });
}
