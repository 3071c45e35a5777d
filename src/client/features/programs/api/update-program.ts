import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program, type ProgramUpdate } from '../../../../shared/schemas/program.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
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
  queryClient.setQueryData<Program[]>(PROGRAMS_QUERY_KEY, (list) =>
    list?.map((program) => (program.id === saved.id ? saved : program)),
  );
  await queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY, exact: true });
}

export function useUpdateProgram(id: number) {
  const queryClient = useQueryClient();
  return useMutation<Program, ApiError, ProgramUpdate>({
    mutationFn: (patch) => updateProgram(id, patch),
    onSuccess: (saved) => storeSavedProgram(queryClient, saved),
  });
}
