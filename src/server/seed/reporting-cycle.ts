import { sql } from 'drizzle-orm';
import { TERMS } from '../../shared/constants.ts';
import { fiscalYearOf } from '../../shared/record-rules.ts';
import { BC_TIME_ZONE, defaultPeriodDates } from '../../shared/term-calendar.ts';
import type { Db } from '../db/client.ts';

/**
 * A seeded reporting cycle (docs/reporting-cycle.md): a period for every fiscal year and term from `firstYear` to
 * `lastYear`, on the term calendar's default dates, and a return for every active institution, as the records stand.
 * Every period but the latest is approved (signed off three days before its due date, approved two weeks after it);
 * in the latest, a return is in progress while the institution has a draft, not started while it has no record at
 * all, and submitted otherwise. Past terms have no drafts in the seeded data, so none is left open. Answers the
 * latest period's fiscal year and term.
 */
export async function seedReportingCycle(
  tx: Db,
  firstYear: number,
  lastYear: number,
  adminId: number | null,
): Promise<{ fiscalYear: string; term: string }> {
  const periods = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const term of TERMS)
      periods.push({ fiscalYear: fiscalYearOf(year), term, ...defaultPeriodDates(fiscalYearOf(year), term) });
  }
  await tx.execute(
    sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on) VALUES ${sql.join(
      periods.map((p) => sql`(${p.fiscalYear}, ${p.term}, ${p.opens_on}, ${p.due_on})`),
      sql`, `,
    )}`,
  );
  const latest = periods.at(-1)!;
  const signedOff = sql.raw(`((pe.due_on - 3) + time '12:00') AT TIME ZONE '${BC_TIME_ZONE}'`);
  const approvedAt = sql.raw(`((pe.due_on + 14) + time '12:00') AT TIME ZONE '${BC_TIME_ZONE}'`);
  const ofPeriod = sql`r.institution_id = i.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term`;
  await tx.execute(
    sql`INSERT INTO term_returns (period_id, institution_id, state, version, first_approved_at)
        SELECT pe.id, i.id, s.state, CASE s.state WHEN 'approved' THEN 3 WHEN 'submitted' THEN 2 ELSE 1 END,
               CASE WHEN s.state = 'approved' THEN ${approvedAt} END
        FROM reporting_periods pe CROSS JOIN institutions i
        CROSS JOIN LATERAL (
          SELECT CASE
            WHEN EXISTS (SELECT 1 FROM records r WHERE ${ofPeriod} AND r.status <> 'submitted') THEN 'open'
            WHEN (pe.fiscal_year, pe.term) <> (${latest.fiscalYear}, ${latest.term}) THEN 'approved'
            WHEN EXISTS (SELECT 1 FROM records r WHERE ${ofPeriod}) THEN 'submitted'
            ELSE 'open' END AS state
        ) s
        WHERE i.active_ind
        ORDER BY pe.id, i.id`,
  );
  await tx.execute(
    sql`INSERT INTO return_events (return_id, action, from_state, to_state, user_id, at)
        SELECT tr.id, 'submit', 'in progress', 'submitted', ${adminId}::int, ${signedOff}
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.state IN ('submitted', 'approved')
        UNION ALL
        SELECT tr.id, 'approve', 'submitted', 'approved', ${adminId}::int, ${approvedAt}
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.state = 'approved'
        ORDER BY 1, 6`,
  );
  return { fiscalYear: latest.fiscalYear, term: latest.term };
}
