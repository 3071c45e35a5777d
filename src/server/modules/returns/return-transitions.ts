import { sql } from 'drizzle-orm';
import { COUNT_FIELDS } from '../../../shared/record-rules.ts';
import { canDecideReturns, canSignOffReturn } from '../../../shared/permissions.ts';
import {
  RETURN_TRANSITIONS,
  shownReturnState,
  wrongStateMessage,
  type ReturnAction,
  type ReturnState,
  type StoredReturnState,
} from '../../../shared/reporting-cycle.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { FillZerosResult, TermReturn } from '../../../shared/schemas/returns.ts';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { Refused } from '../../refusals.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { insertRecords, ONE_RECORD_PER_TERM, type RecordValues } from '../records/record-store.ts';
import { returnEvents } from '../../db/schema.ts';
import { holdReturnExclusive } from './return-lock.ts';
import { expectedPrograms, readReturn, returnKeyOf } from './returns.repo.ts';

/**
 * The sign-off actions on a term return (docs/reporting-cycle.md): submit, send back, approve, reopen, and filling
 * the programs with no record with zero records. Each runs in one transaction that decides rights (through
 * shared/permissions.ts), holds the return's exclusive lock (so no record write of the return is half-way through),
 * reads the return again, checks its state and version, then changes it, records the event and audits it. Answers
 * are results, never HTTP: the routes choose the status.
 */

/** Who acts: their id for the history and the audit, their privileges for the rights check. */
export interface ReturnActor {
  id: number;
  privileges: Privileges;
}

/** Why an action did not happen: the return is not there, the actor may not, or the return is not in a state for it. */
export type ReturnActionError =
  | { error: 'not-found' }
  | { error: 'forbidden' }
  | { error: 'conflict'; code: ReturnConflictCode; message: string; current?: TermReturn };

/**
 * return_state: the return's state does not allow the action; return_version: it changed since the version sent;
 * return_incomplete: an expected program has no submitted record; return_locked: the return was signed off while the
 * zero records were being written; record_exists: someone added a record for one of those programs meanwhile.
 */
export type ReturnConflictCode = 'return_state' | 'return_version' | 'return_incomplete' | 'return_locked' | 'record_exists';

export type ReturnActionResult<T> = { ok: true; value: T } | ({ ok: false } & ReturnActionError);

/** What an action may carry: the reason (send back, reopen) and the version the actor saw. */
export interface ReturnActionInput {
  reason?: string;
  version?: number;
}

const conflict = (code: ReturnConflictCode, message: string, current?: TermReturn) =>
  ({ ok: false, error: 'conflict', code, message, current }) as const;

/** The stored state behind a shown one. */
const storedOf = (state: ReturnState): StoredReturnState => (state === 'not started' || state === 'in progress' ? 'open' : state);

/** Whether the actor may take an action on a return of this institution. */
export function mayTakeReturnAction(action: ReturnAction | 'fill-zeros', privileges: Privileges, institutionId: number): boolean {
  if (action === 'fill-zeros' || RETURN_TRANSITIONS[action].who === 'institution admin') {
    return canSignOffReturn(privileges, institutionId);
  }
  return canDecideReturns(privileges);
}

/** A stale version, or a state the action does not start from: the conflict, or null. */
function stateConflict(action: ReturnAction | 'fill-zeros', current: TermReturn, version: number | undefined) {
  if (version !== undefined && version !== current.version) {
    return conflict(
      'return_version',
      `This return changed (version ${current.version}) after you opened it (version ${version}): nothing was done. Look at it again, then decide.`,
      current,
    );
  }
  const from: readonly StoredReturnState[] = action === 'fill-zeros' ? ['open', 'reopened'] : RETURN_TRANSITIONS[action].from;
  if (from.includes(storedOf(current.state))) return null;
  const message =
    action === 'fill-zeros'
      ? `This return is ${current.state}: programs can be filled with zero records only while it is not started, in progress or reopened.`
      : wrongStateMessage(action, current.state);
  return conflict('return_state', message, current);
}

const NAMES_SHOWN = 10;

