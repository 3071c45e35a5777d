/**
 * `npm run bench`: every hot path at 1,000,000 records, each as a ratio against a baseline measured in the same run
 * on the same machine (absolute times drift on shared machines; ratios hold). Prints a table with PASS/MISS per
 * target and writes it, with the raw numbers, to bench-results/.
 *
 *   BENCH_DATABASE_URL   PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a fresh database
 *                        is created and dropped
 *   BENCH_RECORDS        records for the main data set (default 1,000,000)
 *   BENCH_SMALL_RECORDS  records for the PGlite ÷ PostgreSQL comparison (default 100,000)
 *   BENCH_SECONDS        seconds of each throughput run (default 10)
 *   BENCH_PORT           the app server's port (default 3400; the bare server takes the next one)
 *   BENCH_ONLY           hostile-upload: that measure alone (then BENCH_RECORDS=10000 is plenty); returns: the
 *                        marks, the completeness matrix, the return page's figures and the bulk approval alone;
 *                        return-figures: the return page's figures alone; disclosure:
 *                        the reports under disclosure control alone; lighthouse: the page scores alone; grid: the
 *                        whole-term grid in Chromium alone
 *
 * The last group, pages (Lighthouse), is scored in absolute terms (scripts/lighthouse.ts): Lighthouse's own
 * scores per page, against the targets of issue 21, with no baseline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_DISCLOSURE_RULE } from '../src/shared/disclosure.ts';
import { readableInstitutions } from '../src/shared/permissions.ts';
import { REPORT_TYPES, type ReportType } from '../src/shared/reports.ts';
import { FindCriteriaSchema, type FindCriteria } from '../src/shared/schemas/find-criteria.ts';
import type { ReportParams } from '../src/shared/schemas/report.ts';
import { MAX_RELEASE_PERIODS } from '../src/shared/schemas/releases.ts';
import { openPglite, openPostgres, queryRows, runMigrations, type Database, type Db } from '../src/server/db/client.ts';
import { sessions } from '../src/server/db/schema.ts';
import { recordsCsvStream } from '../src/server/modules/exports/record-export.ts';
import { listRecords } from '../src/server/modules/records/records.repo.ts';
import { RECORDS_WITH_NAMES } from '../src/server/modules/records/record-sql.ts';
import { measureValue, REPORT_DEFINITIONS } from '../src/server/modules/reports/report-definitions.ts';
import { runReport } from '../src/server/modules/reports/reports.repo.ts';
import { listReturns } from '../src/server/modules/returns/returns.repo.ts';
import { findUserId } from '../src/server/seed/base.ts';
import { seedLargeDataset } from '../src/server/seed/large.ts';
import { formatFiscalYear } from '../src/server/seed/record-generator.ts';
import { FIRST_LARGE_YEAR, LARGE_DATASET_YEARS } from '../src/server/seed/reporting-window.ts';
import { LAST_YEAR } from '../src/server/seed/seed-constants.ts';
import { loadActiveUser } from '../src/server/session/session-user.ts';
import { heavyWorkbook, hostileFiles } from '../src/server/test/hostile-spreadsheets.ts';
import { XLSX_CONTENT_TYPE } from '../src/shared/schemas/import.ts';
import { benchGrid } from './bench-grid.ts';
import { benchBulkApprove } from './bench-bulk-approve.ts';
import { callApi, compare, log, ms, record, results, RUNS, stats, verdict, type Timing } from './bench-measure.ts';
import { benchReturnFigures } from './bench-return-figures.ts';
import { FULL_MARKS, PERFORMANCE_TARGET, runLighthouse, type PageScores } from './lighthouse.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SMALL_RECORDS = Number(process.env.BENCH_SMALL_RECORDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** `hostile-upload` or `disclosure` runs that group alone (on a database of BENCH_RECORDS records), for a quick check. */
const ONLY = process.env.BENCH_ONLY;
/** BENCH_PORT: the app's port (the bare server takes the next), so two benches on one machine do not collide. */
const APP_PORT = Number(process.env.BENCH_PORT ?? 3400);
const BARE_PORT = APP_PORT + 1;

/** Peak growth of a process's resident memory while `work` runs, in MB. */
async function rssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  try {
    const result = await work();
    return { result, growthMb: peak - before };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a download to the end and counts its bytes. */
async function drain(body: ReadableStream<Uint8Array> | NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  await pipeline(body as NodeJS.ReadableStream, sink);
  return bytes;
}

function load(url: string, connections: number, duration: number, headers: Record<string, string> = {}) {
  return autocannon({ url, connections, duration, headers }) as Promise<autocannon.Result>;
}

// ---- Setting up ----------------------------------------------------------------------------------------

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
}

