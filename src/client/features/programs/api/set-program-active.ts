import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program } from '../../../../shared/schemas/program.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { programQueryKey } from './get-program.ts';
import { PROGRAMS_QUERY_KEY } from './get-programs.ts';
import { storeSavedProgram } from './update-program.ts';

/**
 * What a removal answered, checked (the response id is read): the same id and now inactive, otherwise the removal
 * failed ("Failed to remove program") although the call itself went through.
 */
export function checkRemoved(id: number, answer: unknown): Program | null {
  const body = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const returnedId = typeof body.id === 'string' && /^\d+$/.test(body.id) ? Number(body.id) : body.id;
  if (returnedId !== id || body.active_ind === true) throw new ApiError(ERRORS.programs.remove);
  const parsed = ProgramSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** Removal: PATCH /api/programs/{id} with `{id, active_ind: false}`. Nothing is physically deleted. */
export async function removeProgram(id: number): Promise<Program | null> {
  const answer = await apiRequest({
    path: `/api/programs/${id}`,
    method: 'PATCH',
    body: { id, active_ind: false },
    errorMessage: ERRORS.programs.remove,
  });
  return checkRemoved(id, answer);
}

/** Reactivation: the same PATCH with `active_ind: true`, an ordinary update. */
export function reactivateProgram(id: number): Promise<Program> {
  return apiRequest({
    path: `/api/programs/${id}`,
    method: 'PATCH',
    body: { id, active_ind: true },
    errorMessage: ERRORS.programs.update,
    schema: ProgramSchema,
  });
}

export function useSetProgramActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation<Program | null, ApiError, boolean>({
    mutationFn: (active) => (active ? reactivateProgram(id) : removeProgram(id)),
    onSuccess: async (saved, active) => {
      if (saved) return storeSavedProgram(queryClient, saved);
      // The answer held the id alone: mark the cached program, then have it confirmed.
      queryClient.setQueryData<Program>(programQueryKey(id), (program) =>
        program ? { ...program, active_ind: active } : program,
      );
      await queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY });
    },
  });
}
