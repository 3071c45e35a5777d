import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where a machine may keep PostgreSQL's server programs, most specific first. */
export interface BinDirSources {
  /** `PG_BINDIR`, for a layout none of the others finds. */
  readonly explicit?: string;
  /** What `pg_config --bindir` prints (Debian's points at the client tools; Homebrew's and source builds' at all). */
  readonly pgConfig?: string;
  /** The directories of `PATH`. */
  readonly path: readonly string[];
  /** Debian's `/usr/lib/postgresql/N/bin`, newest major version first. */
  readonly debian: readonly string[];
}

/** The first directory that holds both `initdb` and `postgres`, or an error that says where it looked. */
export function pickBinDir(sources: BinDirSources, hasServer: (dir: string) => boolean): string {
  const candidates = [sources.explicit, sources.pgConfig, ...sources.path, ...sources.debian].filter(
    (dir): dir is string => !!dir,
  );
  const found = candidates.find(hasServer);
  if (found) return found;
  throw new Error(
    'The resilience tests start PostgreSQL servers of their own and need its server programs (initdb, postgres, pg_ctl), ' +
      `found in none of: ${candidates.join(', ') || '(no candidates)'}. Install them (Debian: apt-get install postgresql) ` +
      'or set PG_BINDIR to their directory.',
  );
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function pgConfigBinDir(): string | undefined {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function debianBinDirs(): string[] {
  try {
    return readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`);
  } catch {
    return [];
  }
}

/** This machine's PostgreSQL server programs: PG_BINDIR, pg_config, PATH, then Debian's layout. */
export function postgresBinDir(): string {
  return pickBinDir(
    {
      explicit: process.env.PG_BINDIR,
      pgConfig: pgConfigBinDir(),
      path: (process.env.PATH ?? '').split(delimiter),
      debian: debianBinDirs(),
    },
    (dir) => executable(join(dir, 'initdb')) && executable(join(dir, 'postgres')),
  );
}
