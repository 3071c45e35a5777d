import type { Privileges } from '../../shared/schemas/profile.ts';
import type { Db } from '../db/client.ts';
import { institutions, userPrivileges, users } from '../db/schema.ts';

let sequence = 0;
const next = () => ++sequence;

/** Inserts an institution with plausible defaults. */
export async function createInstitution(db: Db, overrides: Partial<typeof institutions.$inferInsert> = {}): Promise<number> {
  const n = next();
  const [row] = await db
    .insert(institutions)
    .values({
      name: `Test Institution ${n}`,
      shortName: `TI${n}`,
      nameCode: `TI${n}`,
      institutionType: 'College',
      region: 'Mainland/Southwest',
      ...overrides,
    })
    .returning({ id: institutions.id });
  return row!.id;
}

/** Inserts a user and their per-institution privileges. */
export async function createUser(
  db: Db,
  options: {
    username?: string;
    privileges?: Partial<Privileges>;
    active?: boolean;
    homeInstitutionId?: number | null;
    prefName?: string;
  } = {},
): Promise<number> {
  const p = options.privileges ?? {};
  const username = options.username ?? `user${next()}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      prefName: options.prefName ?? username,
      email: `${username}@example.ca`,
      homeInstitutionId: options.homeInstitutionId ?? null,
      active: options.active ?? true,
      glblAdmin: p.glblAdmin ?? false,
      glblRead: p.glblRead ?? false,
    })
    .returning({ id: users.id });
  const rows = (['read', 'write', 'admin'] as const).flatMap((level) =>
    (p[level] ?? []).map((institutionId) => ({ userId: row!.id, institutionId, level })),
  );
  if (rows.length > 0) await db.insert(userPrivileges).values(rows);
  return row!.id;
}

/** Every kind of caller an authorization matrix walks: signed out, then the six kinds of user. */
export const ROLE_NAMES = ['signedOut', 'userOnly', 'reader', 'writer', 'instAdmin', 'globalReader', 'appAdmin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** The six kinds of user every authorization matrix walks, with two institutions to hold rights on. */
export async function createRoleMatrix(db: Db) {
  const own = await createInstitution(db);
  const other = await createInstitution(db);
  return {
    institutions: { own, other },
    users: {
      userOnly: await createUser(db, { username: 'matrix-useronly' }),
      reader: await createUser(db, { username: 'matrix-reader', privileges: { read: [own] } }),
      writer: await createUser(db, { username: 'matrix-writer', privileges: { write: [own] } }),
      instAdmin: await createUser(db, { username: 'matrix-instadmin', privileges: { admin: [own] } }),
      globalReader: await createUser(db, { username: 'matrix-globalreader', privileges: { glblRead: true } }),
      appAdmin: await createUser(db, { username: 'matrix-appadmin', privileges: { glblAdmin: true } }),
    },
  };
}
