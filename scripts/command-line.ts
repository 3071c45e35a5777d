/** What the project's commands (seed, backup, restore) share: argument parsing, the database named, failure output. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** Reads the arguments strictly; `--help` prints the usage and exits; anything unknown is a UsageError. */
export function readArguments<O extends Options>(usage: string, options: O, allowPositionals = false) {
  try {
    const parsed = parseArgs({ args: process.argv.slice(2), options: { ...options, ...HELP }, strict: true, allowPositionals });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The database the environment names (PostgreSQL by DATABASE_URL, else PGlite in DATA_DIR), said aloud. */
export function databaseSettings(): { databaseUrl: string | undefined; dataDir: string } {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  console.log(databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: PGlite in ${dataDir}`);
  return { databaseUrl, dataDir };
}

/**
 * Runs a command: a usage error prints the usage, any other failure `<what> failed: <message>` (with the stack under
 * DEBUG, unless `expected` says the error is one of the command's own, worded for people); either way exit code 1.
 */
export function runCommand(
  usage: string,
  what: string,
  main: () => Promise<void>,
  expected: (err: unknown) => boolean = () => false,
) {
  main().catch((err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${usage}`);
    } else {
      console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (process.env.DEBUG && err instanceof Error && !expected(err)) console.error(err.stack);
    }
    process.exitCode = 1;
  });
}
