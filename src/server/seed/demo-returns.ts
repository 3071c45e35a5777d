import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { auditLog, returnEvents } from '../db/schema.ts';
import { readRecord } from '../modules/records/record-store.ts';
import type { DemoTimeline } from './demo-story.ts';
import { seedReportingCycle } from './reporting-cycle.ts';
import type { PeriodKey } from '../../shared/term-calendar.ts';
import { bcInstant } from '../db/bc-time-sql.ts';
import { defaultDueAgainOn } from '../../shared/return-due.ts';

/**
 * Who plays which part in the demo's reporting cycle (its terms are the timeline's, demo-story.ts), so home, the
 * completeness matrix and the report marks have something to show on a fresh demo: in the term due next most
 * institutions have submitted, a few are in progress (drafts; UVic among them, so the `writer` has a term to finish
 * and `uvicadmin` one to sign off) and one has not started; in the term before, past its
 * due date, two institutions are overdue (one in progress, one not started) and the rest submitted; every older return
 * is approved, and one of them was reopened, corrected and approved again, so its figures are marked revised.
 */
export const DEMO_RETURN_STORY = {
  dueNext: { inProgress: ['UVic', 'SFU', 'Camosun', 'KPU'], notStarted: 'NLC' },
  pastDue: { inProgress: 'VIU', notStarted: 'COTR' },
  /** Its term is the timeline's `reopened`: the last Fall term before the past-due one. */
  reopened: { institution: 'UBC' },
  reopenReason:
    'The co-op office found students enrolled in the term but left out of the figures; please correct and sign off again.',
  /** Enrolled students the correction adds to one program's record (seeking and placed stay within it). */
  correction: 7,
} as const;

/** Days after the reopened return's due date that appadmin reopens it (some five weeks). */
const REOPENED_AFTER_DAYS = 38;
/** A B.C. day and time, some days after the reopened return's due date, as SQL. */
const afterDue = (days: number, time: string) => bcInstant(sql.raw(`((pe.due_on + ${days}) + time '${time}')`));

interface StoryReturn {
  id: number;
  version: number;
  instadmin: number;
  /** The B.C. day it is reopened, and its period's due date (YYYY-MM-DD): the new due date follows from them. */
  reopened_day: string;
  period_due_on: string;
  reopened: string;
  corrected: string;
  resubmitted: string;
  reapproved: string;
}

/**
 * The reopened return's story, after its first approval: appadmin reopens it with a reason some five weeks later
 * (due again on the date a reopening sets by default, as the API would set it), the
 * institution's admin corrects one record (an audited update, so `updated_at` passes the first approval) and signs
 * off again, and appadmin approves it a week after that. `first_approved_at` keeps the first approval.
 */
async function reopenAndReapprove(tx: Db, reopened: PeriodKey, adminId: number): Promise<void> {
  const { institution } = DEMO_RETURN_STORY.reopened;
  const { fiscal_year: fiscalYear, term } = reopened;
  const [story] = await queryRows<StoryReturn>(
    tx,
    sql`SELECT tr.id, tr.version, (SELECT id FROM users WHERE username = 'instadmin') AS instadmin,
               (pe.due_on + ${REOPENED_AFTER_DAYS}::int)::text AS reopened_day, pe.due_on::text AS period_due_on,
               ${afterDue(REOPENED_AFTER_DAYS, '10:15')} AS reopened, ${afterDue(40, '14:40')} AS corrected,
               ${afterDue(41, '09:30')} AS resubmitted, ${afterDue(48, '11:05')} AS reapproved
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
        JOIN institutions i ON i.id = tr.institution_id
        WHERE i.short_name = ${institution} AND pe.fiscal_year = ${fiscalYear} AND pe.term = ${term} AND tr.state = 'approved'`,
  );
  if (!story) throw new Error(`The demo has no approved ${institution} return of ${term} ${fiscalYear} to reopen`);
  const [target] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT r.id FROM records r JOIN institutions i ON i.id = r.institution_id
        WHERE i.short_name = ${institution} AND r.fiscal_year = ${fiscalYear} AND r.term = ${term}
        ORDER BY r.id LIMIT 1`,
  );
  const before = await readRecord(tx, target!.id);
  await tx.execute(
    sql`UPDATE records SET students_enrolled = students_enrolled + ${DEMO_RETURN_STORY.correction},
          version = version + 1, updated_at = ${story.corrected}, updated_by = ${story.instadmin}
        WHERE id = ${target!.id}`,
  );
  const after = await readRecord(tx, target!.id);
  const v = story.version;
  const reason = DEMO_RETURN_STORY.reopenReason;
  const dueAgain = defaultDueAgainOn(story.reopened_day, story.period_due_on);
  const steps = [
    { action: 'reopen', from: 'approved', to: 'reopened', reason, dueAgain, userId: adminId, at: story.reopened },
    {
      action: 'submit',
      from: 'reopened',
      to: 'submitted',
      reason: null,
      dueAgain: null,
      userId: story.instadmin,
      at: story.resubmitted,
    },
    { action: 'approve', from: 'submitted', to: 'approved', reason: null, dueAgain: null, userId: adminId, at: story.reapproved },
  ];
  await tx.insert(returnEvents).values(
    steps.map((s) => ({
      returnId: story.id,
      action: s.action,
      fromState: s.from,
      toState: s.to,
      reason: s.reason,
      dueAgainOn: s.dueAgain,
      userId: s.userId,
      at: new Date(s.at),
    })),
  );
  await tx.insert(auditLog).values([
    ...steps.map((s, n) => ({
      entityType: 'return',
      entityId: story.id,
      action: s.action,
      changedBy: s.userId,
      changedAt: new Date(s.at),
      before: { state: s.from, version: v + n },
      after: { state: s.to, version: v + n + 1, reason: s.reason, ...(s.dueAgain ? { due_again_on: s.dueAgain } : {}) },
    })),
    {
      entityType: 'record',
      entityId: target!.id,
      action: 'update',
      changedBy: story.instadmin,
      changedAt: new Date(story.corrected),
      before,
      after,
    },
  ]);
  await tx.execute(
    sql`UPDATE term_returns SET version = ${v + steps.length}, due_again_on = ${dueAgain}::date, updated_at = ${story.reapproved}
        WHERE id = ${story.id}`,
  );
}

/**
 * The demo's reporting cycle: the timeline's periods and their returns as the records (shaped by DEMO_RETURN_STORY in
 * demo.ts) stand, every sign-off before the demo's today, and the reopened return's story.
 */
export async function seedDemoReturns(tx: Db, timeline: DemoTimeline, adminId: number): Promise<void> {
  const { periods, approvedThrough, today } = timeline;
  await seedReportingCycle(tx, { periods, approvedThrough, signedOffBy: previousDay(today) }, adminId);
  await reopenAndReapprove(tx, timeline.reopened, adminId);
}

const previousDay = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
