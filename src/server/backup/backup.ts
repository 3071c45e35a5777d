import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  DataDirInUseError,
  openPglite,
  openPostgres,
  PGLITE_DATA_SUBDIR,
  queryRows,
  runMigrations,
  takeDataDirLock,
  type Database,
  type Db,
} from '../db/client.ts';
import { SESSION_CACHE_CHANNEL } from '../plugins/session-cache.ts';

/**
 * Backups of the whole database, and restores from them (README "Backups").
 * PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, restored with `pg_restore --clean --single-transaction`.
 * PGlite (DATA_DIR): PGlite's own gzip dump of the data directory, taken and restored under the directory's lock.
 */

/** Where the database lives: the same two settings the app reads. */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

export type BackupEngine = 'postgres' | 'pglite';

export interface BackupOptions {
  /** The file to write; default `backups/wil-YYYYMMDD-HHMMSS.dump` (PostgreSQL) or `.tar.gz` (PGlite), UTC. */
  out?: string;
  now?: Date;
  /** The environment pg_dump runs with (its PATH finds it). */
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
}

export interface RestoreOptions {
  /** Replace a database that holds data. Without it such a restore is refused and nothing changes. */
  yes?: boolean;
  /** The environment pg_restore runs with (its PATH finds it). */
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
}

export interface RestoreResult {
  engine: BackupEngine;
  /** Migrations newer than the backup, applied after it was restored. */
  migrationsApplied: number;
}

/** A backup or restore that did not happen, with what to do about it; nothing was changed. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export const BACKUP_DIR = 'backups';

const engineOf = (target: BackupTarget): BackupEngine => (target.databaseUrl ? 'postgres' : 'pglite');

/** `backups/wil-20250131-235959.dump`: the time in UTC, the extension by engine. */
export function defaultBackupFile(engine: BackupEngine, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return join(BACKUP_DIR, `wil-${stamp}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`);
}

/** What a file holds, from its first bytes: a pg_dump custom-format archive starts `PGDMP`, a gzip file 1f 8b. */
export function backupFileKind(file: string): BackupEngine | 'unknown' {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

/** Takes a backup of the database the target names; returns the file written. */
export async function backup(target: BackupTarget, options: BackupOptions = {}): Promise<string> {
  const engine = engineOf(target);
  const out = resolve(options.out ?? defaultBackupFile(engine, options.now));
  if (existsSync(out)) throw new BackupError(`${out} already exists: name another file with --out, or move that one away.`);
  mkdirSync(dirname(out), { recursive: true });
  // Written beside the final name, renamed when complete: a failed backup never leaves a file that looks whole.
  const partial = `${out}.partial`;
  try {
    if (target.databaseUrl) {
      const { url, env } = connection(target.databaseUrl, options.env);
      await runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`], env, 'No backup was written.');
    } else {
      writeFileSync(partial, await dumpPglite(resolve(target.dataDir)));
    }
    renameSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
  }
  return out;
}

async function dumpPglite(dataDir: string): Promise<Buffer> {
  if (!existsSync(join(dataDir, PGLITE_DATA_SUBDIR, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} to back up. Check DATA_DIR (or set DATABASE_URL for PostgreSQL).`);
  }
  let database: Database;
  try {
    // The directory's lock, held while reading: the app cannot be writing to what is being copied.
    database = await openPglite({ dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) throw inUse(err, 'backing up', 'Nothing was written.');
    throw err;
  }
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await database.close();
  }
}

/** Replaces the target's database with the backup in `file`, then applies any newer migrations. */
export async function restore(target: BackupTarget, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const engine = engineOf(target);
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`The backup file ${path} does not exist.`);
  const kind = backupFileKind(path);
  if (kind === 'unknown') {
    throw new BackupError(
      `${path} is not a backup made by npm run backup: it starts with neither PGDMP (a pg_dump custom-format archive, ` +
        'for PostgreSQL) nor the gzip bytes 1f 8b (a PGlite data-directory dump).',
    );
  }
  if (kind !== engine) {
    throw new BackupError(
      kind === 'pglite'
        ? `${path} is a PGlite backup (a gzip data-directory dump), but DATABASE_URL is set, so the target is PostgreSQL. ` +
            'A PGlite backup restores only into the embedded database: unset DATABASE_URL and set DATA_DIR.'
        : `${path} is a PostgreSQL backup (pg_dump custom format), but DATABASE_URL is not set, so the target is the ` +
            'embedded database in DATA_DIR. Set DATABASE_URL to the PostgreSQL database to restore into.',
    );
  }
  const log = options.log ?? (() => {});
  const result = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, path, options)
    : await restorePglite(resolve(target.dataDir), path, options);
  log(
    result.migrationsApplied > 0
      ? `Ran the migrations: ${result.migrationsApplied} newer than the backup applied, so the database is up to date.`
      : 'Ran the migrations: the backup was already up to date.',
  );
  return result;
}

async function restorePostgres(databaseUrl: string, file: string, options: RestoreOptions): Promise<RestoreResult> {
  const { url, env, label } = connection(databaseUrl, options.env);
  let database = openPostgres(databaseUrl, 1);
  try {
    const how = 'every table in the backup dropped and re-created from it, in one transaction';
    refuseUnlessEmpty(await tablesWithRows(database.db), label, how, file, options.yes);
  } finally {
    await database.close();
  }
  const changesBefore = await newestChange(databaseUrl);
  // One transaction: pg_restore either replaces everything or, on any error, leaves the database as it was.
  await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file],
    env,
    'The database is as it was.',
  );
  database = openPostgres(databaseUrl, 1);
  try {
    const migrationsApplied = await migrate(database);
    // Recreated tables fire none of the session-cache triggers: tell running app servers to forget who is signed in.
    await database.db.execute(sql`SELECT pg_notify(${SESSION_CACHE_CHANNEL}, 'restore')`);
    await markAllChanged(database, changesBefore);
    return { engine: 'postgres', migrationsApplied };
  } finally {
    await database.close();
  }
}

