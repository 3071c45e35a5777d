import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { workerCpuMs } from './worker-cpu.ts';
import type { Readable } from 'node:stream';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ImportFile } from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import type { FileKind } from './import-files.ts';
import {
  IN_PROCESS_REQUEST_BYTES,
  MAX_CONCURRENT_PARSES,
  MAX_PARSES_PER_PERSON,
  MAX_WAITING_PARSES,
  PARSE_HEAP_LIMIT_MB,
  PARSE_TIME_LIMIT_MS,
  REQUEST_WORKER_NICENESS,
  WARM_WORKER_IDLE_MS,
} from './import-limits.ts';
import { prepareImport, type KeepRows, type PreparedImport } from './read-cells.ts';
import { readImportRequest } from './read-request.ts';
import type { WorkerAnswer, WorkerJob } from './parse-worker.ts';
import { FrameKind, writeFrame } from './worker-frames.ts';

/**
 * Reads an uploaded spreadsheet, or an import's JSON body, in a worker process (decision 014): the event loop stays
 * free for everyone else's requests while a file is unpacked and parsed or a body of a million cells is parsed and
 * checked, the worker's heap is capped (--max-old-space-size) and it is stopped once it has worked PARSE_TIME_LIMIT_MS
 * (CPU time, worker-cpu.ts: a busy machine slows an honest file without refusing it) or waited four times as long. A
 * spreadsheet's worker is killed once it has answered, so all it allocated goes with it; a JSON body's waits a while
 * for the next body (decision 040). The bytes go to the worker on its standard input, never through the IPC
 * channel's serializer (worker-frames.ts). At most MAX_CONCURRENT_PARSES run at once (a JSON body's at a lower
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
/** Each person's spreadsheets being read or waiting (MAX_PARSES_PER_PERSON). */
const perPerson = new Map<number, number>();

/** The most parses that have run at once since the process started (for tests). */
export const peakConcurrentParses = () => peak;
let workerStarts = 0;
/** How many worker processes have been started since the process started (for tests). */
export const workersStarted = () => workerStarts;

const BUSY = 'The server is busy reading other files and imports right now. Nothing was saved; try again in a few seconds.';
const YOURS_BUSY = `You already have ${MAX_PARSES_PER_PERSON} files being read. Nothing was saved; try again once they are done.`;

/** Holds one of the person's places while `work` runs, or refuses as busy when they hold all of theirs. */
async function asPerson<T>(person: number | null, work: () => Promise<T>): Promise<T> {
  if (person === null) return work();
  const held = perPerson.get(person) ?? 0;
  if (held >= MAX_PARSES_PER_PERSON) throw new Refused({ kind: 'busy', message: YOURS_BUSY, retryAfterSeconds: 5 });
  perPerson.set(person, held + 1);
  try {
    return await work();
  } finally {
    const left = perPerson.get(person)! - 1;
    if (left === 0) perPerson.delete(person);
    else perPerson.set(person, left);
  }
}

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

/**
 * The worker's caps; tests lower them to see them act. `timeMs` is the CPU time the job may use, and `wallMs` the time
 * it may take, working or not (by default four times `timeMs`): a body streamed slowly, or a worker starved of the
 * CPU, holds one of the MAX_CONCURRENT_PARSES places no longer than that. Where CPU time cannot be read
 * (worker-cpu.ts), `timeMs` is the time the job may take.
 */
export interface ParseLimits {
  timeMs: number;
  wallMs?: number;
  heapMb: number;
}
/** How often a worker's CPU time is read while it works. */
const CPU_CHECK_MS = 200;
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

/** Reads a spreadsheet in a worker, as one of `person`'s places (null: a caller with no person, such as a test). */
export const parseInWorker = (
  bytes: Buffer,
  kind: FileKind,
  person: number | null,
  limits: ParseLimits = LIMITS,
): Promise<ImportFile> => asPerson(person, () => inWorker(bytes, { kind }, SPREADSHEET, limits));

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
 * event loop a few milliseconds and is read here, by the same code, rather than handed to a process. Any other is
 * streamed to the worker as it arrives: the server never holds it whole (two clients sending 16 MB bodies in a loop
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

/** Sends the job and its bytes to the worker as frames on its standard input (worker-frames.ts). */
async function sendJob(worker: ChildProcess, job: WorkerJob, input: Input): Promise<void> {
  const pipe = worker.stdin!;
  await writeFrame(pipe, FrameKind.Job, Buffer.from(JSON.stringify(job)));
  if (Buffer.isBuffer(input)) {
    await writeFrame(pipe, FrameKind.Chunk, input);
  } else {
    let size = 0;
    for await (const chunk of input.stream) {
      size += (chunk as Buffer).length;
      if (size > input.maxBytes) throw tooLarge();
      await writeFrame(pipe, FrameKind.Chunk, chunk as Buffer);
    }
  }
  await writeFrame(pipe, FrameKind.End);
}

const unreadable = ({ what, field, hint }: Subject) =>
  new Refused({
    kind: 'invalid',
    message: `${capital(what)} could not be read. ${hint}`,
    fieldErrors: { [field]: [`${capital(what)} could not be read`] },
  });
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Puts a worker reading an import's JSON body behind the server for CPU (decision 040): its niceness, and, where the
 * kernel groups processes by session for scheduling (autogroup, on by default in many Linux distributions), the
 * niceness of the session of its own it was started in. Within one session's group, the worker's CPU time counts
 * against the server's share: on a 2-core machine shared with other sessions, a reader's p50 rose half again while
 * 16 MB dry runs looped, and stayed put with the worker in a group of its own (issue 28).
 */
function runBehindServer(pid: number): void {
  try {
    setPriority(pid, REQUEST_WORKER_NICENESS);
  } catch {
    // Not allowed here (a container without the right): the worker runs at the server's priority.
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(REQUEST_WORKER_NICENESS));
  } catch {
    // No autogroup (not Linux, or the kernel groups by cgroup instead): the niceness above is what there is.
  }
}

