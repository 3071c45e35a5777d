import type { QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program, type ProgramUpdate } from '../../../../shared/schemas/program.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateCachedRow, useSaveMutation } from '../../../lib/saved-item.ts';
import { programQueryKey } from './get-program.ts';
import { PROGRAMS_QUERY_KEY } from './get-programs.ts';

/** PATCH /api/programs/{id}: saves the fields sent and answers the saved program. */
export function updateProgram(id: number, patch: ProgramUpdate): Promise<Program> {
  return apiRequest({
    path: `/api/programs/${id}`,
    method: 'PATCH',
    body: { ...patch, id },
    errorMessage: ERRORS.programs.update,
    schema: ProgramSchema,
  });
}

/** Puts a saved program into the cache at once (its own entry and the list), then has the list confirmed. */
export async function storeSavedProgram(queryClient: QueryClient, saved: Program): Promise<void> {
  queryClient.setQueryData(programQueryKey(saved.id), saved);
  updateCachedRow(queryClient, PROGRAMS_QUERY_KEY, saved.id, () => saved);
  await queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY, exact: true });
}

export function useUpdateProgram(id: number) {
  return useSaveMutation((patch: ProgramUpdate) => updateProgram(id, patch), storeSavedProgram, ProgramSchema);
}
