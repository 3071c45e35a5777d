/**
 * Seeds the database named by the environment.
 *   npm run seed                        demo data, once (does nothing when institutions exist)
 *   npm run seed -- --records 1000000   replaces all records with that many generated ones
 * DATABASE_URL selects a PostgreSQL server; without it, PGlite in DATA_DIR (default ./data).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../src/server/db/client.ts';
import type { Database } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { seedLargeDataset } from '../src/server/seed/large.ts';

const USAGE = 'Usage: npm run seed [-- --records N]   (N: a positive whole number of records to generate)';

class UsageError extends Error {}

function parseRecords(argv: string[]): number | undefined {
  let values: { records?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { records: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.records === undefined) return undefined;
  const text = values.records.replaceAll('_', '').replaceAll(',', '');
  const records = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(records) || records <= 0) {
    throw new UsageError(`--records must be a positive whole number, got "${values.records}".`);
  }
  return records;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const records = parseRecords(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  console.log(databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: PGlite in ${dataDir}`);

  const started = performance.now();
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl, dataDir });
    await runMigrations(database);
    console.log(`Opened and migrated in ${seconds(started)}.`);

    const seeding = performance.now();
    if (records === undefined) {
      const seeded = await seedDemo(database);
      console.log(
        seeded
          ? `Seeded the demo data in ${seconds(seeding)}.`
          : 'The database already has institutions: left it as it is (demo data is seeded only into an empty database).',
      );
    } else {
      await seedLargeDataset(database, records, (msg) => console.log(msg));
      console.log(`Loaded ${records.toLocaleString('en-CA')} records in ${seconds(seeding)}.`);
    }
  } finally {
    await database?.close();
  }
  console.log(`Done in ${seconds(started)}.`);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n${USAGE}`);
  } else {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    if (process.env.DEBUG && err instanceof Error) console.error(err.stack);
  }
  process.exitCode = 1;
});
