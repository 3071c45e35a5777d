import { sql } from 'drizzle-orm';
import { COUNT_FIELDS } from '../../../shared/record-rules.ts';
import { canDecideReturns, canSignOffReturn } from '../../../shared/permissions.ts';
import { actsOnBehalf, ON_BEHALF_REASON_REQUIRED, ON_BEHALF_REASON_UNUSED } from '../../../shared/return-acting.ts';
import { DUE_AGAIN_BEFORE_PERIOD, DUE_AGAIN_IN_PAST, defaultDueAgainOn } from '../../../shared/return-due.ts';
import {
  allowedInState,
  RETURN_TRANSITIONS,
  shownReturnState,
  wrongStateMessage,
  type ReturnAction,
  type ReturnState,
} from '../../../shared/reporting-cycle.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { FillZerosResult, TermReturn } from '../../../shared/schemas/returns.ts';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  conflict as conflictOf,
  FORBIDDEN,
  invalidField,
  NOT_FOUND,
  refused,
  returnLockedBy,
  type Outcome,
} from '../../refusals.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { insertRecords, ONE_RECORD_PER_TERM, type RecordValues } from '../records/record-store.ts';
import { returnEvents } from '../../db/schema.ts';
import { holdReturnExclusive } from './return-lock.ts';
import { expectedPrograms, readReturn, readReturnState, returnKeyOf } from './returns.repo.ts';
import { BC_TODAY } from '../../db/bc-time-sql.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The sign-off actions on a term return (docs/reporting-cycle.md): submit, send back, approve, reopen, and filling
 * the programs with no record with zero records. Each runs in one transaction that decides rights (through
 * shared/permissions.ts), holds the return's exclusive lock (so no record write of the return is half-way through),
 * reads the return again, checks its state and version, then changes it, records the event and audits it. Answers
 * are outcomes (refusals.ts), never HTTP: the routes choose the status.
 */

/** Who acts: their id for the history and the audit, their privileges for the rights check. */
export interface ReturnActor {
  id: number;
  privileges: Privileges;
}

/**
 * return_state: the return's state does not allow the action; return_version: it changed since the version sent;
 * return_incomplete: an expected program has no submitted record; record_exists: someone added a record for one of
 * those programs meanwhile. (A return signed off while the zero records were being written is the record store's
 * `return-locked` refusal, the 409 return_locked.) A conflict carries the return as it is now, and its state.
 */
export type ReturnConflictCode = 'return_state' | 'return_version' | 'return_incomplete' | 'record_exists';

/**
 * What an action may carry: the reason (send back, reopen; zero fill and sign-off when acting for the institution),
 * the new due date (send back, reopen) and the version the actor saw.
 */
export interface ReturnActionInput {
  reason?: string;
  due_again_on?: string;
  version?: number;
}

const invalid = (field: string, message: string) => refused(invalidField(field, message));

/**
 * Zero fill and sign-off by an app admin who is not the institution's admin act on its behalf: a reason is required,
 * kept as the history's on-behalf reason; from anyone else a reason is refused, since nothing would keep it.
 */
function onBehalfReason(actor: ReturnActor, institutionId: number, input: ReturnActionInput) {
  if (!actsOnBehalf(actor.privileges, institutionId)) {
    return input.reason === undefined ? { reason: null } : invalid('reason', ON_BEHALF_REASON_UNUSED);
  }
  return input.reason ? { reason: input.reason } : invalid('reason', ON_BEHALF_REASON_REQUIRED);
}

/** Today in B.C. by the database's clock: the same clock overdue is judged by. */
async function bcTodayOf(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`SELECT to_char(${BC_TODAY}, 'YYYY-MM-DD') AS today`);
  return row!.today;
}

/**
 * The due date a send-back or reopening sets: the one chosen (not before today, nor before the period's due date),
 * else the default the dialog prefills (decision 032).
 */
async function dueAgainOn(db: Db, periodDueOn: string, chosen: string | undefined) {
  const today = await bcTodayOf(db);
  if (chosen === undefined) return { day: defaultDueAgainOn(today, periodDueOn) };
  if (chosen < today) return invalid('due_again_on', DUE_AGAIN_IN_PAST);
  return chosen < periodDueOn ? invalid('due_again_on', DUE_AGAIN_BEFORE_PERIOD) : { day: chosen };
}

const conflict = (code: ReturnConflictCode, message: string, current?: TermReturn) =>
  refused(conflictOf(message, code, current && { state: current.state, current }));

/** Whether the actor may take an action on a return of this institution. */
export function mayTakeReturnAction(action: ReturnAction | 'fill-zeros', privileges: Privileges, institutionId: number): boolean {
  if (action === 'fill-zeros' || RETURN_TRANSITIONS[action].who === 'institution admin') {
    return canSignOffReturn(privileges, institutionId);
  }
  return canDecideReturns(privileges);
}

