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

/** The name of the unique constraint a failed write broke, or null. */
export function uniqueViolation(err: unknown): string | null {
  const pgErr = postgresError(err);
  return pgErr?.code === '23505' ? (pgErr.constraint ?? '') : null;
}
