/**
 * What other features and the app shell use from the session feature: the signed-in person's profile, who grants
 * them access, and a list of people with mail links.
 */
export { PROFILE_QUERY_KEY, profileQueryOptions, useProfile } from './api/get-profile.ts';
export { AccessContacts } from './components/access-contacts.tsx';
export { ContactPeople } from './components/contact-people.tsx';
