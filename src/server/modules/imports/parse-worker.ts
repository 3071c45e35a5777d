import { Refused, type Refusal } from '../../refusals.ts';
import { readSpreadsheet, type FileKind } from './import-files.ts';
import { prepareImport, type KeepRows } from './read-cells.ts';
import { readImportRequest } from './read-request.ts';
import { FRAME_HEADER_BYTES, FrameKind } from './worker-frames.ts';

/**
 * The worker process that reads uploads (started by parse-in-worker.ts): a spreadsheet, or the JSON body of an
 * import's dry run, commit or refused rows. It says when it is ready; each job then comes on its standard input as
 * frames (worker-frames.ts): the job, the bytes chunk by chunk as they arrive, the end. It answers on the IPC channel
 * with what it read, or with the refusal (refusals.ts) the route answers with, and waits for the next job: a worker
 * that read a spreadsheet is killed after it, so whatever the file made it allocate goes with it; one that read a
 * JSON body may be given the next (decision 040).
 */

/** What the worker is asked to read: a spreadsheet of a kind, or an import request (with its raw cells or not). */
export type WorkerJob = { kind: FileKind } | { kind: 'import-request'; keepRows: KeepRows };

export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; refusal: Refusal };

function read(bytes: Buffer, job: WorkerJob): unknown {
  if (job.kind === 'import-request') return prepareImport(readImportRequest(bytes), job.keepRows);
  return readSpreadsheet(bytes, job.kind);
}

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

/** The bytes read from standard input and not yet taken as frames. */
const pending: Buffer[] = [];
let pendingBytes = 0;
let header: { kind: number; length: number } | null = null;
/** The job being read, and its body's chunks so far. */
let current: { job: WorkerJob; chunks: Buffer[] } | null = null;

/** The next `n` pending bytes (a slice of one chunk when they lie in one, as they mostly do). */
function take(n: number): Buffer {
  pendingBytes -= n;
  const first = pending[0]!;
  if (first.length > n) {
    pending[0] = first.subarray(n);
    return first.subarray(0, n);
  }
  if (first.length === n) return pending.shift()!;
  const out = Buffer.allocUnsafe(n);
  let at = 0;
  while (at < n) {
    const chunk = pending[0]!;
    const part = Math.min(chunk.length, n - at);
    chunk.copy(out, at, 0, part);
    at += part;
    if (part === chunk.length) pending.shift();
    else pending[0] = chunk.subarray(part);
  }
  return out;
}

function frame(kind: number, payload: Buffer): void {
  if (kind === FrameKind.Job) current = { job: JSON.parse(payload.toString('utf8')) as WorkerJob, chunks: [] };
  else if (kind === FrameKind.Chunk) current!.chunks.push(payload);
  else {
    const { job, chunks } = current!;
    current = null;
    answer(Buffer.concat(chunks), job);
  }
}

process.stdin.on('data', (data: Buffer) => {
  pending.push(data);
  pendingBytes += data.length;
  for (;;) {
    if (header === null) {
      if (pendingBytes < FRAME_HEADER_BYTES) return;
      const bytes = take(FRAME_HEADER_BYTES);
      header = { kind: bytes[0]!, length: bytes.readUInt32BE(1) };
    }
    if (pendingBytes < header.length) return;
    const { kind, length } = header;
    header = null;
    frame(kind, length === 0 ? Buffer.alloc(0) : take(length));
  }
});
// The server is gone (or let this worker go): nothing more will come.
process.on('disconnect', () => process.exit(0));
// Its modules have loaded: from here on, a failure is the upload's doing.
process.send!('reading');
