/**
 * Seeds the database named by the environment.
 *   npm run seed                        demo data, once (does nothing when institutions exist)
 *   npm run seed -- --records 1000000   replaces all records with that many generated ones, shaped like a national
 *                                       data set (90 institutions, programs for twenty fiscal years: docs/benchmarks.md)
 * DATABASE_URL selects a PostgreSQL server; without it, PGlite in DATA_DIR (default ./data).
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, runMigrations } from '../src/server/db/client.ts';
import type { Database } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { MAX_LARGE_RECORDS, seedLargeDataset } from '../src/server/seed/large.ts';
import { databaseSettings, readArguments, runCommand, UsageError } from './command-line.ts';

const USAGE = `Usage: npm run seed [-- --records N]   (N: a whole number of records to generate, 1 to ${MAX_LARGE_RECORDS.toLocaleString('en-CA')})`;

function parseRecords(): number | undefined {
  const { values } = readArguments(USAGE, { records: { type: 'string' } });
  const given = values.records as string | undefined;
  if (given === undefined) return undefined;
  const text = given.replaceAll('_', '').replaceAll(',', '');
  const records = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(records) || records <= 0) {
    throw new UsageError(`--records must be a positive whole number, got "${given}".`);
  }
  if (records > MAX_LARGE_RECORDS) {
    throw new UsageError(`--records can be at most ${MAX_LARGE_RECORDS.toLocaleString('en-CA')}, got ${given}.`);
  }
  return records;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const records = parseRecords();
  const { databaseUrl, dataDir } = databaseSettings();

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

runCommand(USAGE, 'Seeding', main);
