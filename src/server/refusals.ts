/**
 * How a repository says no. Repositories speak of the domain, never of HTTP: a write a rule refuses answers a
 * `Refusal`, and the route (which alone knows it is answering an HTTP request) chooses the status and wording
 * through `http-errors.ts`.
 */
import type { Db } from './db/client.ts';
import { uniqueViolation } from './db/errors.ts';

import { returnLockedMessage, type StoredReturnState } from '../shared/reporting-cycle.ts';

/** A term return that is submitted or approved: its records cannot change (docs/decisions/021). */
export interface LockedReturn {
  returnId: number;
  institutionId: number;
  institution: string;
  fiscalYear: string;
  term: string;
  state: StoredReturnState;
}

/**
 * Why a change was refused: the thing is not there, named fields break a rule (each with the sentence to show), or
 * it would change records of a submitted or approved term return (with the sentence that says who can unlock it).
 */
export type Refusal =
  | { kind: 'not-found' }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]> }
  | { kind: 'return-locked'; returns: LockedReturn[]; message: string };

/** A repository's answer to a change that a rule may refuse. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A refusal naming one field. */
export const invalidField = (field: string, message: string): Refusal => ({
  kind: 'invalid',
  fieldErrors: { [field]: [message] },
});

export const NOT_FOUND: Refusal = { kind: 'not-found' };

/** The sentence of one locked return: which return, its state, and who can unlock it. */
export const lockedReturnMessage = (r: LockedReturn) => returnLockedMessage(r.institution, r.fiscalYear, r.term, r.state);

/** A refusal naming the locked returns a change would touch; its message speaks of the first and counts the rest. */
export function returnLocked(returns: LockedReturn[]): Refusal {
  const more = returns.length > 1 ? ` (${returns.length - 1} more of the returns this change touches are locked too.)` : '';
  return { kind: 'return-locked', returns, message: `${lockedReturnMessage(returns[0]!)}${more}` };
}

/** The sentence of a refusal, for logs and thrown errors. */
function refusalMessage(refusal: Refusal): string {
  if (refusal.kind === 'invalid') return Object.values(refusal.fieldErrors).flat().join('. ');
  if (refusal.kind === 'return-locked') return refusal.message;
  return 'not found';
}

/**
 * Thrown by a repository's own steps to stop at once: inside a transaction the throw is what undoes the work done so
 * far. It never leaves the repository: `outcomeOf` turns it back into an answer.
 */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalMessage(refusal));
    this.name = 'Refused';
  }
}

/** Stops a repository's work with a refusal naming one field (undoing the transaction it runs in). */
export const refuse = (field: string, message: string) => new Refused(invalidField(field, message));

/** Runs a repository's work; a `Refused` thrown by it (after its transaction has rolled back) becomes the answer. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusal: err.refusal };
    throw err;
  }
}

/** Unique indexes by constraint name: the field each guards and the sentence a clash is refused with. */
export type UniqueFields = Record<string, readonly [field: string, message: string]>;

/**
 * Runs a repository's write in one transaction and answers its outcome. A `Refused` thrown inside undoes the work
 * and becomes the refusal; so does the violation of an index named in `unique` (a concurrent write that won the race
 * past the repository's own check), refused on the field the index guards.
 */
export function writeOutcome<T>(db: Db, unique: UniqueFields, work: (tx: Db) => Promise<T>): Promise<Outcome<T>> {
  return outcomeOf(async () => {
    try {
      return await db.transaction(work);
    } catch (err) {
      const clash = unique[uniqueViolation(err) ?? ''];
      throw clash ? refuse(...clash) : err;
    }
  });
}
