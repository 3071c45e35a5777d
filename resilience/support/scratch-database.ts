import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, runMigrations, type Database } from '../../src/server/db/client.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { adminQuery, databaseUrl } from '../../src/server/test/test-databases.ts';

/** A migrated database of its own on the test PostgreSQL server, dropped by `drop()`. */
export interface ScratchDatabase {
  url: string;
  database: Database;
  /** A signed-in session for a seeded user, as the cookie a production server (`__Host-`) or a development one reads. */
  cookieFor(username: string, production: boolean): Promise<string>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(purpose: string): Promise<ScratchDatabase> {
  const name = `wil_${purpose}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const database = openPostgres(url, 4);
  await runMigrations(database);
  return {
    url,
    database,
    async cookieFor(username, production) {
      const [user] = await queryRows<{ id: number }>(database.db, sql`SELECT id FROM users WHERE username = ${username}`);
      if (!user) throw new Error(`No seeded user ${username}`);
      const token = randomBytes(32).toString('base64url');
      await database.db.insert(sessions).values({
        id: createHash('sha256').update(token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `${production ? '__Host-wil_session' : 'wil_session'}=${token}`;
    },
    async drop() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
