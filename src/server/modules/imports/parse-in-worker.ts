import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportFile } from '../../../shared/schemas/import.ts';
import { HttpError } from '../../http-errors.ts';
import type { FileKind } from './import-files.ts';
import { MAX_CONCURRENT_PARSES, PARSE_HEAP_LIMIT_MB, PARSE_TIME_LIMIT_MS } from './import-limits.ts';
import type { WorkerAnswer } from './parse-worker.ts';

/**
 * Reads an uploaded spreadsheet in a worker thread of its own (decision 014): the event loop stays free for everyone
 * else's requests while a file is unpacked and parsed, the worker's heap is capped (resourceLimits) and it is ended
 * after PARSE_TIME_LIMIT_MS, and when it ends all it allocated is returned. At most MAX_CONCURRENT_PARSES run at once.
 */

// In production this module is compiled to .js beside the compiled worker. In development and tests it is TypeScript
// run by tsx or Vitest, and a worker is a fresh Node.js: on Node 20 ESM loader hooks (`--import tsx`) do not reach a
// worker's own modules, so the worker starts from a line of CommonJS that registers tsx's require hook first.
const here = import.meta.url;
const typescript = here.endsWith('.ts');
const WORKER_URL = new URL(typescript ? './parse-worker.ts' : './parse-worker.js', here);
const workerEntry = (): [string | URL, { eval?: boolean }] => {
  if (!typescript) return [WORKER_URL, {}];
  const tsx = createRequire(here).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(WORKER_URL))});`;
  return [code, { eval: true }];
};

const seconds = PARSE_TIME_LIMIT_MS / 1000;
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

export async function parseInWorker(bytes: Buffer, kind: FileKind): Promise<ImportFile> {
  await turn();
  try {
    return await runWorker(bytes, kind);
  } finally {
    done();
  }
}

function runWorker(bytes: Buffer, kind: FileKind): Promise<ImportFile> {
  // A copy the worker owns outright, moved rather than cloned (the request's Buffer may share a pooled ArrayBuffer).
  const own = new Uint8Array(bytes.length);
  own.set(bytes);
  return new Promise((resolve, reject) => {
    let started = false;
    let settled = false;
    const [entry, options] = workerEntry();
    const worker = new Worker(entry, {
      ...options,
      workerData: { bytes: own, kind },
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
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
      PARSE_TIME_LIMIT_MS,
    );
    worker.on('message', (answer: WorkerAnswer | 'reading') => {
      if (answer === 'reading') started = true;
      else
        settle(() =>
          answer.ok ? resolve(answer.file) : reject(new HttpError(answer.statusCode, answer.message, answer.fieldErrors)),
        );
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(
            new HttpError(
              413,
              `Reading this file needs more than ${PARSE_HEAP_LIMIT_MB} MB of memory, so it was stopped. ${SIMPLER}`,
              {
                file: [`Needs more than ${PARSE_HEAP_LIMIT_MB} MB of memory to read`],
              },
            ),
          );
        } else if (!started) {
          // The worker's modules did not load: a fault of the server, not of the file.
          reject(err);
        } else {
          reject(new HttpError(400, `This file could not be read. ${SIMPLER}`, { file: ['The file could not be read'] }));
        }
      }),
    );
    worker.once('exit', () =>
      settle(() =>
        reject(new HttpError(400, `This file could not be read. ${SIMPLER}`, { file: ['The file could not be read'] })),
      ),
    );
  });
}
