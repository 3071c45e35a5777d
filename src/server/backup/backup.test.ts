import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateFrom, openPglite, openPostgres, queryRows, runMigrations, type Database, type Db } from '../db/client.ts';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../paths.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createUser } from '../test/factories.ts';
import { programBody, recordBody } from '../test/record-factories.ts';
import { adminQuery, databaseUrl, PGLITE_TEMPLATE_FILE } from '../test/test-databases.ts';
import { backup, restore, type BackupTarget } from './backup.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const run = promisify(execFile);

/** Where each database of this file lives, on the engine this project runs. */
const engine = {
  /** A database with the app's schema, for the app to fill. */
  async migrated(name: string): Promise<BackupTarget> {
    if (onPostgres) {
      const db = `${inject('postgresTemplate')}_${name}_${randomBytes(3).toString('hex')}`;
      await adminQuery(`CREATE DATABASE ${db} TEMPLATE ${inject('postgresTemplate')}`);
      return { databaseUrl: databaseUrl(db), dataDir: '' };
    }
    const dataDir = join(tmp, name);
    const database = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]) });
    await database.close();
    return { dataDir };
  },
  /** A database with nothing in it at all: an empty PostgreSQL database, or a PGlite directory that does not exist. */
  async empty(name: string): Promise<BackupTarget> {
    if (onPostgres) {
      const db = `${inject('postgresTemplate')}_${name}_${randomBytes(3).toString('hex')}`;
      await adminQuery(`CREATE DATABASE ${db}`);
      return { databaseUrl: databaseUrl(db), dataDir: '' };
    }
    return { dataDir: join(tmp, name) };
  },
  open(target: BackupTarget): Promise<Database> {
    return onPostgres ? Promise.resolve(openPostgres(target.databaseUrl!, 2)) : openPglite({ dataDir: target.dataDir });
  },
};

/** The environment the npm scripts read for this target. */
const envFor = (target: BackupTarget) => ({
  ...process.env,
  DATABASE_URL: target.databaseUrl ?? '',
  DATA_DIR: target.dataDir,
});

type Snapshot = Record<string, { rows: number; md5: string }>;

/**
 * Every table of the app and of the migrator: its row count and the md5 of its rows ordered by primary key. Not
 * data_changes: it logs every change, the restore's own included (backup.ts, markAllChanged).
 */
