/**
 * `npm run bench`, returns group: approving 90 submitted returns at once (issue 30), `POST /api/returns/approve` as an
 * app admin on the bench's data, against an absolute target of 2 s (the approval is 90 transactions, each taking the
 * return's lock, re-reading it with its counts, and writing state, history and audit: there is no SQL to compare to).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/client.ts';
import { callApi, ms, record, stats } from './bench-measure.ts';

const RETURNS = 90;
const RUNS = 3;
const TARGET_MS = 2000;

/**
 * The 90 approved returns of the latest approved periods are put back to submitted (arranging, not a transition),
 * then approved at once through the API; three runs, the median against 2 s.
 */
export async function benchBulkApprove(database: Database, base: string, adminCookie: string): Promise<void> {
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
    const answer = await callApi<{ results: { ok: boolean }[] }>(`${base}/api/returns/approve`, adminCookie, {
      returns: versions,
    });
    samples.push(performance.now() - began);
    const approved = answer.results.filter((r) => r.ok).length;
    if (approved !== ids.length) throw new Error(`bulk approval approved ${approved} of ${ids.length} returns`);
  }
  const timing = stats(samples);
  record(
    'returns: bulk approval',
    `POST /api/returns/approve, ${ids.length} returns`,
    ms(timing),
    `${TARGET_MS} ms (target)`,
    timing.median / TARGET_MS,
    '≤ 2 s',
    timing.median <= TARGET_MS,
  );
}
