import { sql } from 'drizzle-orm';
import { deriveRoles } from '../../shared/permissions.ts';
import type { Privileges, Profile } from '../../shared/schemas/profile.ts';
import { preparedStatement, queryRows, type Db } from '../db/client.ts';

/**
 * The signed-in user and how a session finds it. It lives below both the plugins (which put it on every request)
 * and the feature modules (which read it), so neither layer reaches into the other for it.
 */

/** The signed-in user as the server sees it: the profile plus the database id. */
export type SessionUser = Profile & { id: number };

/** A live session: its user, when it was last used, and when it ends whatever happens. */
export interface LoadedSession {
  user: SessionUser;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A user with home institution and privilege lists, as `userRowsWhere` selects it. */
export interface UserRow {
  id: number;
  username: string;
  pref_name: string;
  email: string;
  home_institution_id: number | null;
  institution: string | null;
  active: boolean;
  glbl_admin: boolean;
  glbl_read: boolean;
  read: number[];
  write: number[];
  admin: number[];
  version: number;
}

/** Users (alias `u`) matching `where`, each with its privileges, in one query; the users module's admin views build on it. */
export const userRowsWhere = (where: ReturnType<typeof sql>) => sql`
  SELECT u.id, u.username, u.pref_name, u.email, u.home_institution_id, i.short_name AS institution,
         u.active, u.glbl_admin, u.glbl_read, u.version,
         ${privilegeList('read')} AS read, ${privilegeList('write')} AS write, ${privilegeList('admin')} AS admin
  FROM users u LEFT JOIN institutions i ON i.id = u.home_institution_id
  WHERE ${where}`;

function privilegeList(level: 'read' | 'write' | 'admin') {
  return sql`coalesce((SELECT json_agg(p.institution_id ORDER BY p.institution_id) FROM user_privileges p
                       WHERE p.user_id = u.id AND p.level = ${level}), '[]'::json)`;
}

/** A user row as the session user, roles derived from its privileges and the session's affiliations. */
export function toSessionUser(row: UserRow, affiliations: readonly string[]): SessionUser {
  const privileges: Privileges = {
    read: row.read,
    write: row.write,
    admin: row.admin,
    glblAdmin: row.glbl_admin,
    glblRead: row.glbl_read,
  };
  return {
    id: row.id,
    username: row.username,
    institution: row.institution ?? '',
    prefName: row.pref_name,
    email: row.email,
    homeInstitution: row.home_institution_id,
    roles: deriveRoles(privileges, affiliations),
    privileges,
  };
}

/** Loads an active user with privileges and derived roles, or null when missing or deactivated. */
export async function loadActiveUser(db: Db, userId: number, affiliations: readonly string[] = []): Promise<SessionUser | null> {
  const [row] = await queryRows<UserRow>(db, userRowsWhere(sql`u.id = ${userId} AND u.active`));
  return row ? toSessionUser(row, affiliations) : null;
}

/**
 * The user of a live session in one round trip (session, user, home institution and privileges), with the
 * session's last-seen time; null when the session is unknown, expired, idle too long, or its user deactivated.
 */
const selectSession = preparedStatement<
  UserRow & { affiliations: string[]; last_seen_at: Date | string; expires_at: Date | string },
  { sessionId: string; idleCutoff: string }
>(
  sql`SELECT x.*, s.affiliations, s.last_seen_at, s.expires_at
      FROM sessions s CROSS JOIN LATERAL (${userRowsWhere(sql`u.id = s.user_id AND u.active`)}) x
      WHERE s.id = ${sql.placeholder('sessionId')} AND s.expires_at > now()
        AND s.last_seen_at > ${sql.placeholder('idleCutoff')}`,
);

export async function loadSessionUser(db: Db, sessionId: string, idleCutoff: Date): Promise<LoadedSession | null> {
  const [row] = await selectSession(db, { sessionId, idleCutoff: idleCutoff.toISOString() });
  if (!row) return null;
  return {
    user: toSessionUser(row, row.affiliations),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
  };
}
