import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { UserSchema, type User } from '../../../../shared/schemas/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/** GET /api/users/{id}: one user, active or not. */
export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return apiRequest({
    path: `/api/users/${id}`,
    errorMessage: ERRORS.users.fetch,
    schema: UserSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userQueryKey = (id: number) => [...USERS_QUERY_KEY, 'one', id] as const;

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** Always asks the server on mount: privileges change under other admins' hands. */
export function useUser(id: number) {
  return useQuery({ ...userQueryOptions(id), refetchOnMount: 'always', retry: false });
}
