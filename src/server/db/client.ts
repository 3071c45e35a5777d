import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
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

/** Opens a PostgreSQL server through a pool. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
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
 */
function takeDataDirLock(dataDir: string): () => void {
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
        throw new Error(
          `The database in ${dataDir} is already open in process ${holder}. ` +
            'The embedded database allows one process at a time: stop that process, or set DATA_DIR to another directory.',
          { cause: err },
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}

/** Opens the embedded PGlite database in `dataDir` (holding its lock), or in memory from a data-dir dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    release = takeDataDirLock(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ? join(dataDir, 'pgdata') : undefined, { loadDataDir: options.loadDataDir });
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
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727201)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727201)').catch(() => {});
    client.release();
  }
}

/** Opens the database the settings name: PostgreSQL when a URL is given, PGlite in `dataDir` otherwise. */
export async function openDatabase(settings: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return settings.databaseUrl ? openPostgres(settings.databaseUrl) : openPglite({ dataDir: settings.dataDir });
}

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