async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await queryRows<{ name: string; pk: string | null }>(
    db,
    sql`SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name,
          (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY array_position(i.indkey::int2[], a.attnum))
             FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
            WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname IN ('public', 'drizzle') AND c.relname <> 'data_changes'
        ORDER BY 1`,
  );
  const result: Snapshot = {};
  for (const { name, pk } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\n' ORDER BY ${sql.raw(pk ?? 't::text')}), ''))
          AS md5 FROM ${sql.raw(name)} t`,
    );
    result[name] = row!;
  }
  return result;
}

async function snapshotOf(target: BackupTarget): Promise<Snapshot> {
  const database = await engine.open(target);
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

let tmp: string;

describe(`backup and restore round trip (${onPostgres ? 'PostgreSQL: pg_dump / pg_restore' : 'PGlite: data-dir dump'})`, () => {
  let source: BackupTarget;
  let backupFile: string;
  let atBackup: Snapshot;
  let recordIds: number[];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'wil-backup-test-'));
    source = await engine.migrated('source');
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** The app on `target`, signed in as an app admin; closed by the caller. */
  async function appOn(target: BackupTarget) {
    const ctx = await createTestContext({}, await engine.open(target));
    return ctx;
  }
  const as = (ctx: TestContext, cookie: string) => (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie } });

  it('fills the database through the app: institutions, programs, records with cents, a user, audit rows', async () => {
    const ctx = await appOn(source);
    try {
      const admin = await createUser(ctx.db, { username: 'backup-admin', privileges: { glblAdmin: true } });
      const call = as(ctx, await ctx.cookieFor(admin));
      const institutions: number[] = [];
      for (const [short, code] of [
        ['BkPoly', 'BKPO'],
        ['BkUni', 'BKUN'],
      ]) {
        const res = await call('PUT', '/api/institutions', {
          name: `Backup ${short} ‘quoted’ Ünïcode`,
          short_name: short,
          name_code: code,
          institution_type: 'Institute',
          region: 'Kootenay',
          active_ind: true,
        });
        expect(res.statusCode, res.body).toBe(200);
        institutions.push(res.json().id);
      }
      const programs: number[] = [];
      for (const institution_id of institutions) {
        const res = await call('PUT', '/api/programs', programBody(institution_id));
        expect(res.statusCode, res.body).toBe(200);
        programs.push(res.json().id);
      }
      recordIds = [];
      for (const [i, money] of [
        ['23.45', '750.01', '1200.50'],
        ['0.07', '99999.99', null],
        ['18.10', null, '0.99'],
      ].entries()) {
        const body = recordBody(institutions[i % 2]!, programs[i % 2]!, {
          avg_hourly_wage: money[0],
          coop_fee_domestic: money[1],
          coop_fee_international: money[2],
          notes: i === 0 ? 'Tab\there, a newline\nand a quote \' " \\ ✓' : null,
        });
        const res = await call('PUT', '/api/records', body);
        expect(res.statusCode, res.body).toBe(200);
        recordIds.push(res.json().id);
      }
      const first = (await call('GET', `/api/records/${recordIds[0]}`)).json();
      const edit = await call('PATCH', `/api/records/${recordIds[0]}`, { version: first.version, avg_hourly_wage: '24.05' });
      expect(edit.statusCode, edit.body).toBe(200);

      atBackup = await snapshot(ctx.db);
      expect(atBackup['public.records']!.rows).toBe(3);
      expect(atBackup['public.programs']!.rows).toBe(2);
      expect(atBackup['public.users']!.rows).toBe(1);
      expect(atBackup['public.audit_log']!.rows).toBe(2 + 2 + 3 + 1);
      expect(atBackup['public.sessions']!.rows).toBe(1);

      if (!onPostgres) {
        // The app holds the directory: a copy taken now could be torn, so neither command touches it.
        const out = join(tmp, 'while-running.tar.gz');
        await expect(backup(source, { out })).rejects.toThrow(
          new RegExp(
            `is open in process ${process.pid} \\(the app, or another script\\)\\. Stop it before backing up.*Nothing was written`,
          ),
        );
        expect(existsSync(out)).toBe(false);
        writeFileSync(out, gzipSync('not really a backup'));
        await expect(restore(source, out, { yes: true })).rejects.toThrow(
          /is open in process \d+ \(the app, or another script\)\. Stop it before restoring.*Nothing was changed/,
        );
        expect(await snapshot(ctx.db)).toEqual(atBackup);
      }
    } finally {
      await ctx.close();
    }
  });

  it('npm run backup writes the file (custom-format dump on PostgreSQL, gzip on PGlite)', async () => {
    backupFile = join(tmp, onPostgres ? 'wil.dump' : 'wil.tar.gz');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', backupFile], {
      cwd: PROJECT_ROOT,
      env: envFor(source),
    });
    expect(stdout).toContain(`Backed up to ${backupFile}`);
    const head = readFileSync(backupFile).subarray(0, 5);
    if (onPostgres) expect(head.toString('latin1')).toBe('PGDMP');
    else expect([...head.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    // Never over an existing file.
    await expect(backup(source, { out: backupFile })).rejects.toThrow(`${backupFile} already exists`);
  });

  it('after changes and deletions, refuses to restore over data without --yes, then with --yes brings back the state at backup time', async () => {
    const ctx = await appOn(source);
    try {
      const admin = (await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM users`))[0]!.id;
      const call = as(ctx, await ctx.cookieFor(admin));
      const loaded = (await call('GET', `/api/records/${recordIds[1]}`)).json();
      expect(
        (await call('PATCH', `/api/records/${recordIds[1]}`, { version: loaded.version, coop_fee_domestic: '1.00' })).statusCode,
      ).toBe(200);
      await ctx.db.execute(sql`DELETE FROM records WHERE id = ${recordIds[2]}`);
      await ctx.db.execute(sql`DELETE FROM audit_log WHERE entity_type = 'institution'`);
      await ctx.db.execute(sql`UPDATE programs SET name = 'Renamed after the backup'`);
    } finally {
      await ctx.close();
    }
    const changed = await snapshotOf(source);
    expect(changed).not.toEqual(atBackup);

    await expect(restore(source, backupFile)).rejects.toThrow(
      /holds data \(rows: audit_log \d+, institutions 2, programs 2, records 2, sessions 2, users 1\)/,
    );
    await expect(restore(source, backupFile)).rejects.toThrow(
      /Restoring would replace all of it with the contents of .*Nothing was changed\. To replace it, run the restore again with --yes\./,
    );
    expect(await snapshotOf(source)).toEqual(changed);
    const newestChange = async () => {
      const database = await engine.open(source);
      try {
        const rows = await queryRows<{ seq: number; everything: boolean }>(
          database.db,
          sql`SELECT seq::int AS seq, fiscal_year = '*' AS everything FROM data_changes ORDER BY seq DESC LIMIT 1`,
        );
        return rows[0]!;
      } finally {
        await database.close();
      }
    };
    const before = await newestChange();

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', backupFile, '--yes'], {
      cwd: PROJECT_ROOT,
      env: envFor(source),
    });
    expect(stdout).toContain('Ran the migrations: the backup was already up to date.');
    expect(stdout).toContain(`Restored from ${backupFile}`);
    expect(await snapshotOf(source)).toEqual(atBackup);
    if (!onPostgres) expect(readdirSync(source.dataDir).sort()).toEqual(['pgdata']); // the old data is gone, the lock released
    // Running app servers (PostgreSQL only: PGlite's must be stopped) keep disclosure verdicts by data version: after
    // the restore every period has a version none of them has seen.
    if (onPostgres)
      expect(await newestChange()).toEqual({ seq: expect.toSatisfy((n: number) => n > before.seq), everything: true });
  });

  it('restores into an empty database without --yes; the app on it serves the records and adds new ones', async () => {
    const target = await engine.empty('fresh');
    const result = await restore(target, backupFile);
    expect(result.migrationsApplied).toBe(0);
    expect(await snapshotOf(target)).toEqual(atBackup);

    const ctx = await appOn(target);
    try {
      const admin = (await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM users`))[0]!.id;
      const call = as(ctx, await ctx.cookieFor(admin));
      const res = await call('GET', `/api/records/${recordIds[0]}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: recordIds[0],
        avg_hourly_wage: '24.05',
        coop_fee_domestic: '750.01',
        coop_fee_international: '1200.50',
        notes: 'Tab\there, a newline\nand a quote \' " \\ ✓',
      });
      // The sequences came back too: a new record gets a new id.
      const first = res.json();
      const created = await call('PUT', '/api/records', recordBody(first.institution_id, first.program_id));
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().id).toBeGreaterThan(Math.max(...recordIds));
    } finally {
      await ctx.close();
    }
  });

  it('brings an older backup up to date: the migrations newer than it run after the restore', async () => {
    // An older version's database: every migration but the newest, whatever it is.
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const olderFolder = join(tmp, 'older-migrations');
    cpSync(MIGRATIONS_DIR, olderFolder, { recursive: true });
    rmSync(join(olderFolder, `${journal.entries.at(-1)!.tag}.sql`));
    writeFileSync(
      join(olderFolder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    const old = await engine.empty('older');
    let database = await engine.open(old);
    try {
      await migrateFrom(database, olderFolder);
    } finally {
      await database.close();
    }
    const file = await backup(old, { out: join(tmp, onPostgres ? 'older.dump' : 'older.tar.gz') });
    const target = await engine.empty('upgraded');
    const messages: string[] = [];
    const result = await restore(target, file, { log: (m) => messages.push(m) });
    expect(result.migrationsApplied).toBe(1);
    expect(messages).toEqual(['Ran the migrations: 1 newer than the backup applied, so the database is up to date.']);
    database = await engine.open(target);
    try {
      const applied = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBe(journal.entries.length);
      await runMigrations(database); // and nothing is left to do
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses a missing file, and a file of the wrong kind, naming what it is', async () => {
    await expect(restore(source, join(tmp, 'nope.dump'))).rejects.toThrow(
      `The backup file ${join(tmp, 'nope.dump')} does not exist.`,
    );
    const text = join(tmp, 'plain.sql');
    writeFileSync(text, '-- a plain SQL dump\nSELECT 1;\n');
    await expect(restore(source, text, { yes: true })).rejects.toThrow(
      /is not a backup made by npm run backup: it starts with neither PGDMP .* nor the gzip bytes 1f 8b/,
    );
    const wrong = join(tmp, onPostgres ? 'other.tar.gz' : 'other.dump');
    writeFileSync(wrong, onPostgres ? gzipSync('a PGlite dump') : 'PGDMP and the rest of an archive');
    await expect(restore(source, wrong, { yes: true })).rejects.toThrow(
      onPostgres
        ? /is a PGlite backup \(a gzip data-directory dump\), but DATABASE_URL is set, so the target is PostgreSQL/
        : /is a PostgreSQL backup \(pg_dump custom format\), but DATABASE_URL is not set/,
    );
    expect(await snapshotOf(source)).toEqual(atBackup);
  });

  it('a restore from a damaged file fails and leaves the database as it was (PGlite: the old data put back)', async () => {
    const broken = join(tmp, onPostgres ? 'broken.dump' : 'broken.tar.gz');
    writeFileSync(broken, onPostgres ? readFileSync(backupFile).subarray(0, 200) : gzipSync(randomBytes(4096)));
    await expect(restore(source, broken, { yes: true })).rejects.toThrow(
      onPostgres
        ? /pg_restore failed \(exit code 1\)\. The database is as it was\./
        : /Restoring .* failed \(.*\)\. The database in .* is as it was\./s,
    );
    expect(await snapshotOf(source)).toEqual(atBackup);
    if (!onPostgres) expect(readdirSync(source.dataDir).sort()).toEqual(['pgdata']);
  });

  // Each engine's own way to fail: PostgreSQL needs the client tools, PGlite a data directory.
  if (onPostgres) {
    it('says so when pg_dump or pg_restore is not installed', async () => {
      const env = { ...process.env, PATH: join(tmp, 'no-such-dir') };
      await expect(backup(source, { out: join(tmp, 'no-tools.dump'), env })).rejects.toThrow(
        /pg_dump was not found on the PATH\. Install the PostgreSQL client tools .*No backup was written\./,
      );
      expect(existsSync(join(tmp, 'no-tools.dump'))).toBe(false);
      await expect(restore(source, backupFile, { yes: true, env })).rejects.toThrow(/pg_restore was not found on the PATH/);
    });
  } else {
    it('refuses to back up a directory with no database in it', async () => {
      await expect(backup({ dataDir: join(tmp, 'nothing-here') }, { out: join(tmp, 'x.tar.gz') })).rejects.toThrow(
        /There is no database in .*nothing-here to back up/,
      );
    });
  }
});