/** The newest data_changes number the database has handed out (0 before migration 0004). */
async function newestChange(databaseUrl: string): Promise<number> {
  const database = openPostgres(databaseUrl, 1);
  try {
    const [row] = await queryRows<{ n: string | null }>(
      database.db,
      sql`SELECT pg_sequence_last_value(to_regclass('data_changes_seq_seq'))::text AS n`,
    );
    return Number(row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/**
 * Recreated tables fire no triggers either: running app servers keep disclosure verdicts labelled with data versions
 * (decision 022), and the restored numbering restarts below numbers those servers have seen. Every period changes now,
 * numbered above anything handed out before the restore, so no version seen before can come round again.
 */
async function markAllChanged(database: Database, newestBefore: number): Promise<void> {
  await database.db.execute(
    sql`SELECT setval('data_changes_seq_seq', greatest(${newestBefore}::bigint, (SELECT coalesce(max(seq), 0) FROM data_changes), 1))`,
  );
  await database.db.execute(
    sql`INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('records', '*', '*'), ('returns', '*', '*')`,
  );
}

async function restorePglite(dataDir: string, file: string, options: RestoreOptions): Promise<RestoreResult> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = takeDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError) throw inUse(err, 'restoring', 'Nothing was changed.');
    throw err;
  }
  try {
    const pgdata = join(dataDir, PGLITE_DATA_SUBDIR);
    if (existsSync(join(pgdata, 'PG_VERSION'))) {
      const current = await openPglite({ dataDir, lock: false });
      try {
        const how = 'the whole database directory swapped for the backup’s';
        refuseUnlessEmpty(await tablesWithRows(current.db), `The embedded database in ${dataDir}`, how, file, options.yes);
      } finally {
        await current.close();
      }
    }
    // The old data stays aside until the restored database has opened and migrated; any failure puts it back.
    const aside = join(dataDir, `${PGLITE_DATA_SUBDIR}.before-restore-${Date.now()}`);
    if (existsSync(pgdata)) renameSync(pgdata, aside);
    let migrationsApplied: number;
    try {
      const restored = await openPglite({ dataDir, lock: false, loadDataDir: new Blob([readFileSync(file)]) });
      try {
        migrationsApplied = await migrate(restored);
      } finally {
        await restored.close();
      }
    } catch (err) {
      rmSync(pgdata, { recursive: true, force: true });
      if (existsSync(aside)) renameSync(aside, pgdata);
      throw new BackupError(`Restoring ${file} failed (${(err as Error).message}). The database in ${dataDir} is as it was.`, {
        cause: err,
      });
    }
    rmSync(aside, { recursive: true, force: true });
    return { engine: 'pglite', migrationsApplied };
  } finally {
    release();
  }
}

function inUse(err: DataDirInUseError, doing: string, outcome: string): BackupError {
  return new BackupError(
    `The database in ${err.dataDir} is open in process ${err.pid} (the app, or another script). Stop it before ` +
      `${doing}: the embedded database allows one process at a time. ${outcome}`,
    { cause: err },
  );
}

/** Applies the committed migrations; returns how many were new to this database. */
async function migrate(database: Database): Promise<number> {
  const count = async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    ).catch(() => [{ n: 0 }]);
    return row?.n ?? 0;
  };
  const before = await count();
  await runMigrations(database);
  return (await count()) - before;
}

/** The app's tables that hold rows, with how many. */
async function tablesWithRows(db: Db): Promise<{ table: string; rows: number }[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const found: { table: string; rows: number }[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
    if (row && row.n > 0) found.push({ table: name, rows: row.n });
  }
  return found;
}

/**
 * Tables whose rows alone are not data anyone would lose: the lookup table every migrated database has, and the
 * bookkeeping of what changed (data_changes, data_periods), which triggers keep and the migration fills.
 */
const NOT_DATA = new Set(['disciplines', 'data_changes', 'data_periods']);

function refuseUnlessEmpty(
  tables: { table: string; rows: number }[],
  label: string,
  how: string,
  file: string,
  yes?: boolean,
): void {
  const data = tables.filter((t) => !NOT_DATA.has(t.table));
  if (data.length === 0 || yes) return;
  const summary = data.map((t) => `${t.table} ${t.rows.toLocaleString('en-CA')}`).join(', ');
  throw new BackupError(
    `${label} holds data (rows: ${summary}). Restoring would replace all of it with the contents of ${file} ` +
      `(${how}), then run the migrations. Nothing was changed. To replace it, run the restore again with --yes.`,
  );
}

/**
 * The URL without its password (which goes in PGPASSWORD, so it is not on a command line others can read),
 * the environment for the PostgreSQL tools, and a label naming the database for messages.
 */
function connection(databaseUrl: string, baseEnv: NodeJS.ProcessEnv = process.env) {
  const parsed = new URL(databaseUrl);
  const env = { ...baseEnv };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  const label = `The PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host}`;
  return { url: parsed.href, env, label };
}

/** Runs a PostgreSQL client tool; its error output becomes the message when it fails. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, outcome: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on the PATH. Install the PostgreSQL client tools (the postgresql-client ` +
                `package on Debian and Ubuntu), of the server’s major version or newer, and try again. ${outcome}`,
              { cause: err },
            )
          : err,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise();
      else
        reject(
          new BackupError(`${command} failed (${signal ?? `exit code ${code}`}). ${outcome}\n${stderr.trim() || '(no output)'}`),
        );
    });
  });
}