async function createDatabase(name: string, records: number): Promise<Database> {
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(name), 10);
  await runMigrations(database);
  await seedLargeDataset(database, records, (msg) => log(`  ${msg.trim()}`));
  return database;
}

/** A signed-in session for a seeded user, made as sign-in makes one, as the cookie the production server reads. */
async function sessionCookie(database: Database, username: string): Promise<string> {
  const [user] = await queryRows<{ id: number }>(database.db, sql`SELECT id FROM users WHERE username = ${username}`);
  if (!user) throw new Error(`The bench data has no user ${username}`);
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  return `__Host-wil_session=${token}`;
}

const adminCookie = (database: Database) => sessionCookie(database, 'appadmin');

/** Waits for a server to answer: up to three minutes, as a server on a million records starts slowly on a busy machine. */
async function waitFor(url: string): Promise<void> {
  for (let n = 0; n < 720; n++) {
    const ok = await fetch(url)
      .then((r) => r.status < 500)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

function start(command: string[], env: Record<string, string>, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  return spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit'] });
}

/** The app server the bench measures: one process, replaced when the bench restarts it. */
interface AppServer {
  process: ChildProcess;
  /** Its settings, as a restart starts it again. */
  env: Record<string, string>;
  base: string;
}

const SERVER_SCRIPT = ['dist/node/server/server.js'];
/** What the server logs once it has computed the released periods' figures ahead after its start (app.ts). */
const COMPUTED_AHEAD = 'computed ahead the province figures of the released periods';
const NOT_COMPUTED_AHEAD = 'the province figures could not be computed ahead at start';
/** How long a restart may take to compute ahead before the bench asks anyway. */
const COMPUTE_AHEAD_WAIT_MS = 10 * 60_000;

/**
 * Stops the app server and starts another on the same database and port, as a deploy would; answers once the new one
 * answers its health check, with when it was started and `computed`: settled once it says it has computed the
 * released periods' figures ahead (decision 043), or after COMPUTE_AHEAD_WAIT_MS, with how long that took by its own
 * count (null when it did not say). It runs at log level info to say so, which also logs each request: call it when
 * no measure of throughput follows.
 */
async function restartServer(app: AppServer): Promise<{ began: number; computed: Promise<number | null> }> {
  const old = app.process;
  if (old.exitCode === null && old.signalCode === null) {
    const exited = new Promise((resolve) => old.once('exit', resolve));
    old.kill('SIGTERM');
    await exited;
  }
  const began = performance.now();
  app.process = start(SERVER_SCRIPT, { ...app.env, LOG_LEVEL: 'info' }, 'pipe');
  let said: (ms: number | null) => void = () => {};
  const computed = new Promise<number | null>((resolve) => (said = resolve));
  // Read to the end whatever comes, so that the server never blocks on a full pipe.
  createInterface({ input: app.process.stdout! }).on('line', (line) => {
    let entry: { msg?: string; ms?: number; err?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg === COMPUTED_AHEAD) said(entry.ms ?? null);
    if (entry.msg === NOT_COMPUTED_AHEAD) {
      log(`  the restarted server could not compute ahead: ${JSON.stringify(entry.err)}`);
      said(null);
    }
  });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), COMPUTE_AHEAD_WAIT_MS).unref());
  const settled = Promise.race([computed, timeout]);
  await waitFor(`${app.base}/api/health`);
  return { began, computed: settled };
}

// ---- The measures --------------------------------------------------------------------------------------

const FIND_SETS: { name: string; criteria: FindCriteria }[] = [
  { name: 'Fall terms, last five years', criteria: { terms: ['Fall'], fiscalYearFrom: formatFiscalYear(LAST_YEAR - 4) } },
  {
    name: 'engineering bachelor’s programs',
    criteria: { disciplines: ['Engineering & Applied Science'], credentials: ["Bachelor's Degree"] },
  },
  {
    name: '“co-op” programs placing 10+, three institutions',
    criteria: { programName: 'co-op', placedMin: 10, institutionIds: [1, 2, 3] },
  },
];

async function benchReports(database: Database, base: string, cookie: string): Promise<void> {
  const api = (type: string, query = '') => callApi(`${base}/api/reports/${type}${query}`, cookie);
  for (const type of REPORT_TYPES) {
    const t = await compare(
      () => api(type),
      () => runReport(database.db, type, {}, 'all', DEFAULT_DISCLOSURE_RULE),
    );
    const ratio = t.subject.median / t.baseline.median;
    record('reports (all years)', type, ms(t.subject), ms(t.baseline), ratio, '≤ 1.1× SQL', ratio <= 1.1);
  }
  const [from, to] = [formatFiscalYear(LAST_YEAR - 1), formatFiscalYear(LAST_YEAR)];
  const narrow: ReportParams = { institutionIds: [3], fiscalYearFrom: from, fiscalYearTo: to };
  const t = await compare(
    () => api('discipline', `?institutionIds=3&fiscalYearFrom=${from}&fiscalYearTo=${to}`),
    () => runReport(database.db, 'discipline', narrow, 'all', DEFAULT_DISCLOSURE_RULE),
    RUNS * 4,
  );
  const ratio = t.subject.median / t.baseline.median;
  record(
    'reports (narrow)',
    'discipline, one institution, two years',
    ms(t.subject),
    ms(t.baseline),
    ratio,
    '≤ 1.1× SQL',
    ratio <= 1.1,
  );
}

