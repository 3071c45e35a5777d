import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { institutions, programs, siteBanner, userPrivileges, users } from '../db/schema.ts';
import { INSTITUTIONS } from './institutions-data.ts';
import { buildProgramSeeds } from './programs-data.ts';
import type { ProgramRow } from './record-generator.ts';
import { DEMO_BANNER, DEMO_USERS } from './users-data.ts';

// Any fixed number: two processes seeding one PostgreSQL server at once take turns instead of both inserting.
const SEED_LOCK = 727_202;

/** Inside a transaction: waits for any other seeder, then tells whether institutions already exist. */
export async function lockAndCheckSeeded(tx: Db): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
  const rows = await queryRows<{ seeded: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM institutions) AS seeded`);
  return rows[0]?.seeded === true;
}

/** Inserts the 25 institutions, their programs, the seven demo users with privileges and the banner; returns appadmin's id. */
export async function insertBase(tx: Db): Promise<number> {
  const insertedInstitutions = await tx
    .insert(institutions)
    .values(INSTITUTIONS.map((i) => ({ ...i })))
    .returning({ id: institutions.id, shortName: institutions.shortName });
  const institutionId = (shortName: string): number => {
    const found = insertedInstitutions.find((i) => i.shortName === shortName);
    if (!found) throw new Error(`Seed data names an unknown institution: ${shortName}`);
    return found.id;
  };

  await tx.insert(programs).values(
    buildProgramSeeds().map(({ institutionShortName, ...program }) => ({
      ...program,
      institutionId: institutionId(institutionShortName),
    })),
  );

  const insertedUsers = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        username: u.username,
        prefName: u.prefName,
        email: u.email,
        homeInstitutionId: u.home === null ? null : institutionId(u.home),
        glblAdmin: u.glblAdmin ?? false,
        glblRead: u.glblRead ?? false,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userId = (username: string): number => {
    const found = insertedUsers.find((u) => u.username === username);
    if (!found) throw new Error(`Seed user missing after insert: ${username}`);
    return found.id;
  };

  const privileges = DEMO_USERS.flatMap((u) =>
    u.privileges.map((p) => ({ userId: userId(u.username), institutionId: institutionId(p.institution), level: p.level })),
  );
  if (privileges.length > 0) await tx.insert(userPrivileges).values(privileges);

  const adminId = userId('appadmin');
  await tx
    .insert(siteBanner)
    .values({ ...DEMO_BANNER, updatedBy: adminId })
    .onConflictDoNothing();
  return adminId;
}

/** A program as stored: what the record generator needs, and its name (the large seed keys programs by it). */
export interface StoredProgramRow extends ProgramRow {
  name: string;
}

/** Every program with what the record generator needs of its institution, by id. */
export function loadProgramRows(db: Db): Promise<StoredProgramRow[]> {
  return queryRows<StoredProgramRow>(
    db,
    sql`SELECT p.id, p.name, p.institution_id AS "institutionId", i.short_name AS "institutionShortName",
          i.institution_type AS "institutionType", i.region, p.discipline, p.credential,
          p.wil_type AS "wilType", p.coop_model AS "coopModel", p.active_ind AS "activeInd"
        FROM programs p JOIN institutions i ON i.id = p.institution_id
        ORDER BY p.id`,
  );
}

/** The id of the user with this username, or null. */
export async function findUserId(db: Db, username: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE lower(username) = lower(${username})`);
  return rows[0]?.id ?? null;
}
