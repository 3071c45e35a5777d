import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProfileSchema, SIGNED_OUT, type Profile } from '../../../../shared/schemas/profile.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** GET /api/profile: the signed-in user, or a profile with an empty username when signed out. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest({ path: '/api/profile', errorMessage: ERRORS.profile, schema: ProfileSchema, ...(signal ? { signal } : {}) });
}

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  // No abort signal: route guards await the same request, and a component unmounting must not cancel it under them.
  queryFn: () => getProfile(),
  staleTime: 5 * 60_000,
});

/** The current user; signed out while loading or when the profile cannot be read. */
export function useProfile(): { profile: Profile; isPending: boolean; isError: boolean } {
  const query = useQuery(profileQueryOptions);
  return { profile: query.data ?? SIGNED_OUT, isPending: query.isPending, isError: query.isError };
}
