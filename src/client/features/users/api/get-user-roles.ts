import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { UserRolesSchema } from '../../../../shared/schemas/user.ts';
import type { Role } from '../../../../shared/schemas/profile.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export interface RoleDescription {
  role: Role;
  description: string;
}

/** GET /api/users/roles: every role, with what it lets a person do. */
export function getUserRoles(signal?: AbortSignal): Promise<RoleDescription[]> {
  return apiRequest({
    path: '/api/users/roles',
    errorMessage: ERRORS.users.roles,
    schema: UserRolesSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userRolesQueryOptions = queryOptions({
  queryKey: [...USERS_QUERY_KEY, 'roles'] as const,
  queryFn: ({ signal }) => getUserRoles(signal),
  staleTime: 60 * 60_000,
});

export function useUserRoles() {
  return useQuery(userRolesQueryOptions);
}
