import { and, eq, sql } from 'drizzle-orm';
import { deriveRoles } from '../../../shared/permissions.ts';
import type { Privileges, Profile } from '../../../shared/schemas/profile.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { institutions, users } from '../../db/schema.ts';
import { writeAudit } from '../audit/audit.repo.ts';

/** The signed-in user as the server sees it: the profile plus the database id. */
export type SessionUser = Profile & { id: number };

interface UserRow {
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
}

const userRowsWhere = (where: ReturnType<typeof sql>) => sql`
  SELECT u.id, u.username, u.pref_name, u.email, u.home_institution_id, i.short_name AS institution,
         u.active, u.glbl_admin, u.glbl_read,
         ${privilegeList('read')} AS read, ${privilegeList('write')} AS write, ${privilegeList('admin')} AS admin
  FROM users u LEFT JOIN institutions i ON i.id = u.home_institution_id
  WHERE ${where}`;

function privilegeList(level: 'read' | 'write' | 'admin') {
  return sql`coalesce((SELECT json_agg(p.institution_id ORDER BY p.institution_id) FROM user_privileges p
                       WHERE p.user_id = u.id AND p.level = ${level}), '[]'::json)`;
}

function toSessionUser(row: UserRow, affiliations: readonly string[]): SessionUser {
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

/** Finds a user by username, ignoring letter case; deactivated users included. */
export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, active: users.active })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

/** Finds an active institution's id by its short name (as single sign-on reports it). */
export async function findInstitutionIdByShortName(db: Db, shortName: string): Promise<number | null> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(sql`lower(${institutions.shortName}) = lower(${shortName})`, eq(institutions.activeInd, true)));
  return row?.id ?? null;
}

/** Creates a user with no privileges (role `user` only), audited as made by sign-in. */
export async function createUnprivilegedUser(
  db: Db,
  values: { username: string; prefName: string; email: string; homeInstitutionId: number | null },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    await writeAudit(tx, {
      entityType: 'user',
      entityId: row!.id,
      action: 'create (first sign-in)',
      changedBy: row!.id,
      after: values,
    });
    return row!.id;
  });
}

/** The active users offered on the development sign-in page, with a short description of what each may do. */
export async function listUsersForDirectSignIn(db: Db): Promise<{ username: string; prefName: string; summary: string }[]> {
  const rows = await queryRows<UserRow & { read_names: string | null; write_names: string | null; admin_names: string | null }>(
    db,
    sql`SELECT x.*,
          (SELECT string_agg(i.short_name, ', ' ORDER BY i.short_name) FROM institutions i WHERE i.id IN (SELECT json_array_elements_text(x.read)::int)) AS read_names,
          (SELECT string_agg(i.short_name, ', ' ORDER BY i.short_name) FROM institutions i WHERE i.id IN (SELECT json_array_elements_text(x.write)::int)) AS write_names,
          (SELECT string_agg(i.short_name, ', ' ORDER BY i.short_name) FROM institutions i WHERE i.id IN (SELECT json_array_elements_text(x.admin)::int)) AS admin_names
        FROM (${userRowsWhere(sql`u.active`)}) x ORDER BY x.username`,
  );
  return rows.map((r) => {
    const parts: string[] = [];
    if (r.glbl_admin) parts.push('App admin');
    if (r.glbl_read) parts.push('Reads every institution');
    if (r.admin_names) parts.push(`Admin: ${r.admin_names}`);
    if (r.write_names) parts.push(`Write: ${r.write_names}`);
    if (r.read_names) parts.push(`Read: ${r.read_names}`);
    return { username: r.username, prefName: r.pref_name, summary: parts.length > 0 ? parts.join('; ') : 'No privileges yet' };
  });
}
