import type { BulkApproveBody, BulkApproveOutcome } from '../../../shared/schemas/returns.ts';
import type { Db } from '../../db/client.ts';
import { commitOutcomeUnknown } from '../../db/commit-outcome.ts';
import { refusalMessage, type Outcome } from '../../refusals.ts';
import { takeReturnActionUnread, type ReturnActor } from './return-transitions.ts';

/**
 * Approving many returns at once (issue 30): each return goes through the one write path of a single approval
 * (`takeReturnActionUnread`: the same transition, without reading the return back), in its own transaction, so each
 * is all-or-nothing on its own and gets its own history line and audit entry; one refused return (changed since it
 * was chosen, gone, in another state) never holds back the others.
 * Nothing is held across returns, so two bulk approvals racing over the same returns approve each once: the second
 * meets the first's approval under the return's exclusive lock and is refused with the single approval's reason.
 */

/** One return's result as the bulk answer says it: the single approval's 409 code and words, or not found. */
function outcomeOf(id: number, result: Outcome<unknown>): BulkApproveOutcome {
  if (result.ok) return { id, ok: true };
  const { refusal } = result;
  if (refusal.kind === 'not-found') return { id, ok: false, code: 'not_found', message: 'There is no such term return.' };
  if (refusal.kind === 'forbidden') return { id, ok: false, code: 'forbidden', message: 'You may not approve this return.' };
  // Only acting for an institution can be invalid (a missing reason), and approving is not that: said as a failure.
  if (refusal.kind === 'invalid') return { id, ok: false, code: 'failed', message: refusalMessage(refusal) };
  // An approval meets only a stale version or a state other than submitted (completeness is the sign-off's).
  const code = refusal.kind === 'conflict' && refusal.code === 'return_version' ? 'return_version' : 'return_state';
  return { id, ok: false, code, message: refusalMessage(refusal) };
}

/**
 * A return whose approval failed for a reason of its own (an error, not a refusal): its transaction was undone, or, when
 * its COMMIT's answer was lost, may have been applied. Said for that return alone; the others go on.
 */
function failedOutcome(id: number, err: unknown): BulkApproveOutcome {
  const message = commitOutcomeUnknown(err)
    ? 'The database did not confirm this approval: it may or may not have been saved. Look at the return again.'
    : 'This return could not be approved (an error on the server): nothing was changed. Try it again.';
  return { id, ok: false, code: 'failed', message };
}

/**
 * How many returns are approved at the same time. Each approval is its own short transaction on its own pooled
 * connection (PGlite has one and takes them in turn): three leave most of a pool of ten to everyone else's requests,
 * and bring 90 returns well under the 2 s of issue 30 (npm run bench, returns group).
 */
const AT_ONCE = 3;

/**
 * Approves each return listed against the version given, a few at a time in ascending id order. Each transaction
 * holds one return's lock and nothing else, so concurrent bulk approvals queue on that lock and never deadlock.
 * Answers in the order asked.
 */
export async function approveMany(
  db: Db,
  body: BulkApproveBody,
  actor: ReturnActor,
  logFailure: (err: unknown, returnId: number) => void,
): Promise<BulkApproveOutcome[]> {
  const queue = [...body.returns].sort((a, b) => a.id - b.id);
  const byId = new Map<number, BulkApproveOutcome>();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { id, version } = next;
      try {
        byId.set(id, outcomeOf(id, await takeReturnActionUnread(db, id, 'approve', actor, { version })));
      } catch (err) {
        logFailure(err, id);
        byId.set(id, failedOutcome(id, err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  return body.returns.map(({ id }) => byId.get(id)!);
}
