import { sql } from 'drizzle-orm';
import { canEditInstitution } from '../../../shared/permissions.ts';
import { READY_GUARD_MINUTES, type ReadyForSignOffResult, type SignOffPeople } from '../../../shared/schemas/contacts.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { formatBcTime } from '../../../shared/bc-time.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { returnEvents } from '../../db/schema.ts';
import { headerSafeName } from '../../mail/mail-address.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { conflict as conflictOf, FORBIDDEN, NOT_FOUND, refused, type Outcome } from '../../refusals.ts';
import { isoTimestamp } from '../records/record-sql.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { chooseContacts } from '../users/contact-choice.ts';
import { appAdmins, institutionAdmins, type Contact } from '../users/contacts.repo.ts';
import { readySubject, readyText } from './ready-mail.ts';
import type { ReturnActor } from './return-transitions.ts';
import { readReturn, returnKeyOf } from './returns.repo.ts';

/**
 * "Ready for sign-off" (issue 29): someone who may write an institution's records tells the people who may sign off
 * its open return that it is ready. One mail to them all, kept in the return's history; the state does not change.
 * At most once per READY_GUARD_MINUTES per return, whoever asks, so it cannot be used to flood their mailboxes.
 */

export const READY_ACTION = 'ready-for-sign-off';

/** Who may sign off a return of this institution: its admins, or (where it has none) a few app admins. */
async function signOffContacts(db: Db, institutionId: number) {
  return chooseContacts({ institutionAdmins: await institutionAdmins(db, institutionId), appAdmins: await appAdmins(db) });
}

/** When the sign-off people of a return were last told it is ready, within the guard, or null. */
async function lastReadyAt(db: Db, returnId: number, withinGuard: boolean): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`SELECT CASE WHEN max(at) IS NULL THEN NULL ELSE ${isoTimestamp(sql`max(at)`)} END AS at
        FROM return_events
        WHERE return_id = ${returnId} AND action = ${READY_ACTION}
          ${withinGuard ? sql`AND at > now() - make_interval(mins => ${READY_GUARD_MINUTES})` : sql``}`,
  );
  return row?.at ?? null;
}

/** The sign-off people of a return (for anyone who may read it; the route checks), or null when it does not exist. */
export async function signOffPeopleOf(db: Db, returnId: number): Promise<(SignOffPeople & { institutionId: number }) | null> {
  const [row] = await queryRows<{ institution_id: number; short_name: string }>(
    db,
    sql`SELECT tr.institution_id, i.short_name FROM term_returns tr JOIN institutions i ON i.id = tr.institution_id
        WHERE tr.id = ${returnId}`,
  );
  if (!row) return null;
  const { kind, people } = await signOffContacts(db, row.institution_id);
  return {
    institutionId: row.institution_id,
    kind,
    institution_name: kind === 'institution-admins' ? row.short_name : null,
    people: people.map(({ name, email }) => ({ name, email })),
    last_ready_at: await lastReadyAt(db, returnId, false),
  };
}

/** A time as B.C. people read it, with its zone ("2:05 p.m. PT"), as the screens write it (decision 045). */
const bcTime = (iso: string) => formatBcTime(new Date(iso).getTime());

export type ReadyConflictCode = 'return_state' | 'ready_recently' | 'no_sign_off_people';

/** Told, or why not: not found, forbidden, a conflict (with the return as it is), or a mail not taken (not-delivered). */
export type ReadyOutcome = Outcome<ReadyForSignOffResult>;

export interface ReadyContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  actor: ReturnActor & { name: string };
  /** Where a refused mail is reported (the request's log). */
  logFailure(err: unknown): void;
}

const conflict = (code: ReadyConflictCode, message: string, current: TermReturn): ReadyOutcome =>
  refused(conflictOf(message, code, { state: current.state, current }));

/** Why the sign-off people cannot be told now, or null: the state, the guard, or nobody to tell. */
async function refusal(db: Db, current: TermReturn, recipients: readonly Contact[]): Promise<ReadyOutcome | null> {
  if (current.state === 'submitted' || current.state === 'approved') {
    return conflict(
      'return_state',
      `This return is ${current.state}: it can be marked ready for sign-off only while it is not started, in progress or reopened.`,
      current,
    );
  }
  const recent = await lastReadyAt(db, current.id, true);
  if (recent) {
    return conflict(
      'ready_recently',
      `The people who sign off this return were told it is ready at ${bcTime(recent)}. They can be told again ${READY_GUARD_MINUTES} minutes after that.`,
      current,
    );
  }
  if (recipients.length === 0) {
    return conflict('no_sign_off_people', 'Nobody else may sign off this return, or none of them has a mail address.', current);
  }
  return null;
}

/**
 * Claims the mail in one short transaction (rights, the state, the guard under a lock of this return's "ready"
 * mails, the history entry and the audit), then sends it outside any transaction: a slow mail server must not hold a
 * connection (nor, on PGlite, the whole database). A mail the server does not take takes its history entry back,
 * so the history only says what was sent, and is audited as failed.
 */
export async function tellReadyForSignOff(ctx: ReadyContext, returnId: number): Promise<ReadyOutcome> {
  const { db, actor } = ctx;
  const claimed = await db.transaction(async (tx): Promise<ReadyOutcome | { claim: number; ret: TermReturn; to: Contact[] }> => {
    const key = await returnKeyOf(tx, returnId);
    if (!key) return refused(NOT_FOUND);
    if (!canEditInstitution(actor.privileges, key.institutionId)) return refused(FORBIDDEN);
    // Two clicks (or two writers) at once take turns here, and the second sees the first's entry.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${READY_ACTION} ${returnId}`}))`);
    const current = (await readReturn(tx, returnId))!;
    // The sender is not told what they said; an admin who is the only one gets "nobody else".
    const to = (await signOffContacts(tx, key.institutionId)).people.filter((p) => p.user_id !== actor.id);
    const why = await refusal(tx, current, to);
    if (why) return why;
    const [event] = await tx
      .insert(returnEvents)
      .values({
        returnId,
        action: READY_ACTION,
        fromState: current.state,
        toState: current.state,
        reason: `Told ${to.map((p) => p.name).join(', ')}`,
        userId: actor.id,
      })
      .returning({ id: returnEvents.id });
    await writeAudit(tx, {
      entityType: 'return',
      entityId: returnId,
      action: READY_ACTION,
      changedBy: actor.id,
      after: { state: current.state, recipients: to.map((p) => p.user_id), event: event!.id },
    });
    return { claim: event!.id, ret: current, to };
  });
  if ('ok' in claimed) return claimed;

  try {
    await ctx.mailer.send({
      to: claimed.to.map((p) => ({ name: headerSafeName(p.name), address: p.email })),
      subject: readySubject(claimed.ret),
      text: readyText(claimed.ret, actor.name, ctx.publicUrl),
    });
  } catch (err) {
    ctx.logFailure(err);
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM return_events WHERE id = ${claimed.claim}`);
      await writeAudit(tx, {
        entityType: 'return',
        entityId: returnId,
        action: `${READY_ACTION}-failed`,
        changedBy: actor.id,
        after: { event: claimed.claim, error: err instanceof Error ? err.message.slice(0, 500) : 'unknown' },
      });
    });
    return refused({
      kind: 'not-delivered',
      message: 'The mail server did not take the mail, so nobody was told. Try again in a few minutes.',
    });
  }
  return {
    ok: true,
    value: { told: claimed.to.map(({ name, email }) => ({ name, email })), return: (await readReturn(db, returnId))! },
  };
}
