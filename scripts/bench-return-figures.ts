/**
 * `npm run bench`, returns group (or `BENCH_ONLY=return-figures` alone): the return page's figures (issue 30),
 * `GET /api/returns/{id}/figures` as an app admin for UVic's latest term with records, against the bare SQL the route
 * runs — the return's institution and period (what the rights check reads), the one statement of every expected
 * program with its three records and medians, and for a return approved before, the audit rows since — sent through
 * the same driver with their inputs worked out beforehand. Target: the route at most 1.2× its SQL.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/client.ts';
import { RETURN_FIGURES_SQL } from '../src/server/modules/returns/return-figures.ts';
import { callApi, compare, ms, record } from './bench-measure.ts';

const INSTITUTION = 'UVic';

export async function benchReturnFigures(database: Database, base: string, adminCookie: string): Promise<void> {
  const db = database.db;
  const [chosen] = await queryRows<{ id: number; programs: number; fiscal_year: string; term: string }>(
    db,
    sql`SELECT tr.id, pe.fiscal_year, pe.term,
          (SELECT count(*)::int FROM records r WHERE r.institution_id = i.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term) AS programs
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id JOIN institutions i ON i.id = tr.institution_id
        WHERE i.short_name = ${INSTITUTION}
          AND EXISTS (SELECT 1 FROM records r WHERE r.institution_id = i.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term)
        ORDER BY pe.due_on DESC LIMIT 1`,
  );
  if (!chosen) throw new Error(`The bench data has no return of ${INSTITUTION} with records`);
  const { keysSql, figureKeys, rowsSql, changesSql } = RETURN_FIGURES_SQL;
  const keys = await figureKeys(db, [chosen.id]);
  const rows = await queryRows<{ n_id: number | null }>(db, rowsSql(keys));
  const recordIds = rows.flatMap((r) => (r.n_id === null ? [] : [r.n_id]));
  const since = keys[0]!.first_approved_at;

  const bare = async () => {
    await queryRows(db, keysSql([chosen.id]));
    await queryRows(db, rowsSql(keys));
    if (since && recordIds.length > 0) await queryRows(db, changesSql(recordIds, since));
  };
  const t = await compare(() => callApi(`${base}/api/returns/${chosen.id}/figures`, adminCookie), bare);
  const ratio = t.subject.median / t.baseline.median;
  record(
    'GET /api/returns/{id}/figures (return page)',
    `${INSTITUTION} ${chosen.term} ${chosen.fiscal_year}, ${rows.length} programs (${chosen.programs} with a record)`,
    ms(t.subject),
    `${ms(t.baseline)} (its SQL)`,
    ratio,
    '≤ 1.2× SQL',
    ratio <= 1.2,
  );
}
