/**
 * How a repository says no. Repositories speak of the domain, never of HTTP: a write a rule refuses answers a
 * `Refusal`, and the route (which alone knows it is answering an HTTP request) chooses the status and wording
 * through `http-errors.ts`.
 */
import type { Db } from './db/client.ts';
import { uniqueViolation } from './db/errors.ts';

/** Why a change was refused: the thing is not there, or named fields break a rule (each with the sentence to show). */
export type Refusal = { kind: 'not-found' } | { kind: 'invalid'; fieldErrors: Record<string, string[]> };

/** A repository's answer to a change that a rule may refuse. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A refusal naming one field. */
export const invalidField = (field: string, message: string): Refusal => ({
  kind: 'invalid',
  fieldErrors: { [field]: [message] },
});

export const NOT_FOUND: Refusal = { kind: 'not-found' };

/**
 * Thrown by a repository's own steps to stop at once: inside a transaction the throw is what undoes the work done so
 * far. It never leaves the repository: `outcomeOf` turns it back into an answer.
 */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind === 'invalid' ? Object.values(refusal.fieldErrors).flat().join('. ') : 'not found');
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
