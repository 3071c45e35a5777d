import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import type { InstitutionCreate } from '../../../../shared/schemas/institution.ts';
import { apiRequest, readCreatedId, type ApiError } from '../../../lib/api-client.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';

/** PUT /api/institutions: adds an institution (it starts active) and answers its id, which must be an integer. */
export async function createInstitution(body: InstitutionCreate): Promise<number> {
  const answer = await apiRequest({ path: '/api/institutions', method: 'PUT', body, errorMessage: ERRORS.institutions.insert });
  return readCreatedId(answer, 'other');
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation<number, ApiError | Error, InstitutionCreate>({
    mutationFn: createInstitution,
    // Refetch the list even with no screen showing it: the new institution's page looks itself up in it next.
    onSettled: () => queryClient.invalidateQueries({ queryKey: INSTITUTIONS_QUERY_KEY, refetchType: 'all' }),
  });
}
