import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImportFile } from '../../../shared/schemas/import.ts';
import { HttpError } from '../../http-errors.ts';
import type { FileKind } from './import-files.ts';
import { MAX_CONCURRENT_PARSES, PARSE_HEAP_LIMIT_MB, PARSE_TIME_LIMIT_MS } from './import-limits.ts';
import type { WorkerAnswer } from './parse-worker.ts';

/**
 * Reads an uploaded spreadsheet in a worker process of its own (decision 014): the event loop stays free for everyone
 * else's requests while a file is unpacked and parsed, the worker's heap is capped (--max-old-space-size) and it is
 * killed after PARSE_TIME_LIMIT_MS, and when it ends all it allocated goes with it. At most MAX_CONCURRENT_PARSES run
 * at once.
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

async function turn(): Promise<void> {
  if (running >= MAX_CONCURRENT_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
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

export async function parseInWorker(bytes: Buffer, kind: FileKind, limits: ParseLimits = LIMITS): Promise<ImportFile> {
  await turn();
  try {
    return await runWorker(bytes, kind, limits);
  } finally {
    done();
  }
}

const unreadable = () => new HttpError(400, `This file could not be read. ${SIMPLER}`, { file: ['The file could not be read'] });

function runWorker(bytes: Buffer, kind: FileKind, { timeMs, heapMb }: ParseLimits): Promise<ImportFile> {
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
            new HttpError(400, `Reading this file took longer than ${seconds} seconds, so it was stopped. ${SIMPLER}`, {
              file: [`Took longer than ${seconds} seconds to read`],
            }),
          ),
        ),
      timeMs,
    );
    worker.on('message', (answer: WorkerAnswer | 'reading') => {
      if (answer === 'reading') {
        started = true;
        worker.send({ bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), kind });
      } else {
        settle(() =>
          answer.ok ? resolve(answer.file) : reject(new HttpError(answer.statusCode, answer.message, answer.fieldErrors)),
        );
      }
    });
    worker.once('error', (err) => settle(() => reject(started ? unreadable() : err)));
    worker.once('exit', (code, signal) =>
      settle(() => {
        if (!started) {
          // The worker's modules did not load: a fault of the server, not of the file.
          reject(new Error(`The spreadsheet worker exited before starting (code ${code}, signal ${signal})`));
        } else if (signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134) {
          // V8 aborts the process when its heap reaches --max-old-space-size.
          reject(
            new HttpError(413, `Reading this file needs more than ${heapMb} MB of memory, so it was stopped. ${SIMPLER}`, {
              file: [`Needs more than ${heapMb} MB of memory to read`],
            }),
          );
        } else {
          reject(unreadable());
        }
      }),
    );
  });
}
