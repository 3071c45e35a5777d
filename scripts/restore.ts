/**
 * Restores the database named by the environment from a file made by `npm run backup`, then runs the migrations.
 *   npm run restore -- FILE             into an empty database
 *   npm run restore -- FILE --yes       replaces a database that holds data (all of it)
 * DATABASE_URL selects a PostgreSQL server (pg_restore --clean --single-transaction); without it, PGlite in
 * DATA_DIR (default ./data), which must not be open in the app while this runs.
 */
import { BackupError, restore } from '../src/server/backup/backup.ts';
import { databaseSettings, readArguments, runCommand, UsageError } from './command-line.ts';

const USAGE = 'Usage: npm run restore -- FILE [--yes]   (--yes: replace a database that holds data)';

function parse(): { file: string; yes: boolean } {
  const { values, positionals } = readArguments(USAGE, { yes: { type: 'boolean', short: 'y' } }, true);
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'Name the backup file to restore.' : 'Name one backup file.');
  }
  return { file: positionals[0]!, yes: (values.yes as boolean | undefined) ?? false };
}

async function main(): Promise<void> {
  const { file, yes } = parse();
  await restore(databaseSettings(), file, { yes, log: (message) => console.log(message) });
  console.log(`Restored from ${file}`);
}

runCommand(USAGE, 'Restore', main, (err) => err instanceof BackupError);
