import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PrivilegesInput, User, UserCreateSchema, UserUpdateSchema } from '../../../shared/schemas/user.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { institutions, sessions, userPrivileges, users } from '../../db/schema.ts';
import {
  NOT_FOUND,
  refuse,
  Refused,
  refuseStaleEdit,
  staleEditSentence,
  writeOutcome,
  type Outcome,
  type UniqueFields,
} from '../../refusals.ts';
import { toSessionUser, userRowsWhere, type UserRow } from '../../session/session-user.ts';
import { writeAudit } from '../audit/audit.repo.ts';

// Kept for the records module, which another change moves to session/session-user.ts directly.

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

// ---- Administration (app admins) -----------------------------------------------------------------------

/** A user as the admin screens show it, or null. */
export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await queryRows<UserRow>(db, userRowsWhere(sql`u.id = ${id}`));
  return row ? toUser(row) : null;
}

/** Every user, active or not, by username. */
export async function listUsers(db: Db): Promise<User[]> {
  const rows = await queryRows<UserRow>(db, sql`${userRowsWhere(sql`true`)} ORDER BY lower(u.username)`);
  return rows.map(toUser);
}

function toUser(row: UserRow): User {
  const { id, username, institution, prefName, email, homeInstitution, roles, privileges } = toSessionUser(row, []);
  return {
    id,
    username,
    prefName,
    email,
    institution,
    homeInstitution,
    active: row.active,
    roles,
    privileges,
    version: row.version,
  };
}

const LEVELS = ['read', 'write', 'admin'] as const;
const USER_ADMIN_LOCK = 727202;