/** A report's figures alone, as the bench's own SQL: its groupings and measures in one scan, no marks, no year-over-year. */
async function figuresOnly(db: Db, type: ReportType): Promise<unknown[]> {
  const { dimensions, measures } = REPORT_DEFINITIONS[type];
  const groups = sql.join(
    dimensions.map((d) => d.value),
    sql`, `,
  );
  const values = sql.join(
    measures.map((m) => sql`${measureValue(m)}`),
    sql`, `,
  );
  return queryRows(
    db,
    sql`SELECT ${groups}, ${values} ${RECORDS_WITH_NAMES} WHERE r.status = 'submitted' GROUP BY GROUPING SETS ((${groups}), ())`,
  );
}

/**
 * Issue 20: every report with its preliminary/revised marks (the returns joined to every record scanned, two more
 * aggregates) against the same report without them, both through the repository.
 */
async function benchReportFlags(database: Database): Promise<void> {
  for (const type of REPORT_TYPES) {
    const t = await compare(
      () => runReport(database.db, type, {}, 'all', DEFAULT_DISCLOSURE_RULE),
      () => figuresOnly(database.db, type),
    );
    const ratio = t.subject.median / t.baseline.median;
    record(
      'reports with marks (all years)',
      type,
      ms(t.subject),
      `${ms(t.baseline)} (no marks)`,
      ratio,
      '≤ 1.1× without',
      ratio <= 1.1,
    );
  }
}

/**
 * Issue 20: the completeness matrix of every institution over the large seed's sixty periods (twenty fiscal years), as
 * an app admin asks for it, against the repository's query.
 */
async function benchReturnsMatrix(database: Database, base: string, cookie: string): Promise<void> {
  const years = Array.from({ length: LARGE_DATASET_YEARS }, (_, n) => formatFiscalYear(FIRST_LARGE_YEAR + n));
  const returns = await listReturns(database.db, { fiscalYears: years, readable: 'all' });
  const periods = new Set(returns.map((r) => r.period_id)).size;
  const institutions = new Set(returns.map((r) => r.institution_id)).size;
  const t = await compare(
    () => callApi(`${base}/api/returns?fiscalYear=${years.map(encodeURIComponent).join(',')}`, cookie),
    () => listReturns(database.db, { fiscalYears: years, readable: 'all' }),
  );
  const ratio = t.subject.median / t.baseline.median;
  record(
    'GET /api/returns (completeness matrix)',
    `${institutions} institutions × ${periods} periods (${returns.length.toLocaleString('en-CA')} returns)`,
    ms(t.subject),
    ms(t.baseline),
    ratio,
    '≤ 1.2× SQL',
    ratio <= 1.2,
  );
}

/** The demo user who may read exactly one institution (UVic), seeded with the bench's data as with the demo's. */
const ONE_INSTITUTION_READER = 'writer';

/**
 * Every report as someone who may read one institution, its province row under disclosure control (issue 19), against
 * the same report's SQL for someone who reads every institution (the province row as plain sums). A question without a discipline,
 * credential or WIL-type filter judges whole periods; the filtered one judges every fine cell of the periods it
 * touches, the expensive case.
 */
async function benchDisclosure(database: Database, base: string): Promise<void> {
  const cookie = await sessionCookie(database, ONE_INSTITUTION_READER);
  const user = await loadActiveUser(database.db, (await findUserId(database.db, ONE_INSTITUTION_READER))!);
  const readable = user ? readableInstitutions(user.privileges) : 'all';
  if (readable === 'all' || readable.length !== 1) throw new Error(`${ONE_INSTITUTION_READER} must read exactly one institution`);
  const group = 'reports (one-institution reader, disclosure control)';
  const api = (type: string, query = '') => callApi(`${base}/api/reports/${type}${query}`, cookie);
  const measure = async (name: string, type: ReportType, params: ReportParams) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const t = await compare(
      () => api(type, query ? `?${query}` : ''),
      () => runReport(database.db, type, params, 'all', DEFAULT_DISCLOSURE_RULE),
    );
    const ratio = t.subject.median / t.baseline.median;
    record(group, name, ms(t.subject), `${ms(t.baseline)} (every institution's)`, ratio, '≤ 1.1× all', ratio <= 1.1);
  };
  for (const type of REPORT_TYPES) await measure(type, type, {});
  const discipline = 'Engineering & Applied Science';
  const narrow: [string, ReportParams][] = [
    [`disciplines=${discipline}`, { disciplines: [discipline] }],
    ["credentials=Bachelor's Degree", { credentials: ["Bachelor's Degree"] }],
    [
      `${formatFiscalYear(LAST_YEAR)}, disciplines=${discipline}`,
      {
        fiscalYearFrom: formatFiscalYear(LAST_YEAR),
        fiscalYearTo: formatFiscalYear(LAST_YEAR),
        disciplines: [discipline],
      },
    ],
  ];
  for (const [name, params] of narrow) await measure(`institution, ${name}`, 'institution', params);
}

