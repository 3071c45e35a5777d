import { Refused, type Refusal } from '../../refusals.ts';
import { readSpreadsheet, type FileKind } from './import-files.ts';
import { prepareImport, type KeepRows } from './read-cells.ts';
import { readImportRequest } from './read-request.ts';

/**
 * The worker process that reads one upload (started by parse-in-worker.ts): a spreadsheet, or the JSON body of an
 * import's dry run, commit or refused rows. It says when it is ready, takes the bytes, and answers with what it read,
 * or with the refusal (refusals.ts) the route answers with; it is then killed, so whatever the upload
 * made it allocate goes with it.
 */

/** What the worker is asked to read: a spreadsheet of a kind, or an import request (with its raw cells or not). */
export type WorkerJob = { kind: FileKind } | { kind: 'import-request'; keepRows: KeepRows };

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; refusal: Refusal };

function read(bytes: Buffer, job: WorkerJob): unknown {
  if (job.kind === 'import-request') return prepareImport(readImportRequest(bytes), job.keepRows);
  return readSpreadsheet(bytes, job.kind);
}

/** What the server sends: the job with its bytes, or the job, then the body's chunks as they arrive, then the end. */
export type WorkerMessage = { job: WorkerJob; bytes?: Uint8Array } | { chunk: Uint8Array } | { end: true };

function answer(bytes: Buffer, job: WorkerJob): void {
  let reply: WorkerAnswer;
  try {
    reply = { ok: true, value: read(bytes, job) };
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    reply = { ok: false, refusal: err.refusal };
  }
  process.send!(reply);
}

let streamed: { job: WorkerJob; chunks: Buffer[] } | null = null;
process.on('message', (message: WorkerMessage) => {
  if ('job' in message) {
    if (message.bytes) answer(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength), message.job);
    else streamed = { job: message.job, chunks: [] };
  } else if ('chunk' in message) {
    streamed!.chunks.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
  } else {
    const { job, chunks } = streamed!;
    streamed = null;
    answer(Buffer.concat(chunks), job);
  }
});
// Its modules have loaded: from here on, a failure is the upload's doing.
process.send!('reading');
