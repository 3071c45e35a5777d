import { fork, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ImportFile } from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import type { FileKind } from './import-files.ts';
import {
  IN_PROCESS_REQUEST_BYTES,
  MAX_CONCURRENT_PARSES,
  MAX_WAITING_PARSES,
  PARSE_HEAP_LIMIT_MB,
  PARSE_TIME_LIMIT_MS,
  REQUEST_WORKER_NICENESS,
} from './import-limits.ts';
import { prepareImport, type KeepRows, type PreparedImport } from './read-cells.ts';
import { readImportRequest } from './read-request.ts';
import type { WorkerAnswer, WorkerJob, WorkerMessage } from './parse-worker.ts';

/**
 * Reads an uploaded spreadsheet, or an import's JSON body, in a worker process of its own (decision 014): the event
 * loop stays free for everyone else's requests while a file is unpacked and parsed or a body of a million cells is
 * parsed and checked, the worker's heap is capped (--max-old-space-size) and it is killed after PARSE_TIME_LIMIT_MS,
 * and when it ends all it allocated goes with it. At most MAX_CONCURRENT_PARSES run at once (a JSON body's at a lower
 * CPU priority than the server, so its own requests come first); beyond MAX_WAITING_PARSES waiting, more are refused
 * as busy (a 503 with Retry-After) rather than queued (issue 28).
 *
 * A process rather than a worker thread: a thread that reaches its resourceLimits heap cap in one allocation larger
 * than the 16 MB of slack Node grants it (a 30 MB string, say) aborts the whole server; a process aborts alone.
 */

// Built, this module is .js beside the compiled worker; under tsx or Vitest it is .ts, and the worker is started with
// tsx's loader (`--import tsx`), as any Node.js process running TypeScript here is.
const here = import.meta.url;
const typescript = here.endsWith('.ts');
const WORKER_PATH = fileURLToPath(new URL(typescript ? './parse-worker.ts' : './parse-worker.js', here));

const SIMPLER = 'Save the sheet to import as CSV, or copy it alone into a new workbook, and upload that.';

let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** The most parses that have run at once since the process started (for tests). */
export const peakConcurrentParses = () => peak;

const BUSY = 'The server is busy reading other files and imports right now. Nothing was saved; try again in a few seconds.';

