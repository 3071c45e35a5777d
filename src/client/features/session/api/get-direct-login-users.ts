import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SESSION_UI } from '../messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const DirectLoginUserSchema = z.object({
  username: z.string(),
  prefName: z.string(),
  summary: z.string(),
});
export type DirectLoginUser = z.infer<typeof DirectLoginUserSchema>;

/** GET /api/login/direct/users (development only): the demo users the sign-in page offers. */
export function getDirectLoginUsers(signal?: AbortSignal): Promise<DirectLoginUser[]> {
  return apiRequest({
    path: '/api/login/direct/users',
    errorMessage: SESSION_UI.usersFailed,
    schema: z.array(DirectLoginUserSchema),
    ...(signal ? { signal } : {}),
  });
}

export const directLoginUsersQueryOptions = queryOptions({
  queryKey: ['login', 'direct', 'users'] as const,
  queryFn: ({ signal }) => getDirectLoginUsers(signal),
  staleTime: 60_000,
});

export function useDirectLoginUsers() {
  return useQuery(directLoginUsersQueryOptions);
}
