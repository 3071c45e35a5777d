import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { UserSchema, type User, type UserUpdate } from '../../../../shared/schemas/user.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from '../../session/index.ts';
import { userQueryKey } from './get-user.ts';
import { usersQueryOptions } from './get-users.ts';

/** PATCH /api/users/{id}: saves the parts sent (privilege lists sent replace the stored ones); answers the user. */
export function updateUser(id: number, patch: UserUpdate): Promise<User> {
  return apiRequest({
    path: `/api/users/${id}`,
    method: 'PATCH',
    body: { ...patch, id },
    errorMessage: ERRORS.users.edit,
    schema: UserSchema,
  });
}

/**
 * Puts a saved user into the cache at once (its own entry and the list), then has the list confirmed. The signed-in
 * person's own profile is refreshed too, in case the admin just edited themselves.
 */
export async function storeSavedUser(queryClient: QueryClient, saved: User): Promise<void> {
  queryClient.setQueryData(userQueryKey(saved.id), saved);
  queryClient.setQueryData<User[]>(usersQueryOptions.queryKey, (list) => list?.map((u) => (u.id === saved.id ? saved : u)));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  ]);
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, UserUpdate>({
    mutationFn: (patch) => updateUser(id, patch),
    onSuccess: (saved) => storeSavedUser(queryClient, saved),
  });
}
