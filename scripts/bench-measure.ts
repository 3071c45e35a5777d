/**
 * How `npm run bench` measures and records, for scripts/bench.ts and each group's own file (bench-grid.ts,
 * bench-bulk-approve.ts, bench-return-figures.ts): timings as a median with their range, a measure against its
 * baseline interleaved, the results table every group writes into, and the API client the measures call through.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Runs of a comparison at the least. */
export const RUNS = 5;

export interface Timing {
  median: number;
  min: number;
  max: number;
}

export interface Result {
  group: string;
  measure: string;
  value: string;
  baseline: string;
  ratio: number;
  target: string;
  /** null for a measure shown for context, with no target. */
  pass: boolean | null;
}

/** Every measure of the run, in the order taken: the table bench.ts prints and writes. */
export const results: Result[] = [];

export const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** The median of some samples, with their range. */
export function stats(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

/** A timing as the table writes it: "12.3 ms (11.9–14.0)". */
export const ms = (t: Timing) => `${t.median.toFixed(1)} ms (${t.min.toFixed(1)}–${t.max.toFixed(1)})`;

/**
 * Milliseconds of at least `runs` calls after one warm-up, interleaved with the baseline so drift hits both alike.
 * Calls of a few milliseconds go on for two seconds (at most 300 pairs): ten samples of a 3 ms call move by a
 * millisecond from one run to the next.
 */
export async function compare(subject: () => Promise<unknown>, baseline: () => Promise<unknown>, runs = RUNS) {
  await subject();
  await baseline();
  const a: number[] = [];
  const b: number[] = [];
  const began = performance.now();
  for (let n = 0; n < runs || (performance.now() - began < 2000 && n < 300); n++) {
    let t = performance.now();
    await subject();
    a.push(performance.now() - t);
    t = performance.now();
    await baseline();
    b.push(performance.now() - t);
  }
  return { subject: stats(a), baseline: stats(b) };
}

export const verdict = (pass: boolean | null) => (pass === null ? 'info' : pass ? 'PASS' : 'MISS');

/** Adds a measure to the results and logs it as it is taken. */
export function record(
  group: string,
  measure: string,
  value: string,
  baseline: string,
  ratio: number,
  target: string,
  pass: boolean | null,
) {
  results.push({ group, measure, value, baseline, ratio, target, pass });
  log(`${verdict(pass)} ${group} / ${measure}: ${value} vs ${baseline} → ${ratio.toFixed(2)}× (target ${target})`);
}

const keepAlive = new Agent({ keepAlive: true });

/**
 * One API call (a GET, or a POST of `body` as JSON), its JSON answer read and parsed, through Node's own HTTP client
 * on a kept-alive connection; anything but a 200 fails the bench. Node's `fetch` adds its web streams on top, a
 * client cost the server never sees (measured on a million records, the find “Fall terms”: 2.6–2.7 ms through this
 * client, 2.9–3.0 ms through `fetch`, its SQL 1.8–1.9 ms).
 */
export function callApi<T = unknown>(url: string, cookie: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { cookie };
  if (payload !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: keepAlive, method: payload === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 200)}`));
        else resolve(JSON.parse(text) as T);
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