/**
 * Releases (issue 27): one fiscal year released through the API as the app admin (target ≤ 30 s), then every other
 * period, so that the one-institution reader's province figures below come from releases as in use. Then each report
 * as that reader against the same report as the app admin, who reads every institution live: what taking the others'
 * part from releases costs (target ≤ 1.1×). A release computes its periods' blocks for every reader ahead, before it
 * answers (decision 043), so the reader's first question after the releases should cost what their second does;
 * both are shown for context, with the release of the other periods that computed them.
 */
async function benchReleases(database: Database, base: string, adminCookie: string): Promise<void> {
  const group = 'releases';
  const periods = await queryRows<{ fiscal_year: string; term: string }>(
    database.db,
    sql`SELECT DISTINCT fiscal_year, term FROM records ORDER BY fiscal_year, term`,
  );
  const year = formatFiscalYear(LAST_YEAR - 1);
  const release = (chosen: typeof periods) => callApi(`${base}/api/releases`, adminCookie, { periods: chosen, note: 'bench' });
  const inYear = periods.filter((p) => p.fiscal_year === year);
  const began = performance.now();
  await release(inYear);
  const took = performance.now() - began;
  record(
    group,
    `release of ${year} (${inYear.length} periods)`,
    `${(took / 1000).toFixed(1)} s`,
    '—',
    took / 30_000,
    '≤ 30 s',
    took <= 30_000,
  );

  // The other periods, each release answering once its periods' figures are computed ahead (decision 043).
  const rest = periods.filter((p) => p.fiscal_year !== year);
  const restStarted = performance.now();
  for (let n = 0; n < rest.length; n += MAX_RELEASE_PERIODS) await release(rest.slice(n, n + MAX_RELEASE_PERIODS));
  const restTook = performance.now() - restStarted;
  record(group, `release of the other ${rest.length} periods`, `${(restTook / 1000).toFixed(1)} s`, '—', 0, '—', null);
  const api = (type: string, cookie: string) => callApi(`${base}/api/reports/${type}`, cookie);
  // Each reader's first report after the releases against their second. The server's very first report also pays
  // for what any first call pays (connections, code compiled on first use), so another reader asks first.
  await firstAndSecond(
    database,
    base,
    'the server’s first report after the releases (instadmin), against the second',
    'instadmin',
  );
  await firstAndSecond(
    database,
    base,
    'the reader’s first report after the releases, against their second',
    ONE_INSTITUTION_READER,
  );
  const reader = await sessionCookie(database, ONE_INSTITUTION_READER);
  for (const type of REPORT_TYPES) {
    const t = await compare(
      () => api(type, reader),
      () => api(type, adminCookie),
    );
    const ratio = t.subject.median / t.baseline.median;
    record(
      group,
      `${type}, one-institution reader`,
      ms(t.subject),
      `${ms(t.baseline)} (app admin)`,
      ratio,
      '≤ 1.1×',
      ratio <= 1.1,
    );
  }
}

/** A reader's first report (every period, their own institution) against their second, in the releases group. */
async function firstAndSecond(database: Database, base: string, name: string, username: string): Promise<void> {
  const cookie = await sessionCookie(database, username);
  const api = () => callApi(`${base}/api/reports/institution`, cookie);
  const firstStarted = performance.now();
  await api();
  const first = performance.now() - firstStarted;
  const secondStarted = performance.now();
  await api();
  const second = performance.now() - secondStarted;
  record('releases', name, `${first.toFixed(0)} ms`, `${second.toFixed(0)} ms (second)`, first / second, '—', null);
}

/**
 * After a restart (decision 043): nothing the releases computed is kept, and the server computes every released
 * period's figures ahead once it is ready, in the background. The bench restarts it on the same database (after the
 * releases) and, until it says it is done (or COMPUTE_AHEAD_WAIT_MS), asks for a light page every 100 ms: what a
 * request arriving meanwhile waits, against the same after. Then it asks as after the releases: `instadmin` first
 * (the server's first report pays for any first call), then the one-institution reader, each against their second.
 * Before the start computed ahead, the reader's first report computed every period's blocks (about 25 s).
 */
