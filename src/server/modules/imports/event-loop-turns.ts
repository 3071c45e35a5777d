import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The longest a loop over an import's rows keeps the event loop before other requests get a turn. Slices of a fixed
 * number of rows took 5 to 35 ms each on a busy 2-core machine while two clients looped 16 MB dry runs, and a reader's
 * request that arrived meanwhile waited that long (issue 28).
 */
export const TURN_MS = 4;

/**
 * For a long loop on the event loop: `await turn()` after each step lets other requests in once the loop has held the
 * event loop for `budgetMs`; before that it costs a clock read.
 */
export function eventLoopTurns(budgetMs = TURN_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
