import { isDatabaseDown } from './errors.ts';

const OUTCOME_UNKNOWN = Symbol('commit outcome unknown');
const COMMIT = /^\s*commit\b/i;

/** The part of a node-postgres client this needs: its query method, in any of its call forms. */
interface QueryingClient {
  query: (...args: never[]) => unknown;
}

/**
 * Marks the errors of a transaction whose COMMIT never got an answer. PostgreSQL can make a commit durable and lose
 * the connection before it replies, so such a write may have been saved: the error handler must not tell the
 * client "nothing was saved". Every later error of the same client is marked too, because Drizzle rolls back after
 * a failed commit and throws the rollback's error instead of the commit's.
 */
export function trackCommitOutcome(client: QueryingClient): void {
  let inDoubt = false;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = (...args: unknown[]) => {
    const first = args[0] as { text?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const committing = typeof text === 'string' && COMMIT.test(text);
    const result = query(...args);
    // Callback calls and streams (COPY, cursors) pass through untouched; Drizzle's transactions use the promise form.
    if (typeof (result as Promise<unknown> | undefined)?.then !== 'function') return result;
    return (result as Promise<unknown>).catch((err: unknown) => {
      // A COMMIT the server refused outright (a serialization failure, say) was not applied: only a lost answer is in doubt.
      if (committing && isDatabaseDown(err)) inDoubt = true;
      if (inDoubt && typeof err === 'object' && err !== null) Object.defineProperty(err, OUTCOME_UNKNOWN, { value: true });
      throw err;
    });
  };
}

/** Whether a failed request's transaction may have committed after all (its COMMIT's answer was lost). */
export function commitOutcomeUnknown(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { [OUTCOME_UNKNOWN]?: boolean })[OUTCOME_UNKNOWN]) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