async function benchRestart(database: Database, app: AppServer): Promise<void> {
  const cookie = await sessionCookie(database, ONE_INSTITUTION_READER);
  const { began, computed } = await restartServer(app);
  let aheadMs: number | null | undefined;
  void computed.then((ms) => (aheadMs = ms));
  const light = async () => {
    const started = performance.now();
    await callApi(`${app.base}/api/profile`, cookie);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return performance.now() - started - 100;
  };
  const during: number[] = [];
  while (aheadMs === undefined) during.push(await light());
  const tookMs = performance.now() - began;
  const after: number[] = [];
  for (let n = 0; n < 20; n++) after.push(await light());
  record(
    'releases',
    'restart: from the new process to the figures computed ahead (by the server’s count)',
    `${(tookMs / 1000).toFixed(1)} s`,
    aheadMs === null ? 'not said' : `${(aheadMs / 1000).toFixed(1)} s (server)`,
    0,
    '—',
    null,
  );
  record(
    'releases',
    `restart: GET /api/profile while computing ahead (${during.length} calls), against after (${after.length})`,
    during.length > 0 ? ms(stats(during)) : 'none',
    ms(stats(after)),
    during.length > 0 ? stats(during).max / stats(after).max : 0,
    '—',
    null,
  );
  await firstAndSecond(
    database,
    app.base,
    'the server’s first report after a restart (instadmin), against the second',
    'instadmin',
  );
  await firstAndSecond(
    database,
    app.base,
    'the reader’s first report after a restart, against their second',
    ONE_INSTITUTION_READER,
  );
}

/**
 * What any API call costs before its query: HTTP both ways, the session, and JSON, measured on the lightest signed-in
 * route against a bare `SELECT 1`. A query of a few milliseconds cannot come within 1.2× of its SQL when this is
 * larger than a fifth of it; shown for context, with no target.
 */
async function benchHttpFloor(database: Database, base: string, cookie: string): Promise<void> {
  const t = await compare(
    () => callApi(`${base}/api/profile`, cookie),
    () => database.pool!.query('SELECT 1'),
    RUNS * 4,
  );
  record(
    'HTTP floor',
    'GET /api/profile (signed in, no query of its own)',
    ms(t.subject),
    `${ms(t.baseline)} (SELECT 1)`,
    t.subject.median / t.baseline.median,
    '—',
    null,
  );
}

async function benchFind(database: Database, base: string, cookie: string): Promise<void> {
  for (const { name, criteria } of FIND_SETS) {
    for (const page of [1, 200]) {
      const body = { ...criteria, page, pageSize: 50 };
      const { page: p, pageSize, sort, ...filter } = FindCriteriaSchema.parse(body);
      const t = await compare(
        () => callApi(`${base}/api/records/find`, cookie, body),
        () => listRecords(database.db, { ...filter, readable: 'all' }, { page: p, pageSize, sort }),
        RUNS * 2,
      );
      const ratio = t.subject.median / t.baseline.median;
      record('find', `${name}, page ${page}`, ms(t.subject), ms(t.baseline), ratio, '≤ 1.2× SQL', ratio <= 1.2);
    }
  }
}

async function benchGetRecord(base: string, cookie: string): Promise<void> {
  const id = Math.floor(RECORDS / 2);
  const api = await load(`${base}/api/records/${id}`, 50, SECONDS, { cookie });
  const bare = await load(`http://127.0.0.1:${BARE_PORT}/bare/records/${id}`, 50, SECONDS);
  if (api.non2xx > 0 || api.errors > 0) throw new Error(`GET /api/records/${id}: ${api.non2xx} non-2xx, ${api.errors} errors`);
  const ratio = api.requests.average / bare.requests.average;
  record(
    'GET /api/records/{id}',
    `50 connections, ${SECONDS} s`,
    `${Math.round(api.requests.average)} req/s`,
    `${Math.round(bare.requests.average)} req/s (bare route)`,
    ratio,
    '≥ 0.6× bare',
    ratio >= 0.6,
  );
}

/**
 * Issue 17: other users' reads while hostile spreadsheets are uploaded (ZIP bombs, deep nesting, thousands of sheets,
 * overlapping entries, CSV of blank lines or commas, and a heavy workbook within every cap), one after another. A client
 * reads `GET /api/records?pageSize=1` one request at a time throughout; the 99th percentile of its reads is compared
 * with its own on the quiet server just before.
 */
