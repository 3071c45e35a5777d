import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ERRORS } from '../../../../shared/messages.ts';
import { UserSchema, type User } from '../../../../shared/schemas/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The key of the list; every user query starts with it, so invalidating it refreshes them all. */
export const USERS_QUERY_KEY = ['users'] as const;

/** GET /api/users/: every user, active and inactive (app admins only). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest({
    path: '/api/users/',
    errorMessage: ERRORS.users.fetch,
    schema: z.array(UserSchema),
    ...(signal ? { signal } : {}),
  });
}

export const usersQueryOptions = queryOptions({
  queryKey: [...USERS_QUERY_KEY, 'list'] as const,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
