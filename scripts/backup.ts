/**
 * Backs up the database named by the environment to one file.
 *   npm run backup                      to backups/wil-YYYYMMDD-HHMMSS.dump (PostgreSQL) or .tar.gz (PGlite), UTC
 *   npm run backup -- --out FILE        to FILE (never over an existing one)
 * DATABASE_URL selects a PostgreSQL server (pg_dump --format=custom); without it, PGlite in DATA_DIR (default
 * ./data), which must not be open in the app while this runs.
 */
import { backup, BackupError } from '../src/server/backup/backup.ts';
import { databaseSettings, readArguments, runCommand, UsageError } from './command-line.ts';

const USAGE = 'Usage: npm run backup [-- --out FILE]';

function parseOut(): string | undefined {
  const { values } = readArguments(USAGE, { out: { type: 'string', short: 'o' } });
  const out = values.out as string | undefined;
  if (out !== undefined && out.trim() === '') throw new UsageError('--out needs a file name.');
  return out;
}

async function main(): Promise<void> {
  const out = parseOut();
  const file = await backup(databaseSettings(), { out });
  console.log(`Backed up to ${file}`);
}

runCommand(USAGE, 'Backup', main, (err) => err instanceof BackupError);