/** Starts a worker process; it sends `'reading'` once its modules have loaded. */
function startWorker(job: WorkerJob, heapMb: number): ChildProcess {
  workerStarts++;
  const behindServer = job.kind === 'import-request';
  const worker = fork(WORKER_PATH, [], {
    execArgv: [...(typescript ? ['--import', 'tsx'] : []), `--max-old-space-size=${heapMb}`, '--stack-size=4000'],
    // Nothing of the server's environment (database URL, secrets) is the worker's business.
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
    serialization: 'advanced',
    stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
    // A session of its own (setsid), so that its CPU time is its own group's, not the server's (runBehindServer). It
    // still ends with the server: it exits when the IPC channel closes.
    detached: behindServer,
  });
  // A worker whose input closes under it (killed meanwhile) ends as its exit says; the pipe's error adds nothing.
  worker.stdin?.on('error', () => {});
  if (behindServer && worker.pid !== undefined) runBehindServer(worker.pid);
  return worker;
}

/**
 * Workers that read a JSON body and are waiting for the next (decision 040). Starting a process forks the server,
 * which holds the event loop for as long as the kernel takes to copy its memory map: 10–40 ms for a server of
 * 300–470 MB on a busy 2-core machine, once per dry run, the longest single pause two clients looping 16 MB dry runs
 * caused. A JSON body is read by our own code within the same caps, so its worker may read the next one; a
 * spreadsheet's worker never is (decision 014: whatever a hostile file made it allocate goes with it).
 */
const warm: { worker: ChildProcess; heapMb: number; timer: NodeJS.Timeout }[] = [];
/** The process ids of the workers waiting warm (for tests). */
export const warmWorkerPids = () => warm.flatMap(({ worker }) => (worker.pid === undefined ? [] : [worker.pid]));

/** Lets a warm worker keep neither the server nor a test run alive while it waits. */
function hold(worker: ChildProcess, keepAlive: boolean): void {
  const handles = [worker, worker.channel, worker.stdin] as ({ ref?: () => void; unref?: () => void } | null)[];
  for (const handle of handles) (keepAlive ? handle?.ref : handle?.unref)?.call(handle);
}

function keepWarm(worker: ChildProcess, heapMb: number): void {
  if (!worker.connected || worker.exitCode !== null || worker.signalCode !== null) return void worker.kill('SIGKILL');
  const entry = {
    worker,
    heapMb,
    timer: setTimeout(() => {
      forget();
      worker.kill('SIGKILL');
    }, WARM_WORKER_IDLE_MS).unref(),
  };
  const forget = () => {
    const at = warm.indexOf(entry);
    if (at >= 0) warm.splice(at, 1);
    clearTimeout(entry.timer);
    worker.off('exit', forget);
  };
  worker.once('exit', forget);
  hold(worker, false);
  warm.push(entry);
  forgetters.set(worker, forget);
}
const forgetters = new WeakMap<ChildProcess, () => void>();

/** A warm worker started with this heap cap, taken off the list; or none. */
function takeWarm(heapMb: number): ChildProcess | undefined {
  const entry = warm.find((w) => w.heapMb === heapMb);
  if (!entry) return undefined;
  forgetters.get(entry.worker)!();
  hold(entry.worker, true);
  return entry.worker;
}

function runWorker(
  input: Input,
  job: WorkerJob,
  subject: Subject,
  { timeMs, wallMs = timeMs * 4, heapMb }: ParseLimits,
): Promise<unknown> {
  const { what, field, hint } = subject;
  const reusable = job.kind === 'import-request';
  const reused = reusable ? takeWarm(heapMb) : undefined;
  const worker = reused ?? startWorker(job, heapMb);
  return new Promise((resolve, reject) => {
    let started = reused !== undefined;
    let settled = false;
    const settle = (outcome: () => void, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(cpuCheck);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      outcome();
      if (keep) keepWarm(worker, heapMb);
      else worker.kill('SIGKILL');
    };
    const stop = (limitMs: number) =>
      settle(() =>
        reject(
          new Refused({
            kind: 'invalid',
            message: `Reading ${what} took longer than ${limitMs / 1000} seconds, so it was stopped. ${hint}`,
            fieldErrors: { [field]: [`Took longer than ${limitMs / 1000} seconds to read`] },
          }),
        ),
      );
    // A warm worker has worked before: only this job's CPU time counts.
    const cpuBefore = worker.pid === undefined ? undefined : workerCpuMs(worker.pid);
    const wall = cpuBefore === undefined ? timeMs : wallMs;
    const timer = setTimeout(() => stop(wall), wall);
    const cpuCheck =
      cpuBefore === undefined
        ? undefined
        : setInterval(
            () => {
              const cpu = workerCpuMs(worker.pid!);
              if (cpu !== undefined && cpu - cpuBefore > timeMs) stop(timeMs);
            },
            Math.min(CPU_CHECK_MS, Math.max(10, timeMs / 4)),
          );
    const send = () => sendJob(worker, job, input).catch((err: unknown) => settle(() => reject(err)));
    const onMessage = (answer: WorkerAnswer | 'reading') => {
      if (answer === 'reading') {
        started = true;
        void send();
      } else {
        settle(() => (answer.ok ? resolve(answer.value) : reject(new Refused(answer.refusal))), reusable);
      }
    };
    const onError = (err: Error) => settle(() => reject(started ? unreadable(subject) : err));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
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
      });
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    if (reused) void send();
  });
}
