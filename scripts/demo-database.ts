/**
 * A fresh demo database in a temporary directory, for the disclosure measures (`disclosure:usefulness`,
 * `disclosure:audit`). Seeded as of one fixed day, the tests' too, so a run today compares with a run last month.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, runMigrations, type Database } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { middayInBc } from '../src/shared/term-calendar.ts';

export const SEEDED_AS_OF = middayInBc('2025-12-15');

export interface DemoDatabase {
  database: Database;
  /** Closes the database and removes its directory. */
  close(): Promise<void>;
}

export async function openDemoDatabase(): Promise<DemoDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wil-demo-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let database: Database | undefined;
  try {
    database = await openDatabase({ dataDir });
    await runMigrations(database);
    await seedDemo(database, SEEDED_AS_OF);
  } catch (error) {
    await database?.close();
    remove();
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    async close() {
      await opened.close();
      remove();
    },
  };
}
