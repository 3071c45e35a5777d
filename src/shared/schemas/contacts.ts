import { z } from 'zod';
import { TermReturnSchema } from './returns.ts';

/**
 * People to contact, by name and mail address: who signs off a term return, and who to ask for access
 * (docs/decisions/030-who-to-ask.md).
 */

/** One person: the name they go by, and a plain mail address (the server leaves out anyone without one). */
export const ContactPersonSchema = z.object({ name: z.string(), email: z.string() });
export type ContactPerson = z.infer<typeof ContactPersonSchema>;

/** Whose names a list holds: an institution's admins, or (where it has none) the province's app admins. */
export const CONTACT_KINDS = ['institution-admins', 'app-admins'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** At most this many app admins are named: enough to reach one, not a directory of the province's administrators. */
export const MAX_APP_ADMIN_CONTACTS = 3;

/** A list of people, and whose they are; `institution_name` is the institution's short name for its admins. */
export const ContactListSchema = z.object({
  kind: z.enum(CONTACT_KINDS),
  institution_name: z.string().nullable(),
  people: z.array(ContactPersonSchema),
});
export type ContactList = z.infer<typeof ContactListSchema>;

/** `GET /api/profile/access-contacts`: who the signed-in user asks for access (the same list answers the 403 page). */
export const AccessContactsSchema = ContactListSchema;
export type AccessContacts = ContactList;

/**
 * Its query: `screen=app-admin` for a screen only app admins may use (Institutions, Reporting periods…), which no
 * institution's admin can open to anyone, so the app admins are named.
 */
export const AccessContactsQuerySchema = z
  .object({ screen: z.enum(['app-admin'], { error: 'screen must be app-admin, or left out' }).optional() })
  .strict();
export type AccessContactsQuery = z.infer<typeof AccessContactsQuerySchema>;

/**
 * A return's sign-off people are told it is ready at most once in this many minutes: enough to stop a button (or a
 * script) from filling their mailboxes, short enough to tell them again the same day after a correction.
 */
export const READY_GUARD_MINUTES = 60;

/**
 * `GET /api/returns/{id}/sign-off-people`: who may sign the return off, and when they were last told it is ready
 * (an ISO timestamp, or null), so the page can say so before anyone presses the button again.
 */
export const SignOffPeopleSchema = ContactListSchema.extend({ last_ready_at: z.string().nullable() });
export type SignOffPeople = z.infer<typeof SignOffPeopleSchema>;

/** `POST /api/returns/{id}/ready-for-sign-off`: who was mailed, and the return with the new history entry. */
export const ReadyForSignOffResultSchema = z.object({ told: z.array(ContactPersonSchema), return: TermReturnSchema });
export type ReadyForSignOffResult = z.infer<typeof ReadyForSignOffResultSchema>;

/** The body of `POST /api/returns/{id}/ready-for-sign-off`: nothing (an empty object, or none). */
export const ReadyForSignOffBodySchema = z.object({}).strict();
