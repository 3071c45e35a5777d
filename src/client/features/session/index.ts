/** What other features and the app shell use from the session feature: the signed-in person's profile. */
export { PROFILE_QUERY_KEY, profileQueryOptions, useProfile } from './api/get-profile.ts';
