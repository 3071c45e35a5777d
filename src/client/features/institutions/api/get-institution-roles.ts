import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionRolesSchema, type InstitutionRoleHolder } from '../../../../shared/schemas/institution.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';

/** GET /api/institutions/roles/{id}: who holds read, write or admin on the institution (app admins and its admins only). */
export function getInstitutionRoles(id: number, signal?: AbortSignal): Promise<InstitutionRoleHolder[]> {
  return apiRequest({
    path: `/api/institutions/roles/${id}`,
    errorMessage: ERRORS.institutions.roles,
    schema: InstitutionRolesSchema,
    ...(signal ? { signal } : {}),
  });
}

export const institutionRolesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...INSTITUTIONS_QUERY_KEY, id, 'roles'] as const,
    queryFn: ({ signal }) => getInstitutionRoles(id, signal),
  });

export function useInstitutionRoles(id: number) {
  return useQuery(institutionRolesQueryOptions(id));
}
