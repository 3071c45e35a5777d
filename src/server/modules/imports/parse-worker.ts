import { HttpError } from '../../http-errors.ts';
import { readSpreadsheet, type FileKind } from './import-files.ts';
import { prepareImport } from './read-cells.ts';
import { readImportRequest } from './read-request.ts';

/**
 * The worker process that reads one upload (started by parse-in-worker.ts): a spreadsheet, or the JSON body of an
 * import's dry run, commit or refused rows. It says when it is ready, takes the bytes, and answers with what it read,
 * or with the refusal (status, message, field errors) the route sends as is; it is then killed, so whatever the upload
 * made it allocate goes with it.
 */

/** What the worker is asked to read: a spreadsheet of a kind, or an import request (with its raw cells or not). */
export type WorkerJob = { kind: FileKind } | { kind: 'import-request'; keepRows: boolean };

export type WorkerAnswer =
  { ok: true; value: unknown } | { ok: false; statusCode: number; message: string; fieldErrors?: Record<string, string[]> };

function read(bytes: Buffer, job: WorkerJob): unknown {
  if (job.kind === 'import-request') return prepareImport(readImportRequest(bytes), job.keepRows);
  return readSpreadsheet(bytes, job.kind);
}

process.once('message', ({ bytes, job }: { bytes: Uint8Array; job: WorkerJob }) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, value: read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), job) };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    answer = { ok: false, statusCode: err.statusCode, message: err.message, fieldErrors: err.fieldErrors };
  }
  process.send!(answer);
});
// Its modules have loaded: from here on, a failure is the upload's doing.
process.send!('reading');
