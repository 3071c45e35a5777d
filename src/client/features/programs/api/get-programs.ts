import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program } from '../../../../shared/schemas/program.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The key of the list; every program query starts with it, so invalidating it refreshes them all. */
export const PROGRAMS_QUERY_KEY = ['programs'] as const;

/** GET /api/programs: every valid program, active and inactive (a few hundred). */
export function getPrograms(signal?: AbortSignal): Promise<Program[]> {
  return apiRequest({
    path: '/api/programs',
    errorMessage: ERRORS.programs.fetch,
    schema: z.array(ProgramSchema),
    ...(signal ? { signal } : {}),
  });
}

export const programsQueryOptions = queryOptions({
  queryKey: PROGRAMS_QUERY_KEY,
  queryFn: ({ signal }) => getPrograms(signal),
  staleTime: 60_000,
});

export function usePrograms(options: { enabled?: boolean } = {}) {
  return useQuery({ ...programsQueryOptions, enabled: options.enabled ?? true });
}
