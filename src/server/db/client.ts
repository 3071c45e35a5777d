import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { trackCommitOutcome } from './commit-outcome.ts';
import { dropWhenUnanswered } from './unanswered-query.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: Drizzle on top, and the driver underneath for what Drizzle does not do (COPY, pooling). */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Set on PostgreSQL: the connection pool. */
  pool?: pg.Pool;
  /** Set on PGlite: the embedded database. */
  pglite?: PGlite;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// node-postgres parses int8 and numeric into strings, PGlite int8 into numbers: queries cast explicitly
// (`::int`, `::float8`, money as text) so both drivers return the same shapes.

/**
 * Opens a PostgreSQL server through a pool. `unansweredMs`: the app server's limit on waiting for any one answer
 * (dropWhenUnanswered); scripts (seed, backup, bench) leave it out, as their long statements are expected.
 */
export function openPostgres(url: string, poolSize = 10, unansweredMs?: number): Database {
  // No JIT: compiling a report's or disclosure control's expressions took 0.1–15 s at a million records (15 of the 20 s
  // of a cold disclosure question), far more than running them; the app's queries are short (docs/benchmarks.md).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // The pool listens for errors only on idle clients. A checked-out one (a Drizzle transaction, COPY, migrations)
  // emits 'error' with no listener when PostgreSQL goes away mid-transaction, and an unheard 'error' ends the process.
  // Its query in flight is rejected anyway (the request answers 503) and the pool drops the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    trackCommitOutcome(client);
    if (unansweredMs) dropWhenUnanswered(client, unansweredMs);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pool,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

const LOCK_FILE = 'app.lock';
/** The folder inside DATA_DIR that holds PGlite's own files (the lock file sits beside it). */
export const PGLITE_DATA_SUBDIR = 'pgdata';

/** The embedded database's directory is locked by a live process (an app server, a script, or this process). */
export class DataDirInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
    options?: ErrorOptions,
  ) {
    super(
      `The database in ${dataDir} is already open in process ${pid}. ` +
        'The embedded database allows one process at a time: stop that process, or set DATA_DIR to another directory.',
      options,
    );
    this.name = 'DataDirInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock: a second process on the same directory silently loses its
 * writes. Take an exclusive lock file naming our pid; a stale one (its process gone) is replaced.
 * Returns the function that releases it; throws a DataDirInUseError while a live process holds it.
 */
export function takeDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      // Our own pid counts too: opening the same directory twice in one process loses writes just the same.
      if (Number.isInteger(holder) && processIsAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder, { cause: err });
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}

/**
 * Opens the embedded PGlite database in `dataDir` (holding its lock), or in memory from a data-dir dump.
 * `lock: false` is for a caller that already holds the directory's lock itself (backup and restore).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File; lock?: boolean }): Promise<Database> {
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    if (options.lock !== false) release = takeDataDirLock(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ? join(dataDir, PGLITE_DATA_SUBDIR) : undefined, { loadDataDir: options.loadDataDir });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

/** Applies the committed migrations. On PostgreSQL an advisory lock lets several app servers start at once. */
export function runMigrations(database: Database): Promise<void> {
  return migrateFrom(database, MIGRATIONS_DIR);
}

/** Applies the migrations of `folder` not yet applied (the app's own are in MIGRATIONS_DIR). */
export async function migrateFrom(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727201)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727201)').catch(() => {});
    client.release();
  }
}

/** Opens the database the settings name: PostgreSQL when a URL is given, PGlite in `dataDir` otherwise. */
export async function openDatabase(settings: {
  databaseUrl?: string;
  dataDir: string;
  databaseAnswerMs?: number;
}): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl, 10, settings.databaseAnswerMs)
    : openPglite({ dataDir: settings.dataDir });
}

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A query running longer than this did enough sorting and hashing to leave its server process bloated (see below). */
export const HEAVY_QUERY_MS = 200;

/**
 * Rows of a query that may sort or hash much of the table (a report). On PostgreSQL, the connection that ran it goes
 * back to the pool only when the query was quick; after a longer one it is closed. A server process keeps the memory
 * such a query used (measured: 4 → 30 MB after the placement or salary report) and its later parallel queries ran
 * 30–100% slower than the same query on a fresh connection (docs/benchmarks.md). A new connection costs a few
 * milliseconds; such a query, hundreds.
 */
export async function queryHeavyRows<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows<T>(db, query);
  const client = await pool.connect();
  const started = performance.now();
  let close = true;
  try {
    const rows = await queryRows<T>(drizzlePg(client) as unknown as Db, query);
    close = performance.now() - started > HEAVY_QUERY_MS;
    return rows;
  } finally {
    // Truthy closes the connection instead of pooling it; on an error it is closed too, as pool.query does.
    client.release(close);
  }
}

const dialect = new PgDialect();

/**
 * A hot query of fixed text (only its `sql.placeholder()` values differ) as a named prepared statement on
 * PostgreSQL: each pooled connection parses and plans it once instead of on every request, and the SQL is built
 * once instead of on every call; for the session and record look-ups both cost more than running them
 * (docs/benchmarks.md). Inside a transaction, and on PGlite, it runs as an ordinary query.
 */
export function preparedStatement<T, V extends Record<string, unknown>>(query: SQL): (db: Db, values: V) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `wil_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return async (db, values) => {
    const filled = fillPlaceholders(params, values);
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query({ name, text, values: filled })).rows as T[];
    return queryRows<T>(db, withParams(text, filled));
  };
}

/** Drizzle SQL of a statement's text ($1, $2 …) and its values, to run on a transaction's own connection. */
function withParams(text: string, values: unknown[]): SQL {
  // Splitting on a capturing group alternates text and parameter numbers: [text, "1", text, "2", text …].
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}
