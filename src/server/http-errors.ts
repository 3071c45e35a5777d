import type { Outcome, Refusal } from './refusals.ts';

/** An error with an HTTP status and a message meant for people; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
    /** A machine-readable reason beside the status, such as `return_locked`. */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 503 for work refused because too much of its kind is already waiting: the client may try again after a while. */
export class BusyError extends HttpError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(503, message);
    this.name = 'BusyError';
  }
}

/** A 400 naming the field at fault. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
export const unauthorized = () => new HttpError(401, 'Sign in to continue.');
export const forbidden = () => new HttpError(403, 'You do not have access to this.');
export const notFound = (what = 'This item') => new HttpError(404, `${what} was not found.`);

/** The `code` of a 409 that refuses to change records of a submitted or approved term return. */
export const RETURN_LOCKED_CODE = 'return_locked';

/**
 * What a PATCH body changes. The body may carry its item's id (one read from GET does), but only the id of the
 * address it is sent to: another is a 400 naming `id`.
 */
export function patchOf<B extends { id?: number | undefined }>(params: { id: number }, body: B): Omit<B, 'id'> {
  const { id, ...patch } = body;
  if (id !== undefined && id !== params.id) throw fieldError('id', 'The id in the body does not match the address');
  return patch;
}

/**
 * A repository's refusal as the HTTP error a route throws: 404 for what is not there (named by the route, such as
 * "The user"), a 409 `return_locked` for records of a locked term return, else a 400 whose message lists every
 * field's sentence.
 */
export function refusalError(refusal: Refusal, what: string): HttpError {
  if (refusal.kind === 'not-found') return notFound(what);
  if (refusal.kind === 'return-locked') return new HttpError(409, refusal.message, undefined, RETURN_LOCKED_CODE);
  return new HttpError(400, Object.values(refusal.fieldErrors).flat().join('. '), refusal.fieldErrors);
}

/** The value of a repository's answer, or the HTTP error its refusal maps to (see `refusalError`). */
export function valueOrHttpError<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw refusalError(outcome.refusal, what);
  return outcome.value;
}
