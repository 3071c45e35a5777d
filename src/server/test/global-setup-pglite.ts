import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openPglite, runMigrations } from '../db/client.ts';
import { PGLITE_TEMPLATE_FILE } from './test-databases.ts';

/**
 * Migrates one PGlite database once and dumps it; each test file then opens its own copy in memory (~10x faster).
 * Not compressed: a copy then opens in 0.35 s instead of 0.6 s (41 MB on disk instead of 5, once per run).
 */
export default async function setup(): Promise<void> {
  const database = await openPglite({});
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  mkdirSync(dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
}