/** Why an action cannot be taken on a return as it stands: the code and words of its conflict. */
interface Problem {
  code: ReturnConflictCode;
  message: string;
}

/** A stale version, or a state the action does not start from: the problem, or null. */
function stateProblem(
  action: ReturnAction | 'fill-zeros',
  current: Pick<TermReturn, 'state' | 'version'>,
  version: number | undefined,
): Problem | null {
  if (version !== undefined && version !== current.version) {
    return {
      code: 'return_version',
      message: `This return changed (version ${current.version}) after you opened it (version ${version}): nothing was done. Look at it again, then decide.`,
    };
  }
  if (allowedInState(action, current.state)) return null;
  const message =
    action === 'fill-zeros'
      ? `This return is ${current.state}: programs can be filled with zero records only while it is not started, in progress or reopened.`
      : wrongStateMessage(action, current.state);
  return { code: 'return_state', message };
}

const NAMES_SHOWN = 10;

/** Submitting needs a submitted record of every expected program: the problem naming those without, or null. */
async function incompleteProblem(db: Db, id: number): Promise<Problem | null> {
  const lacking = (await expectedPrograms(db, id)).filter((p) => p.record_status !== 'submitted');
  if (lacking.length === 0) return null;
  const names = lacking
    .slice(0, NAMES_SHOWN)
    .map((p) => `${p.program_name} (${p.record_id === null ? 'no record' : 'a draft'})`)
    .join(', ');
  const more = lacking.length > NAMES_SHOWN ? ` and ${lacking.length - NAMES_SHOWN} more` : '';
  const count = lacking.length === 1 ? '1 program has' : `${lacking.length} programs have`;
  return {
    code: 'return_incomplete',
    message: `${count} no submitted record: ${names}${more}. Submit their records (a program with no activity this term reports a zero record), then sign off.`,
  };
}

async function recordEvent(
  db: Db,
  event: {
    returnId: number;
    action: string;
    from: ReturnState;
    to: ReturnState;
    reason: string | null;
    onBehalfReason?: string | null;
    dueAgainOn?: string | null;
    userId: number;
  },
): Promise<void> {
  await db.insert(returnEvents).values({
    returnId: event.returnId,
    action: event.action,
    fromState: event.from,
    toState: event.to,
    reason: event.reason,
    onBehalfReason: event.onBehalfReason ?? null,
    dueAgainOn: event.dueAgainOn ?? null,
    userId: event.userId,
  });
}

/**
 * Submits, sends back, approves or reopens a return, and answers it as it is then. Rights first (403), then under the
 * return's exclusive lock its version and state (409 naming the state), and for submit its completeness (409 naming
 * the programs). A transition steps the version, an approval sets the first approval's time once, and each is kept
 * in the history and audited.
 */
export async function takeReturnAction(
  db: Db,
  id: number,
  action: ReturnAction,
  actor: ReturnActor,
  input: ReturnActionInput = {},
): Promise<Outcome<TermReturn>> {
  return db.transaction(async (tx): Promise<Outcome<TermReturn>> => {
    const done = await transition(tx, id, action, actor, input);
    return done.ok ? { ok: true, value: (await readReturn(tx, id))! } : done;
  });
}

/**
 * The same transition as takeReturnAction, in a transaction of its own, answering only whether it was taken: for the
 * bulk approval, whose answer lists no return (reading each back was a third of each approval's time, npm run bench).
 */
export async function takeReturnActionUnread(
  db: Db,
  id: number,
  action: ReturnAction,
  actor: ReturnActor,
  input: ReturnActionInput = {},
): Promise<Outcome<null>> {
  return db.transaction((tx) => transition(tx, id, action, actor, input));
}

