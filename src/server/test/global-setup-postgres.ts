import type { TestProject } from 'vitest/node';
import { openPostgres, runMigrations } from '../db/client.ts';
import { adminQuery, databaseUrl, POSTGRES_ADMIN_URL } from './test-databases.ts';

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
    for (const { datname } of rows as { datname: string }[]) {
      await adminQuery(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  };
}