/** Refused unless every institution a request names exists (field: the list or homeInstitution that names it). */
async function assertInstitutionsExist(db: Db, privileges: PrivilegesInput, homeInstitution: number | null | undefined) {
  const named = new Map<number, string>();
  if (homeInstitution) named.set(homeInstitution, 'homeInstitution');
  for (const level of LEVELS) for (const id of privileges[level] ?? []) if (!named.has(id)) named.set(id, `privileges.${level}`);
  if (named.size === 0) return;
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM institutions WHERE id IN (${sql.join(
      [...named.keys()].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const existing = new Set(found.map((r) => r.id));
  for (const [id, field] of named) {
    if (!existing.has(id)) throw refuse(field, `No institution has id ${id}`);
  }
}

async function replacePrivileges(db: Db, userId: number, privileges: PrivilegesInput): Promise<void> {
  for (const level of LEVELS) {
    const ids = privileges[level];
    if (ids === undefined) continue;
    await db.delete(userPrivileges).where(and(eq(userPrivileges.userId, userId), eq(userPrivileges.level, level)));
    const unique = [...new Set(ids)];
    if (unique.length > 0)
      await db.insert(userPrivileges).values(unique.map((institutionId) => ({ userId, institutionId, level })));
  }
}

const USERNAME_TAKEN = 'A user with this username already exists';
/** Two admins adding the same person at once: the unique index decides. */
const UNIQUE: UniqueFields = { users_username_key: ['username', USERNAME_TAKEN] };

/**
 * Refused when a body sent back a derived field that contradicts the saved user: `institution` follows from
 * homeInstitution and `roles` from privileges, so neither is ever set itself, and dropping a different value
 * silently would let the caller believe it was saved. Runs inside the write's transaction: a refusal undoes it.
 */
function assertDerivedFieldsMatch(sent: { institution?: string; roles?: readonly string[] }, saved: User): void {
  if (sent.institution !== undefined && sent.institution !== saved.institution) {
    const shown = JSON.stringify(sent.institution.slice(0, 50));
    throw refuse(
      'institution',
      saved.institution === ''
        ? `institution ${shown} names a home institution, but the user has none: send "" or leave institution out`
        : `institution ${shown} is not the home institution (${saved.institution}): change homeInstitution to change it`,
    );
  }
  if (sent.roles !== undefined && [...sent.roles].sort().join() !== [...saved.roles].sort().join()) {
    throw refuse(
      'roles',
      `Roles follow from privileges, which give ${saved.roles.join(', ')}: change privileges to change them, or leave roles out`,
    );
  }
}

/** Creates a user (who signs in later by this username), with privileges; audited. */
export function createUser(db: Db, input: z.output<typeof UserCreateSchema>, actorId: number): Promise<Outcome<number>> {
  return writeOutcome(db, UNIQUE, async (tx) => {
    await assertInstitutionsExist(tx, input.privileges, input.homeInstitution);
    if (await findUserByUsername(tx, input.username)) throw refuse('username', USERNAME_TAKEN);
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        prefName: input.prefName,
        email: input.email,
        homeInstitutionId: input.homeInstitution,
        glblAdmin: input.privileges.glblAdmin ?? false,
        glblRead: input.privileges.glblRead ?? false,
      })
      .returning({ id: users.id });
    await replacePrivileges(tx, row!.id, input.privileges);
    const after = (await findUser(tx, row!.id))!;
    assertDerivedFieldsMatch(input, after);
    await writeAudit(tx, { entityType: 'user', entityId: row!.id, action: 'create', changedBy: actorId, after });
    return row!.id;
  });
}

/**
 * Refuses a change that would leave no active app admin, or take an admin's own rights away (so nobody locks the
 * application, or themselves, out). Runs under updateUser's lock, so two admins demoting each other cannot both win.
 */
async function assertAdminsRemain(db: Db, target: User, next: { glblAdmin: boolean; active: boolean }, actorId: number) {
  if (!target.privileges.glblAdmin || !target.active || (next.glblAdmin && next.active)) return;
  const field = next.active ? 'privileges.glblAdmin' : 'active';
  if (target.id === actorId) {
    throw refuse(field, next.active ? 'You cannot remove your own app admin rights' : 'You cannot deactivate your own account');
  }
  const others = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE glbl_admin AND active AND id <> ${target.id}`,
  );
  if (others.length === 0) throw refuse(field, 'The last app admin cannot be removed: make someone else an app admin first');
}

/** Edits a user; privilege lists sent replace the stored ones. Takes effect on the user's next request. Audited. */
export function updateUser(
  db: Db,
  id: number,
  patch: z.output<typeof UserUpdateSchema>,
  actorId: number,
): Promise<Outcome<User>> {
  const { id: _id, version: read, privileges = {}, ...fields } = patch;
  return writeOutcome(db, {}, async (tx) => {
    await assertInstitutionsExist(tx, privileges, fields.homeInstitution);
    // One user change at a time (they are rare): the last-app-admin rule reads other users' rows, which row
    // locks alone would not serialize without risking a deadlock between two admins editing each other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${USER_ADMIN_LOCK})`);
    const before = await findUser(tx, id);
    if (!before) throw new Refused(NOT_FOUND);
    refuseStaleEdit(read, before, 'user_version', staleEditSentence(before.prefName || before.username));
    // A body read from GET carries the username back: it names the account, so it must be this one's.
    if (fields.username !== undefined && fields.username !== before.username) {
      throw refuse('username', 'A username never changes (single sign-on recognizes people by it): add a new user instead');
    }
    await assertAdminsRemain(
      tx,
      before,
      { glblAdmin: privileges.glblAdmin ?? before.privileges.glblAdmin, active: fields.active ?? before.active },
      actorId,
    );
    const values = {
      ...(fields.prefName !== undefined ? { prefName: fields.prefName } : {}),
      ...(fields.email !== undefined ? { email: fields.email } : {}),
      ...(fields.homeInstitution !== undefined ? { homeInstitutionId: fields.homeInstitution } : {}),
      ...(fields.active !== undefined ? { active: fields.active } : {}),
      ...(privileges.glblAdmin !== undefined ? { glblAdmin: privileges.glblAdmin } : {}),
      ...(privileges.glblRead !== undefined ? { glblRead: privileges.glblRead } : {}),
    };
    if (Object.keys(values).length > 0)
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    await replacePrivileges(tx, id, privileges);
    const changed = (await findUser(tx, id))!;
    assertDerivedFieldsMatch(fields, changed);
    if (JSON.stringify(changed) === JSON.stringify(before)) return before;
    // Privileges live in their own table: the user's version steps for any change, theirs included.
    await tx.execute(sql`UPDATE users SET version = version + 1 WHERE id = ${id}`);
    const after = { ...changed, version: changed.version + 1 };
    const action = before.active === after.active ? 'update' : after.active ? 'reactivate' : 'deactivate';
    await writeAudit(tx, { entityType: 'user', entityId: id, action, changedBy: actorId, before, after });
    if (!after.active) await tx.delete(sessions).where(eq(sessions.userId, id));
    return after;
  });
}

/** `DELETE /api/users/{id}`: deactivates (history stays); every session of the user ends at once. */
export function deactivateUser(db: Db, id: number, actorId: number): Promise<Outcome<User>> {
  return updateUser(db, id, { active: false }, actorId);
}
