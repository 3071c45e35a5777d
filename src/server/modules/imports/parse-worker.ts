import { HttpError } from '../../http-errors.ts';
import { readSpreadsheet, type FileKind } from './import-files.ts';

/**
 * The worker process that reads one uploaded spreadsheet (started by parse-in-worker.ts). It says when it is ready,
 * takes the file's bytes, and answers with the file's headings and rows, or with the refusal (status, message, field
 * errors) the route sends as is; it is then killed, so whatever the file made it allocate goes with it.
 */

export type WorkerAnswer =
  | { ok: true; file: ReturnType<typeof readSpreadsheet> }
  | { ok: false; statusCode: number; message: string; fieldErrors?: Record<string, string[]> };

process.once('message', ({ bytes, kind }: { bytes: Uint8Array; kind: FileKind }) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, file: readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind) };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    answer = { ok: false, statusCode: err.statusCode, message: err.message, fieldErrors: err.fieldErrors };
  }
  process.send!(answer);
});
// Its modules have loaded: from here on, a failure is the file's doing.
process.send!('reading');
