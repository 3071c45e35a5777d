import { sql } from 'drizzle-orm';
import {
  REMINDER_GUARD_HOURS,
  type ReminderRequestSchema,
  type ReminderSkipReason,
  type ReminderSummary,
  type TermReturn,
} from '../../../shared/schemas/returns.ts';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { refuse } from '../../refusals.ts';
import { headerSafeName, isPlainAddress } from '../../mail/mail-address.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { inList, isoTimestamp } from '../records/record-sql.ts';
import { reminderSubject, reminderText } from './reminder-mail.ts';
import { listReturns } from './returns.repo.ts';

/**
 * Reminder mails to the admins of overdue term returns (docs/reporting-cycle.md, "Reminder mails"). One mail per
 * return, to every active user with the `admin` privilege on its institution and a plain address. A return reminded
 * less than REMINDER_GUARD_HOURS ago is skipped, so a double click or two app admins at once cannot flood anyone.
 */

/** The audit actions (entity `return`): a reminder handed to the mail server, and one the server did not take. */
const REMIND = 'remind';
const REMIND_FAILED = 'remind-failed';

/** One advisory lock for every reminder claim: two requests at once take turns, and the second sees the first's claims. */
const REMINDER_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('term-return-reminders'))`;

type ReminderRequest = z.output<typeof ReminderRequestSchema>;

interface Recipient {
  user_id: number;
  name: string;
  email: string;
}

type Skipped = ReminderSummary['skipped'][number];

const brief = (ret: TermReturn) => ({
  return_id: ret.id,
  institution_id: ret.institution_id,
  institution_name: ret.institution_name,
  fiscal_year: ret.fiscal_year,
  term: ret.term,
});

const skip = (ret: TermReturn, reason: ReminderSkipReason, lastRemindedAt: string | null = null): Skipped => ({
  ...brief(ret),
  reason,
  last_reminded_at: lastRemindedAt,
});

/** The returns a request names: those listed (every id must exist), or those of its fiscal year (and term). */
async function returnsAskedFor(db: Db, request: ReminderRequest): Promise<TermReturn[]> {
  if (!request.return_ids) {
    // Of a fiscal year, only the overdue returns are in question: the others are not listed as left out.
    const all = await listReturns(db, {
      fiscalYears: [request.fiscal_year!],
      terms: request.term ? [request.term] : undefined,
      readable: 'all',
    });
    return all.filter((r) => r.overdue);
  }
  const ids = [...new Set(request.return_ids)];
  const found = await listReturns(db, { ids, readable: 'all' });
  const missing = ids.filter((id) => !found.some((r) => r.id === id));
  if (missing.length > 0) throw refuse('return_ids', `No term return has the id ${missing.slice(0, 10).join(', ')}`);
  return found;
}

/** The active admins of some institutions with a plain address, by institution, in name order. */
async function adminsOf(db: Db, institutionIds: readonly number[]): Promise<Map<number, Recipient[]>> {
  const byInstitution = new Map<number, Recipient[]>();
  if (institutionIds.length === 0) return byInstitution;
  const rows = await queryRows<Recipient & { institution_id: number }>(
    db,
    sql`SELECT p.institution_id, u.id AS user_id, coalesce(nullif(u.pref_name, ''), u.username) AS name, trim(u.email) AS email
        FROM user_privileges p JOIN users u ON u.id = p.user_id
        WHERE p.level = 'admin' AND u.active AND ${inList(sql`p.institution_id`, institutionIds)}
        ORDER BY name, u.id`,
  );
  for (const { institution_id, ...recipient } of rows) {
    // An address that is not plain is never put in a header: that admin is left out, as one without an address is.
    if (!isPlainAddress(recipient.email)) continue;
    const list = byInstitution.get(institution_id) ?? [];
    if (!list.some((r) => r.email.toLowerCase() === recipient.email.toLowerCase())) list.push(recipient);
    byInstitution.set(institution_id, list);
  }
  return byInstitution;
}

/**
 * When each of these returns was last reminded within the guard, if it was: a reminder counts once the mail server
 * took it, or while it is being sent, not when the server refused it (a `remind-failed` row names its claim).
 */
async function recentReminders(db: Db, returnIds: readonly number[]): Promise<Map<number, string>> {
  if (returnIds.length === 0) return new Map();
  const rows = await queryRows<{ return_id: number; at: string }>(
    db,
    sql`SELECT a.entity_id AS return_id, ${isoTimestamp(sql`max(a.changed_at)`)} AS at
        FROM audit_log a
        WHERE a.entity_type = 'return' AND a.action = ${REMIND} AND ${inList(sql`a.entity_id`, returnIds)}
          AND a.changed_at > now() - make_interval(hours => ${REMINDER_GUARD_HOURS})
          AND NOT EXISTS (
            SELECT 1 FROM audit_log f
            WHERE f.entity_type = 'return' AND f.entity_id = a.entity_id AND f.action = ${REMIND_FAILED}
              AND f.after->>'claim' = a.id::text)
        GROUP BY a.entity_id`,
  );
  return new Map(rows.map((r) => [r.return_id, r.at]));
}

interface Plan {
  toSend: { ret: TermReturn; recipients: Recipient[] }[];
  skipped: Skipped[];
}

/** Who would be mailed about what, and what is left out and why. */
async function planReminders(db: Db, asked: TermReturn[]): Promise<Plan> {
  const skipped: Skipped[] = [];
  const overdue: TermReturn[] = [];
  for (const ret of asked) {
    if (ret.overdue) overdue.push(ret);
    else skipped.push(skip(ret, 'not-overdue'));
  }
  const admins = await adminsOf(db, [...new Set(overdue.map((r) => r.institution_id))]);
  const recent = await recentReminders(
    db,
    overdue.map((r) => r.id),
  );
  const toSend: Plan['toSend'] = [];
  for (const ret of overdue) {
    const recipients = admins.get(ret.institution_id) ?? [];
    const last = recent.get(ret.id);
    if (last) skipped.push(skip(ret, 'reminded-recently', last));
    else if (recipients.length === 0) skipped.push(skip(ret, 'no-admin'));
    else toSend.push({ ret, recipients });
  }
  return { toSend, skipped };
}

function summary(plan: Plan, dryRun: boolean, sent: number): ReminderSummary {
  const people = new Set(plan.toSend.flatMap(({ recipients }) => recipients.map((r) => r.email.toLowerCase())));
  return {
    dry_run: dryRun,
    sent,
    recipients: people.size,
    returns: plan.toSend.map(({ ret, recipients }) => ({ ...brief(ret), recipients })),
    skipped: plan.skipped,
  };
}

export interface ReminderContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  actorId: number;
  /** Where a refused mail is reported (the request's log). */
  logFailure(err: unknown, returnId: number): void;
}

/**
 * Plans the reminders, then (unless a dry run) claims them under the reminder lock, checking the guard again there,
 * sends one mail per return and audits each: `remind` with the recipients when claimed, `remind-failed` naming the
 * claim when the mail server did not take it (so the guard lets it be sent again).
 */
export async function sendReminders(ctx: ReminderContext, request: ReminderRequest): Promise<ReminderSummary> {
  const { db } = ctx;
  const asked = await returnsAskedFor(db, request);
  if (request.dry_run) return summary(await planReminders(db, asked), true, 0);

  const { plan, claims } = await db.transaction(async (tx) => {
    await tx.execute(REMINDER_LOCK);
    const planned = await planReminders(tx, asked);
    const ids = new Map<number, number>();
    for (const { ret, recipients } of planned.toSend) {
      const [row] = await tx
        .insert(auditLog)
        .values({
          entityType: 'return',
          entityId: ret.id,
          action: REMIND,
          changedBy: ctx.actorId,
          before: null,
          after: { fiscal_year: ret.fiscal_year, term: ret.term, state: ret.state, recipients: recipients.map((r) => r.user_id) },
        })
        .returning({ id: auditLog.id });
      ids.set(ret.id, row!.id);
    }
    return { plan: planned, claims: ids };
  });

  let sent = 0;
  const failed = new Set<number>();
  for (const { ret, recipients } of plan.toSend) {
    try {
      await ctx.mailer.send({
        to: recipients.map((r) => ({ name: headerSafeName(r.name), address: r.email })),
        subject: reminderSubject(ret),
        text: reminderText(ret, ctx.publicUrl),
      });
      sent += 1;
    } catch (err) {
      ctx.logFailure(err, ret.id);
      failed.add(ret.id);
      await db.insert(auditLog).values({
        entityType: 'return',
        entityId: ret.id,
        action: REMIND_FAILED,
        changedBy: ctx.actorId,
        before: null,
        after: { claim: String(claims.get(ret.id)), error: err instanceof Error ? err.message.slice(0, 500) : 'unknown' },
      });
    }
  }
  const delivered: Plan = {
    toSend: plan.toSend.filter(({ ret }) => !failed.has(ret.id)),
    skipped: [...plan.skipped, ...plan.toSend.filter(({ ret }) => failed.has(ret.id)).map(({ ret }) => skip(ret, 'send-failed'))],
  };
  return summary(delivered, false, sent);
}
