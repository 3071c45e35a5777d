import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ERRORS } from '../../../../shared/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The fields of an institution the shell needs (PRODUCT.md §2). The institutions feature owns the full schema;
 * unknown fields are dropped here.
 */
export const InstitutionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullish(),
  active_ind: z.boolean().optional(),
});
export type InstitutionSummary = z.infer<typeof InstitutionSummarySchema>;

export const INSTITUTIONS_QUERY_KEY = ['institutions'] as const;

/** GET /api/institutions: every institution (a small list). */
export function getInstitutions(signal?: AbortSignal): Promise<InstitutionSummary[]> {
  return apiRequest({
    path: '/api/institutions',
    errorMessage: ERRORS.institutions.request,
    schema: z.array(InstitutionSummarySchema),
    ...(signal ? { signal } : {}),
  });
}

export const institutionsQueryOptions = queryOptions({
  queryKey: INSTITUTIONS_QUERY_KEY,
  queryFn: ({ signal }) => getInstitutions(signal),
  staleTime: 5 * 60_000,
});

export function useInstitutions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...institutionsQueryOptions, enabled: options.enabled ?? true });
}
