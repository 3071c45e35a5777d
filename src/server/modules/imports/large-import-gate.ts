import { performance } from 'node:perf_hooks';
import { Refused } from '../../refusals.ts';
import {
  LARGE_IMPORT_REST_RATIO,
  LARGE_IMPORT_RETRY_AFTER_SECONDS,
  LARGE_IMPORTS_AT_ONCE,
  LARGE_IMPORTS_WAITING,
} from './import-limits.ts';

/**
 * Large import requests (a JSON body over IN_PROCESS_REQUEST_BYTES: a dry run, a commit or the refused rows of up to
 * 5,000 rows) are read, planned and answered LARGE_IMPORTS_AT_ONCE at a time, with LARGE_IMPORTS_WAITING waiting
 * their turn; one more, or a second from someone who already has one running or waiting, is answered 503 with
 * Retry-After at once, its body unread (decision 040). After each, the turn rests LARGE_IMPORT_REST_RATIO times as
 * long as the import took before the next starts. Each costs a second or so of CPU across the worker, the database
 * and the event loop: two clients looping 16 MB dry runs side by side took a reader's p99 to 3–9× its quiet value on
 * a 2-core machine (issue 28); one at a time with no rest, 1.4–3.9×; with the rest, see decision 040.
 */

const BUSY = 'The server is checking another large import right now. Nothing was saved; try again in a few seconds.';

let running = 0;
/** Those waiting: each is handed the slot of the one that finishes (so no newcomer slips in between). */
const waiting: (() => void)[] = [];
/** Users with a large import running or waiting. */
const inFlight = new Set<number>();

let peak = 0;
/** The most large imports that have run at once since the process started (for tests). */
export const peakLargeImports = () => peak;
/** Whether a large import is running, waiting, or resting (for tests, which start from an idle gate). */
export const largeImportsBusy = () => running > 0 || waiting.length > 0;
/** How many large imports wait their turn (for tests). */
export const largeImportsWaiting = () => waiting.length;

/** Runs `work` when its turn comes, or refuses it as busy (a 503 with Retry-After) without waiting. */
export async function largeImportTurn<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const busy = () => new Refused({ kind: 'busy', message: BUSY, retryAfterSeconds: LARGE_IMPORT_RETRY_AFTER_SECONDS });
  if (inFlight.has(userId)) throw busy();
  const wait = running >= LARGE_IMPORTS_AT_ONCE;
  if (wait && waiting.length >= LARGE_IMPORTS_WAITING) throw busy();
  inFlight.add(userId);
  if (wait) await new Promise<void>((go) => waiting.push(go));
  else running++;
  peak = Math.max(peak, running);
  const started = performance.now();
  try {
    return await work();
  } finally {
    inFlight.delete(userId);
    // The turn is handed on after a rest as long as the import took (times the ratio), so that large imports take
    // at most part of the server's time however many people loop them; the answer goes out meanwhile.
    setTimeout(handOn, (performance.now() - started) * LARGE_IMPORT_REST_RATIO).unref();
  }
}

function handOn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}
