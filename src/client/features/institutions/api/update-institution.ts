import type { QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionSchema, type Institution, type InstitutionUpdate } from '../../../../shared/schemas/institution.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateCachedRow, useSaveMutation } from '../../../lib/saved-item.ts';
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
  updateCachedRow(queryClient, INSTITUTIONS_QUERY_KEY, saved.id, () => saved);
  await queryClient.invalidateQueries({ queryKey: INSTITUTIONS_QUERY_KEY });
}

export function useUpdateInstitution(id: number) {
  return useSaveMutation((patch: InstitutionUpdate) => updateInstitution(id, patch), storeSavedInstitution, InstitutionSchema);
}
