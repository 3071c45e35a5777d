import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ProfileSchema, type Profile } from '../../../../shared/schemas/profile.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { PROFILE_QUERY_KEY } from './get-profile.ts';

/** POST /api/login/direct (development only): signs in as an existing user. */
export function directLogin(username: string): Promise<Profile> {
  return apiRequest({
    path: '/api/login/direct',
    method: 'POST',
    body: { username },
    errorMessage: ERRORS.directSignIn,
    schema: ProfileSchema,
  });
}

/**
 * Signing in as someone else makes every cached answer belong to the wrong person: drop them all,
 * keep the new profile, and have it confirmed by the server.
 */
export function useDirectLogin() {
  const queryClient = useQueryClient();
  return useMutation<Profile, ApiError, string>({
    mutationFn: directLogin,
    onSuccess: async (profile) => {
      queryClient.removeQueries();
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
