import { sql } from 'drizzle-orm';
import { defaultPeriodDates, type PeriodKey } from '../../shared/term-calendar.ts';
import { bcInstant } from '../db/bc-time-sql.ts';
import type { Db } from '../db/client.ts';

/** Why the app admin signed off a seeded return for an institution that has no admin account. */
export const SIGNED_OFF_ON_BEHALF =
  'The co-op office sent its figures by mail and asked us to sign off; it has no admin account yet';

export interface SeededCycle {
  /** Every period to create, on the term calendar's default dates. */
  periods: readonly PeriodKey[];
  /** Every period up to this one is approved (where its records allow). */
  approvedThrough: PeriodKey;
  /** No sign-off is dated after this B.C. day (the demo's today less one); null: three days before the due date. */
  signedOffBy: string | null;
}

/**
 * A seeded reporting cycle (docs/reporting-cycle.md): the periods given, and a return for every active institution, as
 * the records stand. A return is open while the institution has a draft of the term; otherwise approved up to
 * `approvedThrough` (signed off three days before its due date, approved two weeks after it); after it, submitted when
 * the institution has a record of the term and open (not started) when it has none.
 */
export async function seedReportingCycle(tx: Db, cycle: SeededCycle, adminId: number | null): Promise<void> {
  await tx.execute(
    sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on) VALUES ${sql.join(
      cycle.periods.map((p) => {
        const { opens_on, due_on } = defaultPeriodDates(p.fiscal_year, p.term);
        return sql`(${p.fiscal_year}, ${p.term}, ${opens_on}, ${due_on})`;
      }),
      sql`, `,
    )}`,
  );
  const approvedDue = defaultPeriodDates(cycle.approvedThrough.fiscal_year, cycle.approvedThrough.term).due_on;
  const signedOffDay = cycle.signedOffBy === null ? sql`pe.due_on - 3` : sql`LEAST(pe.due_on - 3, ${cycle.signedOffBy}::date)`;
  const signedOff = bcInstant(sql`((${signedOffDay}) + time '12:00')`);
  const approvedAt = bcInstant(sql`((pe.due_on + 14) + time '12:00')`);
  const ofPeriod = sql`r.institution_id = i.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term`;
  await tx.execute(
    sql`INSERT INTO term_returns (period_id, institution_id, state, version, first_approved_at)
        SELECT pe.id, i.id, s.state, CASE s.state WHEN 'approved' THEN 3 WHEN 'submitted' THEN 2 ELSE 1 END,
               CASE WHEN s.state = 'approved' THEN ${approvedAt} END
        FROM reporting_periods pe CROSS JOIN institutions i
        CROSS JOIN LATERAL (
          SELECT CASE
            WHEN EXISTS (SELECT 1 FROM records r WHERE ${ofPeriod} AND r.status <> 'submitted') THEN 'open'
            WHEN pe.due_on <= ${approvedDue}::date THEN 'approved'
            WHEN EXISTS (SELECT 1 FROM records r WHERE ${ofPeriod}) THEN 'submitted'
            ELSE 'open' END AS state
        ) s
        WHERE i.active_ind
        ORDER BY pe.id, i.id`,
  );
  // A return is signed off as the product lets it be (decision 032): by the institution's own admin where it has one,
  // else by the app admin on its behalf, with the reason the history then shows.
  const ownAdmin = sql`(SELECT min(up.user_id) FROM user_privileges up JOIN users u ON u.id = up.user_id
                        WHERE up.institution_id = tr.institution_id AND up.level = 'admin' AND u.active)`;
  const signer = sql`coalesce(${ownAdmin}, ${adminId}::int)`;
  const onBehalf = sql`CASE WHEN ${ownAdmin} IS NULL AND ${adminId}::int IS NOT NULL THEN ${SIGNED_OFF_ON_BEHALF} END`;
  await tx.execute(
    sql`INSERT INTO return_events (return_id, action, from_state, to_state, user_id, on_behalf_reason, at)
        SELECT tr.id, 'submit', 'in progress', 'submitted', ${signer}, ${onBehalf}, ${signedOff}
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.state IN ('submitted', 'approved')
        UNION ALL
        SELECT tr.id, 'approve', 'submitted', 'approved', ${adminId}::int, NULL, ${approvedAt}
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.state = 'approved'
        ORDER BY 1, 7`,
  );
}