async function benchHostileUpload(base: string, cookie: string): Promise<void> {
  const read = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/records?pageSize=1`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/records?pageSize=1 answered ${res.status}`);
    return performance.now() - started;
  };
  const files = [
    ...hostileFiles(),
    { name: 'heavy workbook', bytes: heavyWorkbook(), contentType: XLSX_CONTENT_TYPE, status: 200 },
  ];
  const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)]!;
  for (let i = 0; i < 20; i++) await read();
  const quiet: number[] = [];
  for (let i = 0; i < 500; i++) quiet.push(await read());

  const during: number[] = [];
  let uploading = true;
  const reader = (async () => {
    while (uploading) during.push(await read());
  })();
  for (const file of files) {
    const res = await fetch(`${base}/api/imports/parse`, {
      method: 'POST',
      headers: { cookie, 'content-type': file.contentType },
      body: new Uint8Array(file.bytes),
    });
    await res.arrayBuffer();
    if (res.status !== file.status) throw new Error(`${file.name}: answered ${res.status}, expected ${file.status}`);
  }
  uploading = false;
  await reader;
  const ratio = p99(during) / p99(quiet);
  record(
    'Hostile spreadsheet uploads',
    `p99 of other reads, ${files.length} files`,
    `${p99(during).toFixed(1)} ms (${during.length} reads)`,
    `${p99(quiet).toFixed(1)} ms quiet`,
    ratio,
    '≤ 3× quiet',
    ratio <= 3,
  );
}

/** A Node program that downloads the URL in argv[1] with the cookie in argv[2], again and again until killed. */
const DOWNLOAD_FOREVER = `const [url, cookie] = process.argv.slice(1);
(async () => { for (;;) { const res = await fetch(url, { headers: { cookie } }); for await (const _ of res.body) {} } })();`;

