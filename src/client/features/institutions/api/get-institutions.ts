import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionSchema, type Institution } from '../../../../shared/schemas/institution.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The fields of an institution the home page needs. */
export type InstitutionSummary = Pick<Institution, 'id' | 'name' | 'short_name'> & { active_ind?: boolean };

/** The key of the list; every institution query starts with it, so invalidating it refreshes them all. */
export const INSTITUTIONS_QUERY_KEY = ['institutions'] as const;

/** GET /api/institutions: every institution, active and inactive (a small list). */
export function getInstitutions(signal?: AbortSignal): Promise<Institution[]> {
  return apiRequest({
    path: '/api/institutions',
    errorMessage: ERRORS.institutions.request,
    schema: z.array(InstitutionSchema),
    ...(signal ? { signal } : {}),
  });
}

export const institutionsQueryOptions = queryOptions({
  queryKey: INSTITUTIONS_QUERY_KEY,
  queryFn: ({ signal }) => getInstitutions(signal),
  staleTime: 5 * 60_000,
});

/** `fresh`: ask the server again on mount even when the cache is recent (a page that must find one institution in it). */
export function useInstitutions(options: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({
    ...institutionsQueryOptions,
    enabled: options.enabled ?? true,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
