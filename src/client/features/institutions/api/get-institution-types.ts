import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ERRORS } from '../../../../shared/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';

/** GET /api/institutions/inst/types: the institution types the form offers. */
export function getInstitutionTypes(signal?: AbortSignal): Promise<string[]> {
  return apiRequest({
    path: '/api/institutions/inst/types',
    errorMessage: ERRORS.institutions.request,
    schema: z.array(z.string()),
    ...(signal ? { signal } : {}),
  });
}

export const institutionTypesQueryOptions = queryOptions({
  queryKey: [...INSTITUTIONS_QUERY_KEY, 'types'] as const,
  queryFn: ({ signal }) => getInstitutionTypes(signal),
  staleTime: 60 * 60_000,
});

export function useInstitutionTypes() {
  return useQuery(institutionTypesQueryOptions);
}
