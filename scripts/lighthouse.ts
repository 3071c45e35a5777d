/**
 * `npm run lighthouse`: Lighthouse scores of six signed-in pages of the production build, as `npm start` serves it
 * (no proxy in front), with the desktop preset and with Lighthouse's default (a throttled mid-range phone). The
 * server runs the demo data on PGlite in a throwaway DATA_DIR, like the browser tests. Prints a table per page and
 * form factor, the metrics behind each performance score and every failed accessibility or best-practices audit,
 * and writes the report summaries to bench-results/lighthouse.json. `npm run bench` runs it as its last group.
 *
 *   LIGHTHOUSE_PORT   the app server's port (default 3410)
 *   CHROMIUM_PATH     the browser (default /usr/bin/chromium, Debian's)
 *   LIGHTHOUSE_ONLY   a comma-separated subset to score, for measuring one change quickly: page paths and/or form
 *                     factors, e.g. `mobile,/reports/placementPercentage` (default: every page in both form factors)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';

/** The pages the issue names: home, Browse, a record, Find results, a report and the Users list. */
export const LIGHTHOUSE_PAGES: readonly { name: string; path: string }[] = [
  { name: 'Home', path: '/' },
  { name: 'Browse records', path: '/records' },
  { name: 'A record', path: '/records/1' },
  { name: 'Find results', path: '/records/find/findResults?terms=Fall' },
  { name: 'Placement report', path: '/reports/placementPercentage' },
  { name: 'Users', path: '/admin' },
];

