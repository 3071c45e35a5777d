/**
 * `npm run bench`, returns group: approving 90 submitted returns at once (issue 30), `POST /api/returns/approve` as an
 * app admin on the bench's data, against an absolute target of 2 s (the approval is 90 transactions, each taking the
 * return's lock, re-reading it with its counts, and writing state, history and audit: there is no SQL to compare to).
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/client.ts';

const RETURNS = 90;
const RUNS = 3;
const TARGET_MS = 2000;

type Record = (
  group: string,
  measure: string,
  value: string,
  baseline: string,
  ratio: number,
  target: string,
  pass: boolean,
) => void;

/** One POST with a JSON body, its answer parsed; anything but a 200 fails the bench. */
function post(url: string, cookie: string, body: unknown): Promise<{ results: { ok: boolean }[] }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The 90 approved returns of the latest approved periods are put back to submitted (arranging, not a transition),
 * then approved at once through the API; three runs, the median against 2 s.
 */
export async function benchBulkApprove(database: Database, base: string, adminCookie: string, record: Record): Promise<void> {
  const db = database.db;
  const chosen = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM term_returns WHERE state = 'approved' ORDER BY period_id DESC, institution_id LIMIT ${RETURNS}`,
  );
  const ids = chosen.map((r) => r.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await db.execute(sql`UPDATE term_returns SET state = 'submitted' WHERE id IN (${idList})`);
    const versions = await queryRows<{ id: number; version: number }>(
      db,
      sql`SELECT id, version FROM term_returns WHERE id IN (${idList})`,
    );
    const began = performance.now();
    const answer = await post(`${base}/api/returns/approve`, adminCookie, { returns: versions });
    samples.push(performance.now() - began);
    const approved = answer.results.filter((r) => r.ok).length;
    if (approved !== ids.length) throw new Error(`bulk approval approved ${approved} of ${ids.length} returns`);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  record(
    'returns: bulk approval',
    `POST /api/returns/approve, ${ids.length} returns`,
    `${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`,
    `${TARGET_MS} ms (target)`,
    median / TARGET_MS,
    '≤ 2 s',
    median <= TARGET_MS,
  );
}
