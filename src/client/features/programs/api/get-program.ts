import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program } from '../../../../shared/schemas/program.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROGRAMS_QUERY_KEY } from './get-programs.ts';

/** GET /api/programs/{id}: one program, active or not. */
export function getProgram(id: number, signal?: AbortSignal): Promise<Program> {
  return apiRequest({
    path: `/api/programs/${id}`,
    errorMessage: ERRORS.programs.fetch,
    schema: ProgramSchema,
    ...(signal ? { signal } : {}),
  });
}

export const programQueryKey = (id: number) => [...PROGRAMS_QUERY_KEY, id] as const;

export const programQueryOptions = (id: number) =>
  queryOptions({
    queryKey: programQueryKey(id),
    queryFn: ({ signal }) => getProgram(id, signal),
  });

export function useProgram(id: number) {
  return useQuery(programQueryOptions(id));
}
