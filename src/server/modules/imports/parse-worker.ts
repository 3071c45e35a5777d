import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../http-errors.ts';
import { readSpreadsheet, type FileKind } from './import-files.ts';

/**
 * The worker thread that reads one uploaded spreadsheet (started by parse-in-worker.ts). It answers with the file's
 * headings and rows, or with the refusal (status, message, field errors) the route sends as is; it is then ended, so
 * whatever the file made it allocate goes with it.
 */

export type WorkerAnswer =
  | { ok: true; file: ReturnType<typeof readSpreadsheet> }
  | { ok: false; statusCode: number; message: string; fieldErrors?: Record<string, string[]> };

// Its modules have loaded: from here on, a failure is the file's doing.
parentPort!.postMessage('reading');

const { bytes, kind } = workerData as { bytes: Uint8Array; kind: FileKind };
let answer: WorkerAnswer;
try {
  answer = { ok: true, file: readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind) };
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  answer = { ok: false, statusCode: err.statusCode, message: err.message, fieldErrors: err.fieldErrors };
}
parentPort!.postMessage(answer);
