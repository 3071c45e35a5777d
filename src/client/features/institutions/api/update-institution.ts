import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionSchema, type Institution, type InstitutionUpdate } from '../../../../shared/schemas/institution.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';

/** PATCH /api/institutions/{id}: saves the fields sent and answers the saved institution. */
export function updateInstitution(id: number, patch: InstitutionUpdate): Promise<Institution> {
  return apiRequest({
    path: `/api/institutions/${id}`,
    method: 'PATCH',
    body: { ...patch, id },
    errorMessage: ERRORS.institutions.edit,
    schema: InstitutionSchema,
  });
}

/** Puts a saved institution into the cached list at once, then has the list confirmed by the server. */
export async function storeSavedInstitution(queryClient: QueryClient, saved: Institution): Promise<void> {
  queryClient.setQueryData<Institution[]>(INSTITUTIONS_QUERY_KEY, (list) =>
    list?.map((institution) => (institution.id === saved.id ? saved : institution)),
  );
  await queryClient.invalidateQueries({ queryKey: INSTITUTIONS_QUERY_KEY });
}

export function useUpdateInstitution(id: number) {
  const queryClient = useQueryClient();
  return useMutation<Institution, ApiError, InstitutionUpdate>({
    mutationFn: (patch) => updateInstitution(id, patch),
    onSuccess: (saved) => storeSavedInstitution(queryClient, saved),
  });
}
