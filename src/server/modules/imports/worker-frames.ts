import type { Writable } from 'node:stream';

/**
 * How a job reaches the parse worker (parse-worker.ts): on its standard input, as frames of a kind byte and a 4-byte
 * length, then that many bytes. The body's chunks go to the pipe as they came from the request, where the IPC channel
 * would serialize (copy) each one on the event loop first (issue 28: two clients looping 16 MB dry runs).
 */
export const FRAME_HEADER_BYTES = 5;

export const FrameKind = {
  /** The job, as JSON. */
  Job: 0,
  /** A chunk of the bytes to read. */
  Chunk: 1,
  /** The bytes are complete: read them and answer. */
  End: 2,
} as const;

function header(kind: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(FRAME_HEADER_BYTES);
  bytes[0] = kind;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** Writes one frame; resolves once the pipe takes more (so a slow worker slows the upload, and nothing piles up). */
export function writeFrame(pipe: Writable, kind: number, payload: Buffer = Buffer.alloc(0)): Promise<void> {
  pipe.cork();
  pipe.write(header(kind, payload.length));
  const more = payload.length === 0 ? true : pipe.write(payload);
  pipe.uncork();
  if (more && !pipe.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      pipe.off('drain', drained);
      pipe.off('error', done);
      pipe.off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    const drained = () => done();
    const closed = () => done(new Error('The parse worker closed its input'));
    pipe.once('drain', drained);
    pipe.once('error', done);
    pipe.once('close', closed);
  });
}
