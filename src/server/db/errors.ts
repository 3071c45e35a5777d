/** The PostgreSQL error under a driver or Drizzle wrapper: its SQLSTATE code and constraint name, when there is one. */
export function postgresError(err: unknown): { code?: string; constraint?: string } | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether PostgreSQL refused text it cannot hold: 22021 (invalid byte sequence, such as a NUL in text) or 22P05
 * (untranslatable character, such as \u0000 in jsonb). The request was at fault, not the server.
 */
export function isUnstorableText(err: unknown): boolean {
  const code = postgresError(err)?.code;
  return code === '22021' || code === '22P05';
}

/** The name of the unique constraint a failed write broke, or null. */
export function uniqueViolation(err: unknown): string | null {
  const pgErr = postgresError(err);
  return pgErr?.code === '23505' ? (pgErr.constraint ?? '') : null;
}

/** Connection-level failures that mean the database is unreachable, not that the request was wrong. */
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * node-postgres reports a lost or unobtainable connection with plain messages and no code: the server closing the
 * socket, a client used after that, its own connect timeout, and the pool's wait for a free client timing out.
 */
const DB_DOWN_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/** Whether an error, or one it wraps, means the database did not answer. */
export function isDatabaseDown(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    if (e instanceof Error && DB_DOWN_MESSAGES.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
