import { sql } from 'drizzle-orm';
import { TERMS } from '../../shared/constants.ts';
import { fiscalYearOf } from '../../shared/record-rules.ts';
import { defaultPeriodDates } from '../../shared/term-calendar.ts';
import type { Db } from '../db/client.ts';

/**
 * The demo's reporting cycle (docs/reporting-cycle.md): a period for every seeded fiscal year and term, on the term
 * calendar's default dates, and a return for every institution. Every period but the latest is approved (signed off
 * three days before its due date, approved two weeks after it); in the latest term, whose drafts the records leave,
 * a return is submitted when all its records are, and otherwise still in progress (and overdue).
 */
export async function seedDemoReturns(tx: Db, firstYear: number, lastYear: number, adminId: number): Promise<void> {
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
  const signedOff = sql.raw(`((pe.due_on - 3) + time '12:00') AT TIME ZONE 'America/Vancouver'`);
  const approvedAt = sql.raw(`((pe.due_on + 14) + time '12:00') AT TIME ZONE 'America/Vancouver'`);
  await tx.execute(
    sql`INSERT INTO term_returns (period_id, institution_id, state, version, first_approved_at)
        SELECT pe.id, i.id, s.state, CASE s.state WHEN 'approved' THEN 3 WHEN 'submitted' THEN 2 ELSE 1 END,
               CASE WHEN s.state = 'approved' THEN ${approvedAt} END
        FROM reporting_periods pe CROSS JOIN institutions i
        CROSS JOIN LATERAL (
          SELECT CASE
            WHEN EXISTS (SELECT 1 FROM records r WHERE r.institution_id = i.id AND r.fiscal_year = pe.fiscal_year
                           AND r.term = pe.term AND r.status <> 'submitted') THEN 'open'
            WHEN (pe.fiscal_year, pe.term) = (${latest.fiscalYear}, ${latest.term}) THEN 'submitted'
            ELSE 'approved' END AS state
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
}
