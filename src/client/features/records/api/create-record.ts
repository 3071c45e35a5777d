import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import type { RecordCreate } from '../../../../shared/schemas/record.ts';
import { apiRequest, readCreatedId, type ApiError } from '../../../lib/api-client.ts';
import { RECORDS_ROOT_KEY } from './get-record.ts';

/**
 * PUT /api/records: adds a record and answers its id, which must be an integer ("Invalid record ID recieved"
 * otherwise). A 409 means the program already has a record for that term: see `duplicateRecordId`.
 */
export async function createRecord(body: RecordCreate): Promise<number> {
  const answer = await apiRequest({ path: '/api/records', method: 'PUT', body, errorMessage: ERRORS.records.add });
  return readCreatedId(answer, 'record');
}

/** The id of the record a refused create collided with (a 409's `existingId`), or null for any other failure. */
export function duplicateRecordId(error: unknown): number | null {
  const apiError = error as Partial<ApiError> | null;
  if (!apiError || apiError.status !== 409) return null;
  const body = apiError.body as { existingId?: unknown } | undefined;
  return typeof body?.existingId === 'number' && Number.isInteger(body.existingId) ? body.existingId : null;
}

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation<number, ApiError | Error, RecordCreate>({
    mutationFn: createRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECORDS_ROOT_KEY }),
  });
}
