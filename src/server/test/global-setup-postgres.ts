import type { TestProject } from 'vitest/node';
import { openPostgres, runMigrations } from '../db/client.ts';
import { adminQuery, databaseUrl, POSTGRES_ADMIN_URL } from './test-databases.ts';

const DROPS_AT_ONCE = 8;

/**
 * Creates a fresh, migrated template database for this run; each test file clones it (CREATE DATABASE … TEMPLATE).
 * Everything this run created is dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `wil_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tmpl`;
  try {
    await adminQuery(`CREATE DATABASE ${template}`);
  } catch (err) {
    throw new Error(
      `PostgreSQL is not answering at ${POSTGRES_ADMIN_URL} (${(err as Error).message}). Start it, or set TEST_DATABASE_URL.`,
      {
        cause: err,
      },
    );
  }
  const database = openPostgres(databaseUrl(template), 1);
  await runMigrations(database);
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    const { rows } = await adminQuery(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`);
    const names = (rows as { datname: string }[]).map((row) => row.datname);
    // A few at a time. Each drop waits for a checkpoint (the server writes what is dirty to disk), so after a full run
    // they take longer than on a quiet server: 105 took 11.4 s eight at once (2026-11-29). Dropping each file's
    // database as the file closed it was measured too, and was no quicker overall: its checkpoints slowed the files
    // still running.
    for (let start = 0; start < names.length; start += DROPS_AT_ONCE) {
      await Promise.all(
        names.slice(start, start + DROPS_AT_ONCE).map((name) => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
      );
    }
  };
}
