import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionSchema, type Institution } from '../../../../shared/schemas/institution.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';
import { storeSavedInstitution } from './update-institution.ts';

/**
 * What a soft delete answered, checked (requirements §7: the response id is read): the same id and now inactive,
 * otherwise "Could not delete institution" although the call itself went through.
 */
export function checkDeleted(id: number, answer: unknown): Institution | null {
  const body = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const returnedId = typeof body.id === 'string' && /^\d+$/.test(body.id) ? Number(body.id) : body.id;
  if (returnedId !== id || body.active_ind === true) throw new ApiError(ERRORS.institutions.couldNotDelete);
  const parsed = InstitutionSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** Soft delete: PATCH /api/institutions/{id} with `{id, active_ind: false}`. Nothing is physically deleted. */
export async function deleteInstitution(id: number): Promise<Institution | null> {
  const answer = await apiRequest({
    path: `/api/institutions/${id}`,
    method: 'PATCH',
    body: { id, active_ind: false },
    errorMessage: ERRORS.institutions.delete,
  });
  return checkDeleted(id, answer);
}

/** Reactivation: the same PATCH with `active_ind: true`, an ordinary edit. */
export function reactivateInstitution(id: number): Promise<Institution> {
  return apiRequest({
    path: `/api/institutions/${id}`,
    method: 'PATCH',
    body: { id, active_ind: true },
    errorMessage: ERRORS.institutions.edit,
    schema: InstitutionSchema,
  });
}

export function useSetInstitutionActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation<Institution | null, ApiError, boolean>({
    mutationFn: (active) => (active ? reactivateInstitution(id) : deleteInstitution(id)),
    onSuccess: async (saved, active) => {
      if (saved) return storeSavedInstitution(queryClient, saved);
      // The answer held the id alone: mark the cached row, then have the list confirmed.
      queryClient.setQueryData<Institution[]>(INSTITUTIONS_QUERY_KEY, (list) =>
        list?.map((institution) => (institution.id === id ? { ...institution, active_ind: active } : institution)),
      );
      await queryClient.invalidateQueries({ queryKey: INSTITUTIONS_QUERY_KEY });
    },
  });
}
