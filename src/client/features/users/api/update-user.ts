import type { QueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { UserSchema, type User, type UserUpdate } from '../../../../shared/schemas/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateCachedRow, useSaveMutation } from '../../../lib/saved-item.ts';
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
  updateCachedRow(queryClient, usersQueryOptions.queryKey, saved.id, () => saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersQueryOptions.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  ]);
}

export function useUpdateUser(id: number) {
  return useSaveMutation((patch: UserUpdate) => updateUser(id, patch), storeSavedUser, UserSchema);
}
