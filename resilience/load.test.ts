/**
 * Load (issue 9): 200 concurrent clients browse, find, report, read and edit for 60 s (LOAD_SECONDS to shorten it
 * by hand) against the built server in production mode on PostgreSQL with 100,000 records. Every answer must be
 * what the request deserves: no 5xx, no network error, no 503 from load shedding, no 4xx but an edit's 409. No edit
 * may be lost: each edit raises a counter kept in a record's notes by one, sending the version it read, so the
 * stored counter and version must equal the start plus the edits the clients saw succeed. Latencies are printed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS } from '../src/shared/constants.ts';
import { queryRows } from '../src/server/db/client.ts';
import { seedLargeDataset } from '../src/server/seed/large.ts';
import { startBuiltServer, type BuiltServer } from './support/built-server.ts';
import { Latencies, latencyTable } from './support/latencies.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.ts';

const RECORDS = 100_000;
const CLIENTS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Records every editing client fights over, so edits collide (409) and a lost update would show. */
const TARGETS = 20;
const REQUEST_TIMEOUT_MS = 30_000;

type Kind = 'browse' | 'find' | 'report' | 'record' | 'edit';
/** How often each kind is picked: mostly reading, as people use the app. */
const MIX: [Kind, number][] = [
  ['browse', 25],
  ['find', 20],
  ['report', 10],
  ['record', 25],
  ['edit', 20],
];
const REPORT_TYPES = ['region', 'discipline', 'term', 'institution', 'salary'];

let scratch: ScratchDatabase;
let server: BuiltServer;
const cookies: Record<'writer' | 'reader' | 'globalreader' | 'appadmin', string> = {
  writer: '',
  reader: '',
  globalreader: '',
  appadmin: '',
};
let targets: { id: number; version: number }[] = [];
let maxRecordId = 0;

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const counterOf = (notes: string | null) => Number(/^load:(\d+)$/.exec(notes ?? '')?.[1] ?? 0);

