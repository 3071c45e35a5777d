/**
 * The truth, read from the database directly: only to check the audit (the truth must satisfy every constraint the
 * attacker wrote, and lie in every interval found) and to judge each interval against the true value. Nothing here
 * feeds a constraint. Plain SQL of its own, so the check shares nothing with the product's report queries.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client.ts';
import { COUNT_FIELDS } from '../../src/shared/record-rules.ts';
import { periodKey, type Period } from './questions.ts';
import { kindKey, QUANTITIES, type AttackerSystem } from './system.ts';

interface TruthRow {
  institution_id: number;
  fiscal_year: string;
  term: string;
  discipline: string;
  credential: string;
  wil_type: string;
  approved: boolean;
  [quantity: string]: unknown;
}

/** Every unknown's true value, in the system's order. */
export async function truePoint(db: Db, system: AttackerSystem, periods: Period[]): Promise<number[]> {
  const sums = [
    ...COUNT_FIELDS.map((f) => `sum(r.${f})::float8 AS ${f}`),
    `coalesce(sum(r.students_placed) FILTER (WHERE r.avg_hourly_wage IS NOT NULL), 0)::float8 AS placed_with_wage`,
    `coalesce(sum(r.avg_hourly_wage * r.students_placed), 0)::float8 AS wage_x_placed`,
    `count(*)::float8 AS records`,
  ].join(', ');
  const years = [...new Set(periods.map((p) => p.fiscalYear))];
  const rows = await queryRows<TruthRow>(
    db,
    sql`SELECT r.institution_id, r.fiscal_year, r.term, p.discipline, p.credential, p.wil_type,
               coalesce(tr.state = 'approved', false) AS approved, ${sql.raw(sums)}
        FROM records r
        JOIN programs p ON p.id = r.program_id
        LEFT JOIN reporting_periods pe ON pe.fiscal_year = r.fiscal_year AND pe.term = r.term
        LEFT JOIN term_returns tr ON tr.period_id = pe.id AND tr.institution_id = r.institution_id
        WHERE r.status = 'submitted' AND r.fiscal_year IN (${sql.join(
          years.map((y) => sql`${y}`),
          sql`, `,
        )})
        GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  );
  const point = new Array<number>(system.numVars).fill(0);
  const wanted = new Set(periods.map(periodKey));
  for (const row of rows) {
    const period = { fiscalYear: row.fiscal_year, term: row.term } as Period;
    if (!wanted.has(periodKey(period))) continue;
    const kind = { discipline: row.discipline, credential: row.credential, wilType: row.wil_type };
    const copies = row.approved ? (['submitted', 'approved'] as const) : (['submitted'] as const);
    const targets = new Set(copies.map((copy) => system.cell(row.institution_id, period, kind, copy)));
    for (const cell of targets) {
      if (!cell) continue; // the reader's own institutions: no unknowns
      QUANTITIES.forEach((q, n) => (point[cell.base + n]! += Number(row[q] ?? 0)));
    }
    if (targets.size === 0 || [...targets].every((c) => !c)) {
      // A record of an institution the attacker has unknowns for, in a kind not in the program list, would break the
      // model; the reader's own records are expected here.
      if (system.cells.some((c) => c.institution === row.institution_id))
        throw new Error(`No unknowns for ${row.institution_id} ${periodKey(period)} ${kindKey(kind)}`);
    }
  }
  return point;
}
