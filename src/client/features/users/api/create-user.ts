import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import type { UserCreate } from '../../../../shared/schemas/user.ts';
import { apiRequest, readCreatedId, type ApiError } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/**
 * POST /api/users/add: adds someone who has not signed in yet and answers their id, which must be an integer
 * (otherwise "Invalid report ID recieved", docs/product.md §6.3).
 */
export async function createUser(body: UserCreate): Promise<number> {
  const answer = await apiRequest({ path: '/api/users/add', method: 'POST', body, errorMessage: ERRORS.users.add });
  return readCreatedId(answer, 'other');
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation<number, ApiError | Error, UserCreate>({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
