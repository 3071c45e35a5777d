import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { isPlainAddress } from '../../mail/mail-address.ts';

/**
 * The people others are pointed to (docs/decisions/030-who-to-ask.md): an institution's admins, and the province's
 * app admins. Only active users with a plain mail address: a name without a way to reach them helps nobody, and an
 * address that is not plain never goes into a mail header or a mailto link.
 */

export interface Contact {
  user_id: number;
  name: string;
  email: string;
}

/** Keeps plain addresses, each once (the first in name order). */
function reachable(rows: Contact[]): Contact[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = r.email.toLowerCase();
    if (!isPlainAddress(r.email) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const NAME = sql`coalesce(nullif(u.pref_name, ''), u.username)`;

/** The active admins of one institution, in name order. */
export async function institutionAdmins(db: Db, institutionId: number): Promise<Contact[]> {
  const rows = await queryRows<Contact>(
    db,
    sql`SELECT u.id AS user_id, ${NAME} AS name, trim(u.email) AS email
        FROM user_privileges p JOIN users u ON u.id = p.user_id
        WHERE p.level = 'admin' AND p.institution_id = ${institutionId} AND u.active
        ORDER BY 2, u.id`,
  );
  return reachable(rows);
}

/** The active app admins, in name order. */
export async function appAdmins(db: Db): Promise<Contact[]> {
  const rows = await queryRows<Contact>(
    db,
    sql`SELECT u.id AS user_id, ${NAME} AS name, trim(u.email) AS email
        FROM users u WHERE u.glbl_admin AND u.active
        ORDER BY 2, u.id`,
  );
  return reachable(rows);
}

/** An institution's short name, or null when there is no such institution. */
export async function institutionShortName(db: Db, institutionId: number): Promise<string | null> {
  const [row] = await queryRows<{ short_name: string }>(db, sql`SELECT short_name FROM institutions WHERE id = ${institutionId}`);
  return row?.short_name ?? null;
}