export const FORM_FACTORS = ['desktop', 'mobile'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

/** The targets of issue 21: performance by form factor, accessibility and best practices 100 everywhere. */
export const PERFORMANCE_TARGET: Record<FormFactor, number> = { desktop: 90, mobile: 70 };
export const FULL_MARKS = 100;

export interface PageScores {
  page: string;
  path: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind the performance score, as Lighthouse shows them (e.g. "1.2 s"). */
  metrics: Record<string, string>;
  /** Audits that failed in accessibility or best practices, and the performance opportunities Lighthouse names. */
  findings: string[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function waitFor(url: string, seconds = 120): Promise<void> {
  for (let n = 0; n < seconds * 2; n++) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Signs in as the demo app admin through development's direct sign-in; returns the Cookie header. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login/direct`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'appadmin' }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!res.ok || cookie.length === 0) throw new Error(`direct sign-in: ${res.status}`);
  return cookie.join('; ');
}

const score = (category: { score: number | null } | undefined) => Math.round((category?.score ?? 0) * 100);

/**
 * One Lighthouse run, tried again up to twice when Lighthouse itself fails (on a busy machine its trace now and then
 * misses the navigation: NO_NAVSTART, "run Lighthouse again").
 */
async function audit(url: string, flags: Flags, formFactor: FormFactor) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    const problem = run ? run.lhr.runtimeError?.message : 'no result';
    if (run && !problem) return run.lhr;
    if (attempt === 3) throw new Error(`${url} (${formFactor}): ${problem}`);
    log(`${formFactor} ${url}: ${problem}; again`);
  }
}

/**
 * The pages and form factors LIGHTHOUSE_ONLY names (`desktop`, `mobile` or a page path, comma-separated); a kind it
 * does not name is not narrowed, so `mobile` alone scores every page on a phone.
 */
export function selectedRuns(only = process.env.LIGHTHOUSE_ONLY ?? '') {
  const names = only
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const factors = FORM_FACTORS.filter((f) => names.includes(f));
  const pages = LIGHTHOUSE_PAGES.filter((p) => names.includes(p.path));
  const unknown = names.filter((n) => !(FORM_FACTORS as readonly string[]).includes(n) && !pages.some((p) => p.path === n));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_ONLY: not a page or form factor: ${unknown.join(', ')}`);
  return {
    formFactors: factors.length > 0 ? factors : FORM_FACTORS,
    pages: pages.length > 0 ? pages : LIGHTHOUSE_PAGES,
  };
}

/** Runs Lighthouse on the selected pages and form factors (selectedRuns: all of them by default) against a server already running at `base`. */
export async function lighthousePages(base: string): Promise<PageScores[]> {
  const cookie = await signIn(base);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const results: PageScores[] = [];
  const runs = selectedRuns();
  try {
    for (const formFactor of runs.formFactors) {
      for (const { name, path } of runs.pages) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: { Cookie: cookie },
        };
        const lhr = await audit(`${base}${path}`, flags, formFactor);
        const findings: string[] = [];
        for (const id of ['accessibility', 'best-practices'] as const) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id]!;
            if (ref.weight > 0 && audit.score !== null && audit.score < 1) findings.push(`${id}: ${audit.title}`);
          }
        }
        for (const audit of Object.values(lhr.audits)) {
          const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
          if (details?.type === 'opportunity' && (details.overallSavingsMs ?? 0) >= 100 && (audit.score ?? 1) < 0.9) {
            findings.push(`performance: ${audit.title} (${audit.displayValue ?? ''})`);
          }
        }
        const shifts = lhr.audits['layout-shifts']?.details as
          { items?: { score?: number; node?: { selector?: string; nodeLabel?: string } }[] } | undefined;
        for (const item of shifts?.items ?? []) {
          findings.push(
            `layout shift ${(item.score ?? 0).toFixed(3)}: ${item.node?.selector ?? '?'} (${item.node?.nodeLabel ?? ''})`,
          );
        }
        const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '?']));
        const result: PageScores = {
          page: name,
          path,
          formFactor,
          performance: score(lhr.categories.performance),
          accessibility: score(lhr.categories.accessibility),
          bestPractices: score(lhr.categories['best-practices']),
          metrics,
          findings,
        };
        results.push(result);
        log(
          `${formFactor} ${name}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
            `best practices ${result.bestPractices} (LCP ${metrics['largest-contentful-paint']}, ` +
            `TBT ${metrics['total-blocking-time']}, CLS ${metrics['cumulative-layout-shift']})`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** Whether a page's scores meet the targets of its form factor. */
export function meetsTargets(r: PageScores): boolean {
  return r.performance >= PERFORMANCE_TARGET[r.formFactor] && r.accessibility === FULL_MARKS && r.bestPractices === FULL_MARKS;
}

/** The scores as a Markdown table, one row per page and form factor. */
export function lighthouseTable(results: readonly PageScores[]): string {
  const lines = [
    '| page | form factor | performance | accessibility | best practices | LCP | TBT | CLS | |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.page} (\`${r.path}\`) | ${r.formFactor} | ${r.performance} (≥ ${PERFORMANCE_TARGET[r.formFactor]}) | ` +
        `${r.accessibility} | ${r.bestPractices} | ${r.metrics['largest-contentful-paint']} | ` +
        `${r.metrics['total-blocking-time']} | ${r.metrics['cumulative-layout-shift']} | ${meetsTargets(r) ? 'PASS' : 'MISS'} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** Starts the built server on demo data in a throwaway DATA_DIR, runs every page, stops the server. */
export async function runLighthouse(port = Number(process.env.LIGHTHOUSE_PORT ?? 3410)): Promise<PageScores[]> {
  if (!existsSync('dist/node/server/server.js')) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'wil-lighthouse-'));
  const server = spawn(process.execPath, ['dist/node/server/server.js'], {
    env: { ...process.env, APP_ENV: 'D', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    return await lighthousePages(base);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const results = await runLighthouse();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${lighthouseTable(results)}`);
  for (const r of results.filter((x) => x.findings.length > 0)) {
    console.log(`${r.formFactor} ${r.page}:\n${r.findings.map((f) => `  - ${f}`).join('\n')}`);
  }
  const missed = results.filter((r) => !meetsTargets(r)).length;
  console.log(`\n${results.length - missed} PASS, ${missed} MISS. Written to bench-results/lighthouse.json.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
