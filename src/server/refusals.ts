/**
 * How the server says no (decision 038). Every module below the routes speaks of the domain, never of HTTP: a request
 * a rule refuses answers a `Refusal` (inside an `Outcome`, or thrown as `Refused` where the work must stop at once),
 * and `http-errors.ts` alone turns it into the status, code and body the API sends.
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

/** Field path → the sentences that refuse it (the `fieldErrors` of a 400). */
export type FieldErrors = Record<string, string[]>;

/**
 * Why something was refused, with the sentence people read:
 * - `not-found`: the thing is not there (the route names it);
 * - `forbidden`: the one asking may not (a sentence of its own, or the common one);
 * - `invalid`: named fields break a rule, each with its sentence (`message` when the summary says more than them);
 * - `rejected`: the request as a whole cannot be taken, with no one field to name (a body that is empty, not JSON
 *   or too deep, an import whose rows have errors);
 * - `too-large`: the input passes a size or memory cap;
 * - `conflict`: the state of things does not allow it now, with a machine-readable `code` where there are several;
 * - `return-locked`: it would change records of a submitted or approved term return (the sentence says who can unlock it);
 * - `busy`: too much of its kind is waiting; it may be asked again after `retryAfterSeconds`;
 * - `not-delivered`: a system it depends on (the mail server) did not take it.
 * `details` is what the answer carries besides the sentence: the current record or return, the id of the existing
 * one, an import's dry run.
 */
export type Refusal = (
  | { kind: 'not-found' }
  | { kind: 'forbidden'; message?: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors; message?: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'too-large'; message: string; fieldErrors?: FieldErrors }
  | { kind: 'conflict'; message: string; code?: string }
  | { kind: 'return-locked'; returns: LockedReturn[]; message: string }
  | { kind: 'busy'; message: string; retryAfterSeconds: number }
  | { kind: 'not-delivered'; message: string }
) & { details?: Record<string, unknown> };

/** The answer of work that a rule may refuse: its value, or the refusal. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A refusal as an outcome's answer. */
export const refused = (refusal: Refusal): { ok: false; refusal: Refusal } => ({ ok: false, refusal });

/** A refusal naming one field. */
export const invalidField = (field: string, message: string): Refusal => ({
  kind: 'invalid',
  fieldErrors: { [field]: [message] },
});

export const NOT_FOUND: Refusal = { kind: 'not-found' };
export const FORBIDDEN: Refusal = { kind: 'forbidden' };

/** A conflict with the state of things: its sentence, its code where a status has several, and what comes with it. */
export const conflict = (message: string, code?: string, details?: Record<string, unknown>): Refusal => ({
  kind: 'conflict',
  message,
  ...(code === undefined ? {} : { code }),
  ...(details === undefined ? {} : { details }),
});

/** The sentence of a stale edit of an admin screen's entity, by its name (decision 044). */
export const staleEditSentence = (name: string) =>
  `${name} was changed by someone else since you opened it, so nothing was saved. Compare their values with yours and save again if you still mean to.`;

/**
 * Stops an edit sent with the version it read (`sent`) when that is no longer the stored one (decision 044): the
 * refusal carries the entity as it is now, so the person sees the newer change instead of writing over it.
 */
export function refuseStaleEdit<T extends { version: number }>(
  sent: number | undefined,
  current: T,
  code: string,
  message: string,
): void {
  if (sent !== undefined && sent !== current.version) throw new Refused(conflict(message, code, { current }));
}

/** The sentence of one locked return: which return, its state, and who can unlock it. */
export const lockedReturnMessage = (r: LockedReturn) => returnLockedMessage(r.institution, r.fiscalYear, r.term, r.state);

/** A refusal naming the locked returns a change would touch; its message speaks of the first and counts the rest. */
export function returnLocked(returns: LockedReturn[]): Refusal {
  const more = returns.length > 1 ? ` (${returns.length - 1} more of the returns this change touches are locked too.)` : '';
  return { kind: 'return-locked', returns, message: `${lockedReturnMessage(returns[0]!)}${more}` };
}

/** The sentence of a refusal (what a 4xx's `message` says; 'not found' for a thing the route has not named yet). */
export function refusalMessage(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'not-found':
      return 'not found';
    case 'forbidden':
      return refusal.message ?? 'You do not have access to this.';
    case 'invalid':
      return refusal.message ?? Object.values(refusal.fieldErrors).flat().join('. ');
    default:
      return refusal.message;
  }
}

/**
 * Thrown to stop at once: inside a transaction the throw is what undoes the work done so far. A repository turns it
 * back into an answer (`outcomeOf`); one thrown from deep inside a reader (an uploaded file's) reaches the error
 * handler, which maps it as a route would.
 */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalMessage(refusal));
    this.name = 'Refused';
  }
}

/** Stops the work with a refusal naming one field (undoing the transaction it runs in). */
export const refuse = (field: string, message: string) => new Refused(invalidField(field, message));

/** The refusal of a submitted or approved term return that a thrown error carries (the record store's), or null. */
export const returnLockedBy = (err: unknown): Refusal | null =>
  err instanceof Refused && err.refusal.kind === 'return-locked' ? err.refusal : null;

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