/** Submitting needs a submitted record of every expected program: the conflict naming those without, or null. */
async function incompleteConflict(db: Db, current: TermReturn) {
  const lacking = (await expectedPrograms(db, current.id)).filter((p) => p.record_status !== 'submitted');
  if (lacking.length === 0) return null;
  const names = lacking
    .slice(0, NAMES_SHOWN)
    .map((p) => `${p.program_name} (${p.record_id === null ? 'no record' : 'a draft'})`)
    .join(', ');
  const more = lacking.length > NAMES_SHOWN ? ` and ${lacking.length - NAMES_SHOWN} more` : '';
  const count = lacking.length === 1 ? '1 program has' : `${lacking.length} programs have`;
  return conflict(
    'return_incomplete',
    `${count} no submitted record: ${names}${more}. Submit their records (a program with no activity this term reports a zero record), then sign off.`,
    current,
  );
}

async function recordEvent(
  db: Db,
  event: { returnId: number; action: string; from: ReturnState; to: ReturnState; reason: string | null; userId: number },
): Promise<void> {
  await db.insert(returnEvents).values({
    returnId: event.returnId,
    action: event.action,
    fromState: event.from,
    toState: event.to,
    reason: event.reason,
    userId: event.userId,
  });
}

/**
 * Submits, sends back, approves or reopens a return. Rights first (403), then under the return's exclusive lock its
 * version and state (409 naming the state), and for submit its completeness (409 naming the programs). A transition
 * steps the version, an approval sets the first approval's time once, and each is kept in the history and audited.
 */
export async function takeReturnAction(
  db: Db,
  id: number,
  action: ReturnAction,
  actor: ReturnActor,
  input: ReturnActionInput = {},
): Promise<ReturnActionResult<TermReturn>> {
  return db.transaction(async (tx): Promise<ReturnActionResult<TermReturn>> => {
    const key = await returnKeyOf(tx, id);
    if (!key) return { ok: false, error: 'not-found' };
    if (!mayTakeReturnAction(action, actor.privileges, key.institutionId)) return { ok: false, error: 'forbidden' };
    // Waits for record writes of this return in flight; those that come later wait for this transaction.
    await holdReturnExclusive(tx, key);
    const current = (await readReturn(tx, id))!;
    const refused =
      stateConflict(action, current, input.version) ?? (action === 'submit' ? await incompleteConflict(tx, current) : null);
    if (refused) return refused;
    const to = RETURN_TRANSITIONS[action].to;
    await tx.execute(
      sql`UPDATE term_returns SET state = ${to}, version = version + 1, updated_at = now()
            ${action === 'approve' ? sql`, first_approved_at = coalesce(first_approved_at, now())` : sql``}
          WHERE id = ${id}`,
    );
    const shownTo = shownReturnState(to, current.reported > 0);
    const reason = input.reason ?? null;
    await recordEvent(tx, { returnId: id, action, from: current.state, to: shownTo, reason, userId: actor.id });
    await writeAudit(tx, {
      entityType: 'return',
      entityId: id,
      action,
      changedBy: actor.id,
      before: { state: current.state, version: current.version },
      after: { state: shownTo, version: current.version + 1, reason },
    });
    return { ok: true, value: (await readReturn(tx, id))! };
  });
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
): Promise<ReturnActionResult<FillZerosResult>> {
  try {
    return await db.transaction(async (tx): Promise<ReturnActionResult<FillZerosResult>> => {
      const key = await returnKeyOf(tx, id);
      if (!key) return { ok: false, error: 'not-found' };
      if (!mayTakeReturnAction('fill-zeros', actor.privileges, key.institutionId)) return { ok: false, error: 'forbidden' };
      const current = (await readReturn(tx, id))!;
      const refused = stateConflict('fill-zeros', current, input.version);
      if (refused) return refused;
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
        userId: actor.id,
      });
      await writeAudit(tx, { entityType: 'return', entityId: id, action: 'fill-zeros', changedBy: actor.id, after: { created } });
      return { ok: true, value: { created, return: after } };
    });
  } catch (err) {
    if (err instanceof Refused && err.refusal.kind === 'return-locked') return conflict('return_locked', err.refusal.message);
    if (uniqueViolation(err) === ONE_RECORD_PER_TERM) {
      return conflict(
        'record_exists',
        'Someone added a record for one of these programs meanwhile. Nothing was written: look at the return again.',
      );
    }
    throw err;
  }
}
