/** What other parts of the client may use from the session feature. */
export { PROFILE_QUERY_KEY, getProfile, profileQueryOptions, useProfile } from './api/get-profile.ts';
