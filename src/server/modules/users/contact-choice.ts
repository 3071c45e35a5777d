import { MAX_APP_ADMIN_CONTACTS, type ContactKind } from '../../../shared/schemas/contacts.ts';
import type { Contact } from './contacts.repo.ts';

/**
 * Whose names a list shows (docs/decisions/030-who-to-ask.md): the institution's admins when it has any besides the
 * person asking, otherwise a few app admins (never the person asking: an institution's only admin who meets a 403
 * is sent to the province, not to themself).
 */
export function chooseContacts(input: {
  institutionAdmins: readonly Contact[];
  appAdmins: readonly Contact[];
  /** The person the list is for, who is never in it. */
  exclude?: number;
}): { kind: ContactKind; people: Contact[] } {
  const others = (list: readonly Contact[]) => list.filter((c) => c.user_id !== input.exclude);
  const admins = others(input.institutionAdmins);
  if (admins.length > 0) return { kind: 'institution-admins', people: admins };
  return { kind: 'app-admins', people: others(input.appAdmins).slice(0, MAX_APP_ADMIN_CONTACTS) };
}