beforeAll(async () => {
  scratch = await createScratchDatabase('load');
  await seedLargeDataset(scratch.database, RECORDS);
  for (const name of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[name] = await scratch.cookieFor(name, true);
  // The edit targets: records the writer (UVic) may edit; their counters start at zero.
  targets = await queryRows<{ id: number; version: number }>(
    scratch.database.db,
    sql`UPDATE records SET notes = 'load:0' WHERE id IN (
          SELECT r.id FROM records r JOIN institutions i ON i.id = r.institution_id
          WHERE i.short_name = 'UVic' ORDER BY r.id DESC LIMIT ${TARGETS})
        RETURNING id, version`,
  );
  const [last] = await queryRows<{ max: number }>(scratch.database.db, sql`SELECT max(id)::int AS max FROM records`);
  maxRecordId = last!.max;
  server = await startBuiltServer({
    APP_ENV: 'P',
    DATABASE_URL: scratch.url,
    PUBLIC_URL: 'http://127.0.0.1',
    OIDC_ISSUER: 'http://127.0.0.1:9/unused',
    OIDC_CLIENT_ID: 'load-test',
    COOKIE_SECRET: 'load-test-cookie-secret-that-is-long-enough',
    LOG_LEVEL: 'warn',
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
});

describe(`${CLIENTS} clients for ${SECONDS} s on ${RECORDS.toLocaleString('en-CA')} records`, () => {
  it('answers every request as it deserves, loses no edit, and reports its latencies', async () => {
    expect(targets).toHaveLength(TARGETS);
    const latencies = Object.fromEntries(MIX.map(([kind]) => [kind, new Latencies()])) as Record<Kind, Latencies>;
    const errors: string[] = [];
    const successfulEdits = new Map<number, number>(targets.map((t) => [t.id, 0]));
    let conflicts = 0;

    // Node's fetch opens a connection per request in flight (no per-host limit), so 200 clients are 200 connections.
    async function call(kind: Kind, method: string, path: string, cookie: string, body?: unknown) {
      const started = performance.now();
      try {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const json = (await res.json()) as Record<string, unknown>;
        latencies[kind].add(performance.now() - started);
        return { status: res.status, json };
      } catch (err) {
        errors.push(`${method} ${path}: ${(err as Error).message}`);
        return null;
      }
    }
    const expectOk = (what: string, res: { status: number; json: Record<string, unknown> } | null, allowed = [200]) => {
      if (res && !allowed.includes(res.status)) errors.push(`${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
      return res !== null && res.status === 200;
    };

    /** Reads a target and raises its counter by one, as a person editing a figure does; a 409 means someone was first. */
    async function edit() {
      const target = pick(targets);
      const read = await call('edit', 'GET', `/api/records/${target.id}`, cookies.writer);
      if (!expectOk('edit: read', read)) return;
      const { version, notes } = read!.json as { version: number; notes: string | null };
      const saved = await call('edit', 'PATCH', `/api/records/${target.id}`, cookies.writer, {
        version,
        notes: `load:${counterOf(notes) + 1}`,
      });
      if (saved?.status === 409) conflicts++;
      else if (expectOk('edit: save', saved, [200, 409])) successfulEdits.set(target.id, successfulEdits.get(target.id)! + 1);
    }

    const reader = () => pick([cookies.reader, cookies.globalreader, cookies.appadmin, cookies.writer]);
    const actions: Record<Kind, () => Promise<unknown>> = {
      browse: async () =>
        expectOk(
          'browse',
          await call('browse', 'GET', `/api/records?page=${1 + Math.floor(Math.random() * 20)}&pageSize=50`, reader()),
        ),
      find: async () =>
        expectOk(
          'find',
          await call('find', 'POST', '/api/records/find', reader(), {
            terms: [pick(TERMS)],
            fiscalYearFrom: pick(['2018/19', '2020/21', '2022/23']),
            page: 1 + Math.floor(Math.random() * 5),
            pageSize: 50,
          }),
        ),
      report: async () =>
        expectOk('report', await call('report', 'GET', `/api/reports/${pick(REPORT_TYPES)}?fiscalYearFrom=2020%2F21`, reader())),
      record: async () =>
        expectOk(
          'record',
          await call('record', 'GET', `/api/records/${1 + Math.floor(Math.random() * maxRecordId)}`, cookies.globalreader),
          [200, 404],
        ),
      edit,
    };
    const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
    const nextKind = (): Kind => {
      let n = Math.random() * total;
      for (const [kind, weight] of MIX) if ((n -= weight) < 0) return kind;
      return 'record';
    };

    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) await actions[nextKind()]();
      }),
    );

    console.log(
      `\n${latencyTable(latencies, SECONDS)}\n` +
        `edits saved: ${[...successfulEdits.values()].reduce((a, b) => a + b, 0)}, conflicts (409, retried by the person): ${conflicts}, errors: ${errors.length}\n`,
    );
    expect(errors.slice(0, 20), `${errors.length} errors`).toEqual([]);
    expect(server.running(), server.output()).toBe(true);
    for (const kind of Object.keys(latencies) as Kind[]) expect(latencies[kind].count, kind).toBeGreaterThan(0);

    // No lost update: every edit a client saw succeed is in the counter and the version, and nothing more.
    const stored = await queryRows<{ id: number; notes: string | null; version: number }>(
      scratch.database.db,
      sql`SELECT id, notes, version FROM records WHERE id IN ${targets.map((t) => t.id)} ORDER BY id`,
    );
    for (const row of stored) {
      const start = targets.find((t) => t.id === row.id)!;
      const saved = successfulEdits.get(row.id)!;
      expect({ id: row.id, counter: counterOf(row.notes), version: row.version }).toEqual({
        id: row.id,
        counter: saved,
        version: start.version + saved,
      });
    }
  });
});