async function benchCsvExport(database: Database, base: string, cookie: string, serverPid: number): Promise<void> {
  const exportOnce = async () => {
    const res = await fetch(`${base}/api/exports/records?format=csv`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`CSV export: ${res.status}`);
    return drain(res.body);
  };
  const copyOnce = async () => drain(await recordsCsvStream(database, {}));
  const t = await compare(exportOnce, copyOnce, 3);
  const rate = (timing: Timing) => `${Math.round(RECORDS / (timing.median / 1000)).toLocaleString('en-CA')} rows/s`;
  const ratio = t.baseline.median / t.subject.median;
  record(
    'CSV export (all rows)',
    'throughput',
    rate(t.subject),
    `${rate(t.baseline)} (COPY)`,
    ratio,
    '≥ 0.8× COPY',
    ratio >= 0.8,
  );

  const { growthMb } = await rssGrowth(serverPid, exportOnce);
  record(
    'CSV export (all rows)',
    'server RSS growth',
    `${growthMb.toFixed(0)} MB`,
    '100 MB',
    growthMb / 100,
    '≤ 100 MB',
    growthMb <= 100,
  );

  // Everyone else's latency while an export runs, against the same load without it. The exports are downloaded by
  // a process of their own, like another person's browser: read here, the download would hold up this process's
  // event loop and autocannon would count that delay as the server's (p99 31 ms instead of 11 ms in a probe).
  const url = `${base}/api/records/${Math.floor(RECORDS / 3)}`;
  const quiet = await load(url, 10, 6, { cookie });
  const downloader = spawn(process.execPath, ['-e', DOWNLOAD_FOREVER, `${base}/api/exports/records?format=csv`, cookie], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busy = await load(url, 10, 6, { cookie });
  downloader.kill();
  const ratioP99 = busy.latency.p99 / Math.max(quiet.latency.p99, 1);
  record(
    'CSV export (all rows)',
    'p99 of GET /api/records/{id} during the export',
    `${busy.latency.p99} ms`,
    `${quiet.latency.p99} ms (quiet)`,
    ratioP99,
    '≤ 2× quiet',
    ratioP99 <= 2,
  );
}

async function benchXlsxExport(database: Database, base: string, cookie: string, serverPid: number): Promise<void> {
  // The most recent fiscal years that together hold about 100,000 records.
  const years = await queryRows<{ fiscal_year: string; n: number }>(
    database.db,
    sql`SELECT fiscal_year, count(*)::int AS n FROM records GROUP BY fiscal_year ORDER BY fiscal_year DESC`,
  );
  let rows = 0;
  let from = years[0]!.fiscal_year;
  for (const y of years) {
    if (rows >= Math.min(100_000, RECORDS)) break;
    rows += y.n;
    from = y.fiscal_year;
  }
  const exportOnce = async () => {
    const res = await fetch(`${base}/api/exports/records?format=xlsx&fiscalYearFrom=${from}`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`XLSX export: ${res.status}`);
    await drain(res.body);
  };
  // Memory on the first (cold) run; speed as the median of three after it.
  const { growthMb } = await rssGrowth(serverPid, exportOnce);
  const times: number[] = [];
  for (let n = 0; n < 3; n++) {
    const t = performance.now();
    await exportOnce();
    times.push(performance.now() - t);
  }
  const rate = (ms: number) => Math.round(rows / (ms / 1000));
  const timing = stats(times);
  const perSecond = rate(timing.median);
  record(
    `XLSX export (${rows.toLocaleString('en-CA')} rows)`,
    'throughput',
    `${perSecond.toLocaleString('en-CA')} rows/s (${rate(timing.max).toLocaleString('en-CA')}–${rate(timing.min).toLocaleString('en-CA')})`,
    '30,000 rows/s',
    perSecond / 30_000,
    '≥ 30,000 rows/s',
    perSecond >= 30_000,
  );
  record(
    `XLSX export (${rows.toLocaleString('en-CA')} rows)`,
    'server RSS growth',
    `${growthMb.toFixed(0)} MB`,
    '150 MB',
    growthMb / 150,
    '≤ 150 MB',
    growthMb <= 150,
  );
}

async function benchPglite(small: Database): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'wil-bench-pglite-'));
  const lite = await openPglite({ dataDir: dir });
  try {
    await runMigrations(lite);
    await seedLargeDataset(lite, SMALL_RECORDS, (msg) => log(`  PGlite: ${msg.trim()}`));
    const group = `PGlite ÷ PostgreSQL (${SMALL_RECORDS.toLocaleString('en-CA')} records)`;
    for (const type of REPORT_TYPES) {
      const t = await compare(
        () => runReport(lite.db, type, {}, 'all', DEFAULT_DISCLOSURE_RULE),
        () => runReport(small.db, type, {}, 'all', DEFAULT_DISCLOSURE_RULE),
        3,
      );
      const ratio = t.subject.median / t.baseline.median;
      record(group, `report ${type}`, ms(t.subject), ms(t.baseline), ratio, '≤ 3×', ratio <= 3);
    }
    for (const { name, criteria } of FIND_SETS) {
      const { page, pageSize, sort, ...filter } = FindCriteriaSchema.parse({ ...criteria, pageSize: 50 });
      const run = (db: Database) => listRecords(db.db, { ...filter, readable: 'all' }, { page, pageSize, sort });
      const t = await compare(
        () => run(lite),
        () => run(small),
        5,
      );
      const ratio = t.subject.median / t.baseline.median;
      record(group, `find: ${name}`, ms(t.subject), ms(t.baseline), ratio, '≤ 3×', ratio <= 3);
    }
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** First-load and total client code, gzipped, from the Vite build manifest. */
function benchClient(): void {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(join('dist/client', file))).length / 1024;
  const firstLoad = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (firstLoad.has(chunk.file)) return;
    firstLoad.add(chunk.file);
    for (const css of chunk.css ?? []) firstLoad.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const all = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
  const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((s, f) => s + gz(f), 0);
  const firstJs = sum(firstLoad, '.js');
  record(
    'client (gzipped)',
    'first-load JS',
    `${firstJs.toFixed(0)} KB (+ ${sum(firstLoad, '.css').toFixed(0)} KB CSS)`,
    `total ${sum(all, '.js').toFixed(0)} KB JS, ${sum(all, '.css').toFixed(0)} KB CSS`,
    firstJs / 250,
    '≤ 250 KB',
    firstJs <= 250,
  );
}

/**
 * Lighthouse on six signed-in pages (scripts/lighthouse.ts), its own server on demo data. Scores are absolute: the
 * value column is the score, the baseline column the metrics behind it, the ratio the score over its target.
 */
async function benchPages(): Promise<void> {
  const pageScores = await runLighthouse();
  const rows = (r: PageScores) =>
    [
      ['performance', r.performance, PERFORMANCE_TARGET[r.formFactor]],
      ['accessibility', r.accessibility, FULL_MARKS],
      ['best practices', r.bestPractices, FULL_MARKS],
    ] as const;
  for (const r of pageScores) {
    const metrics = `LCP ${r.metrics['largest-contentful-paint']}, TBT ${r.metrics['total-blocking-time']}, CLS ${r.metrics['cumulative-layout-shift']}`;
    for (const [category, value, target] of rows(r)) {
      record(
        `pages (Lighthouse, ${r.formFactor})`,
        `${r.page} (${r.path}): ${category}`,
        String(value),
        category === 'performance' ? metrics : '',
        value / target,
        target === FULL_MARKS ? '= 100' : `≥ ${target}`,
        value >= target,
      );
    }
  }
}

// ---- Running it all ------------------------------------------------------------------------------------