/** The one write path of a return's transitions, inside the caller's transaction (takeReturnAction above). */
async function transition(
  tx: Db,
  id: number,
  action: ReturnAction,
  actor: ReturnActor,
  input: ReturnActionInput,
): Promise<Outcome<null>> {
  const key = await returnKeyOf(tx, id);
  if (!key) return refused(NOT_FOUND);
  if (!mayTakeReturnAction(action, actor.privileges, key.institutionId)) return refused(FORBIDDEN);
  const onBehalf = action === 'submit' ? onBehalfReason(actor, key.institutionId, input) : { reason: null };
  if ('refusal' in onBehalf) return onBehalf;
  // Waits for record writes of this return in flight; those that come later wait for this transaction.
  await holdReturnExclusive(tx, key);
  // What the transition decides on, read in one light query; the whole return (counts, history) only for a conflict's
  // answer: reading it whole for every one of 90 approvals was most of the bulk approval's time (npm run bench).
  const current = (await readReturnState(tx, id))!;
  const problem = stateProblem(action, current, input.version) ?? (action === 'submit' ? await incompleteProblem(tx, id) : null);
  if (problem) return conflict(problem.code, problem.message, (await readReturn(tx, id))!);
  const due = RETURN_TRANSITIONS[action].reason ? await dueAgainOn(tx, current.due_on, input.due_again_on) : { day: null };
  if ('refusal' in due) return due;
  const to = RETURN_TRANSITIONS[action].to;
  await tx.execute(
    sql`UPDATE term_returns SET state = ${to}, version = version + 1, updated_at = now()
          ${action === 'approve' ? sql`, first_approved_at = coalesce(first_approved_at, now())` : sql``}
          ${due.day === null ? sql`` : sql`, due_again_on = ${due.day}::date`}
        WHERE id = ${id}`,
  );
  const shownTo = shownReturnState(to, current.reported);
  const reason = (action === 'submit' ? null : input.reason) ?? null;
  await recordEvent(tx, {
    returnId: id,
    action,
    from: current.state,
    to: shownTo,
    reason,
    onBehalfReason: onBehalf.reason,
    dueAgainOn: due.day,
    userId: actor.id,
  });
  await writeAudit(tx, {
    entityType: 'return',
    entityId: id,
    action,
    changedBy: actor.id,
    before: { state: current.state, version: current.version, due_again_on: current.due_again_on },
    after: {
      state: shownTo,
      version: current.version + 1,
      reason,
      ...(onBehalf.reason === null ? {} : { on_behalf_reason: onBehalf.reason }),
      ...(due.day === null ? {} : { due_again_on: due.day }),
    },
  });
  return { ok: true, value: null };
}

/** The values of a zero record: no activity this term, every count 0, no pay or fee, submitted. */
export function zeroRecordValues(fiscalYear: string, term: string): RecordValues {
  const values: RecordValues = { fiscal_year: fiscalYear, term, status: 'submitted' };
  for (const field of COUNT_FIELDS) values[field] = 0;
  values.notes = 'No activity this term (zero record from the term return).';
  return values;
}

/**
 * Writes a submitted zero record, through the record store, for every expected program of the return that has no
 * record at all (a draft is left for its writer to finish). Rights as for submitting; only while the return is not
 * started, in progress or reopened. The zero records are audited as created, and the fill is kept in the history.
 */
export async function fillZeros(
  db: Db,
  id: number,
  actor: ReturnActor,
  input: ReturnActionInput = {},
): Promise<Outcome<FillZerosResult>> {
  try {
    return await db.transaction(async (tx): Promise<Outcome<FillZerosResult>> => {
      const key = await returnKeyOf(tx, id);
      if (!key) return refused(NOT_FOUND);
      if (!mayTakeReturnAction('fill-zeros', actor.privileges, key.institutionId)) return refused(FORBIDDEN);
      const onBehalf = onBehalfReason(actor, key.institutionId, input);
      if ('refusal' in onBehalf) return onBehalf;
      const current = (await readReturn(tx, id))!;
      const problem = stateProblem('fill-zeros', current, input.version);
      if (problem) return conflict(problem.code, problem.message, current);
      const missing = (await expectedPrograms(tx, id)).filter((p) => p.record_id === null);
      if (missing.length === 0) return { ok: true, value: { created: [], return: current } };
      // The record store holds the return's shared lock and refuses if it was signed off meanwhile.
      const records = await insertRecords(
        tx,
        missing.map((p) => ({
          institutionId: key.institutionId,
          programId: p.program_id,
          values: zeroRecordValues(key.fiscalYear, key.term),
        })),
        actor.id,
      );
      const after = (await readReturn(tx, id))!;
      const created = records.map((r) => ({ program_id: r.program_id, record_id: r.id }));
      const reason = `Zero records for ${missing.length} program${missing.length === 1 ? '' : 's'} with no activity this term: ${missing.map((p) => p.program_name).join(', ')}`;
      await recordEvent(tx, {
        returnId: id,
        action: 'fill-zeros',
        from: current.state,
        to: after.state,
        reason,
        onBehalfReason: onBehalf.reason,
        userId: actor.id,
      });
      const onBehalfAudit = onBehalf.reason === null ? {} : { on_behalf_reason: onBehalf.reason };
      await writeAudit(tx, {
        entityType: 'return',
        entityId: id,
        action: 'fill-zeros',
        changedBy: actor.id,
        after: { created, ...onBehalfAudit },
      });
      return { ok: true, value: { created, return: after } };
    });
  } catch (err) {
    // The return was signed off while the zero records were being written: the store refused, nothing was written.
    const locked = returnLockedBy(err);
    if (locked) return refused(locked);
    if (uniqueViolation(err) === ONE_RECORD_PER_TERM) {
      return conflict(
        'record_exists',
        'Someone added a record for one of these programs meanwhile. Nothing was written: look at the return again.',
      );
    }
    throw err;
  }
}