async function turn(): Promise<void> {
  if (running >= MAX_CONCURRENT_PARSES) {
    if (waiting.length >= MAX_WAITING_PARSES) throw new Refused({ kind: 'busy', message: BUSY, retryAfterSeconds: 5 });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  peak = Math.max(peak, running);
}

function done(): void {
  running--;
  waiting.shift()?.();
}

/** The worker's caps; tests lower them to see them act. */
export interface ParseLimits {
  timeMs: number;
  heapMb: number;
}
const LIMITS: ParseLimits = { timeMs: PARSE_TIME_LIMIT_MS, heapMb: PARSE_HEAP_LIMIT_MB };

/** What the worker's refusals say of what it was given: a file (field `file`), or the request body. */
const SPREADSHEET = { what: 'this file', field: 'file', hint: SIMPLER };
const REQUEST = {
  what: 'this import',
  field: 'rows',
  hint: 'Import the file in smaller parts, of at most a few thousand rows each.',
};
type Subject = typeof SPREADSHEET;

/** What the worker reads: bytes at hand, or a request body streamed to it as it arrives, up to a limit. */
type Input = Buffer | { stream: Readable; maxBytes: number };

async function inWorker<T>(input: Input, job: WorkerJob, subject: Subject, limits: ParseLimits): Promise<T> {
  await turn();
  try {
    return (await runWorker(input, job, subject, limits)) as T;
  } finally {
    done();
  }
}

export const parseInWorker = (bytes: Buffer, kind: FileKind, limits: ParseLimits = LIMITS): Promise<ImportFile> =>
  inWorker(bytes, { kind }, SPREADSHEET, limits);

const tooLarge = () => new Refused({ kind: 'rejected', message: 'The request body is too large.' });

/** A body read whole, refused with `tooBig()` as soon as it passes `maxBytes`. */
export async function readCapped(stream: Readable, maxBytes: number, tooBig: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooBig();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * An import request's JSON body parsed, validated and its rows read (read-request.ts, read-cells.ts); the raw cells
 * come back only when `keepRows` (the refused-rows file needs them). A body whose Content-Length is small takes the
 * event loop a few milliseconds and is read here, by the same code, rather than pay for starting a process. Any other
 * is streamed to the worker as it arrives: the server never holds it whole (two clients sending 16 MB bodies in a loop
 * held the event loop in garbage collection and kept its memory).
 */
export async function prepareImportBody(
  stream: Readable,
  declaredBytes: number | undefined,
  keepRows: KeepRows,
  maxBytes: number,
  limits: ParseLimits = LIMITS,
): Promise<PreparedImport> {
  if (declaredBytes !== undefined && declaredBytes > maxBytes) throw tooLarge();
  if (declaredBytes !== undefined && declaredBytes <= IN_PROCESS_REQUEST_BYTES) {
    return prepareImport(readImportRequest(await readCapped(stream, IN_PROCESS_REQUEST_BYTES, tooLarge)), keepRows);
  }
  return inWorker({ stream, maxBytes }, { kind: 'import-request', keepRows }, REQUEST, limits);
}

/** Sends a body to the worker chunk by chunk, each once the one before has gone (so a slow worker slows the upload). */
async function streamTo(worker: ChildProcess, job: WorkerJob, { stream, maxBytes }: { stream: Readable; maxBytes: number }) {
  const send = (message: WorkerMessage) =>
    new Promise<void>((resolve, reject) => worker.send(message, (err) => (err ? reject(err) : resolve())));
  await send({ job });
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    await send({ chunk: chunk as Buffer });
  }
  await send({ end: true });
}

const unreadable = ({ what, field, hint }: Subject) =>
  new Refused({
    kind: 'invalid',
    message: `${capital(what)} could not be read. ${hint}`,
    fieldErrors: { [field]: [`${capital(what)} could not be read`] },
  });
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function runWorker(input: Input, job: WorkerJob, subject: Subject, { timeMs, heapMb }: ParseLimits): Promise<unknown> {
  const { what, field, hint } = subject;
  const seconds = timeMs / 1000;
  return new Promise((resolve, reject) => {
    let started = false;
    let settled = false;
    const worker = fork(WORKER_PATH, [], {
      execArgv: [...(typescript ? ['--import', 'tsx'] : []), `--max-old-space-size=${heapMb}`, '--stack-size=4000'],
      // Nothing of the server's environment (database URL, secrets) is the worker's business.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    if (job.kind === 'import-request' && worker.pid !== undefined) {
      try {
        // Behind the server's own work for CPU: a reader's request is not held up by someone else's import check.
        setPriority(worker.pid, REQUEST_WORKER_NICENESS);
      } catch {
        // Not allowed here (a container without the right): the worker runs at the server's priority.
      }
    }
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      worker.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new Refused({
              kind: 'invalid',
              message: `Reading ${what} took longer than ${seconds} seconds, so it was stopped. ${hint}`,
              fieldErrors: { [field]: [`Took longer than ${seconds} seconds to read`] },
            }),
          ),
        ),
      timeMs,
    );
    worker.on('message', (answer: WorkerAnswer | 'reading') => {
      if (answer === 'reading') {
        started = true;
        if (Buffer.isBuffer(input)) {
          worker.send({ job, bytes: new Uint8Array(input.buffer, input.byteOffset, input.length) });
        } else {
          streamTo(worker, job, input).catch((err: unknown) => settle(() => reject(err)));
        }
      } else {
        settle(() => (answer.ok ? resolve(answer.value) : reject(new Refused(answer.refusal))));
      }
    });
    worker.once('error', (err) => settle(() => reject(started ? unreadable(subject) : err)));
    worker.once('exit', (code, signal) =>
      settle(() => {
        if (!started) {
          // The worker's modules did not load: a fault of the server, not of the file.
          reject(new Error(`The spreadsheet worker exited before starting (code ${code}, signal ${signal})`));
        } else if (signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134) {
          // V8 aborts the process when its heap reaches --max-old-space-size.
          reject(
            new Refused({
              kind: 'too-large',
              message: `Reading ${what} needs more than ${heapMb} MB of memory, so it was stopped. ${hint}`,
              fieldErrors: { [field]: [`Needs more than ${heapMb} MB of memory to read`] },
            }),
          );
        } else {
          reject(unreadable(subject));
        }
      }),
    );
  });
}