function markdown(): string {
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${RECORDS.toLocaleString('en-CA')} records on PostgreSQL.`,
    '',
    '| group | measure | value | baseline | ratio | target | |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.group} | ${r.measure} | ${r.value} | ${r.baseline} | ${r.ratio.toFixed(2)} | ${r.target} | ${verdict(r.pass)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const name = `wil_bench_${Date.now().toString(36)}`;
  const children: ChildProcess[] = [];
  // Apart from the children: a restart replaces its process, and the one running at the end is stopped.
  let appServer: AppServer | undefined;
  const databases: Database[] = [];
  try {
    if (ONLY === 'lighthouse') {
      log('Pages (Lighthouse)');
      await benchPages();
      return finish(started);
    }
    log(`Loading ${RECORDS.toLocaleString('en-CA')} records into PostgreSQL (${name})`);
    const database = await createDatabase(name, RECORDS);
    databases.push(database);
    const cookie = await adminCookie(database);

    const url = databaseUrl(name);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const env = {
      APP_ENV: 'P',
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      OIDC_ISSUER: 'http://127.0.0.1:9/unused',
      OIDC_CLIENT_ID: 'bench',
      COOKIE_SECRET: randomBytes(32).toString('hex'),
    };
    const server: AppServer = { process: start(SERVER_SCRIPT, env), env, base };
    appServer = server;
    children.push(start(['--import', 'tsx', 'scripts/bench-bare-server.ts'], { PORT: String(BARE_PORT), DATABASE_URL: url }));
    await waitFor(`${base}/api/health`);
    await waitFor(`http://127.0.0.1:${BARE_PORT}/bare/records/1`);

    if (ONLY === 'hostile-upload') {
      log('Hostile spreadsheet uploads');
      await benchHostileUpload(base, cookie);
    } else if (ONLY === 'disclosure' || ONLY === 'releases') {
      log('Releases');
      await benchReleases(database, base, cookie);
      log('Reports after a restart');
      await benchRestart(database, server);
      log('Reports under disclosure control');
      await benchDisclosure(database, base);
    } else if (ONLY === 'grid') {
      log('The whole-term grid');
      await benchGrid(database, base, cookie);
    } else if (ONLY === 'return-figures') {
      log('The return page’s figures');
      await benchReturnFigures(database, base, cookie);
    } else if (ONLY === 'returns') {
      log('Reports with and without their marks');
      await benchReportFlags(database);
      log('The completeness matrix');
      await benchReturnsMatrix(database, base, cookie);
      log('The return page’s figures');
      await benchReturnFigures(database, base, cookie);
      log('Approving 90 returns at once');
      await benchBulkApprove(database, base, cookie);
    } else {
      log('Reports');
      await benchReports(database, base, cookie);
      log('Releases');
      await benchReleases(database, base, cookie);
      log('Reports under disclosure control');
      await benchDisclosure(database, base);
      log('Reports with and without their marks');
      await benchReportFlags(database);
      log('The completeness matrix');
      await benchReturnsMatrix(database, base, cookie);
      log('The return page’s figures');
      await benchReturnFigures(database, base, cookie);
      log('Approving 90 returns at once');
      await benchBulkApprove(database, base, cookie);
      log('The whole-term grid');
      await benchGrid(database, base, cookie);
      log('Find');
      await benchHttpFloor(database, base, cookie);
      await benchFind(database, base, cookie);
      log('GET /api/records/{id}');
      await benchGetRecord(base, cookie);
      log('CSV export');
      await benchCsvExport(database, base, cookie, server.process.pid!);
      log('XLSX export');
      await benchXlsxExport(database, base, cookie, server.process.pid!);
      log('Hostile spreadsheet uploads');
      await benchHostileUpload(base, cookie);
      // Last of the measures on the app server: the restarted one logs each request (restartServer).
      log('Reports after a restart');
      await benchRestart(database, server);

      log(`PGlite and PostgreSQL at ${SMALL_RECORDS.toLocaleString('en-CA')} records`);
      const small = await createDatabase(`${name}_small`, SMALL_RECORDS);
      databases.push(small);
      await benchPglite(small);
      benchClient();
      log('Pages (Lighthouse)');
      await benchPages();
    }
  } finally {
    appServer?.process.kill('SIGTERM');
    for (const child of children) child.kill('SIGTERM');
    for (const database of databases) await database.close();
    for (const db of [name, `${name}_small`]) await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
  }

  finish(started);
}

function finish(started: number): void {
  const table = markdown();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify({ records: RECORDS, results }, null, 2)}\n`);
  writeFileSync('bench-results/latest.md', table);
  console.log(`\n${table}`);
  const missed = results.filter((r) => r.pass === false).length;
  const passed = results.filter((r) => r.pass === true).length;
  console.log(
    `${passed} PASS, ${missed} MISS in ${((performance.now() - started) / 60_000).toFixed(1)} min. ` +
      'Written to bench-results/latest.md and latest.json.',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
