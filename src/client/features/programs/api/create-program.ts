import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import type { ProgramCreate } from '../../../../shared/schemas/program.ts';
import { apiRequest, readCreatedId, type ApiError } from '../../../lib/api-client.ts';
import { PROGRAMS_QUERY_KEY } from './get-programs.ts';

/** PUT /api/programs: adds a valid program (it starts active) and answers its id, which must be an integer. */
export async function createProgram(body: ProgramCreate): Promise<number> {
  const answer = await apiRequest({ path: '/api/programs', method: 'PUT', body, errorMessage: ERRORS.programs.add });
  return readCreatedId(answer, 'other');
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation<number, ApiError | Error, ProgramCreate>({
    mutationFn: createProgram,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY }),
  });
}
