import { FORBIDDEN, invalidField, NOT_FOUND, refusalMessage, type Outcome, type Refusal } from './refusals.ts';

/**
 * The one place a refusal becomes HTTP (decision 038): `refusalError` chooses the status, the code and the body of
 * every refusal; routes call it through `valueOrHttpError` (or the shorthands below), and the error handler for a
 * `Refused` thrown from below them. Nothing below the routes builds an `HttpError`.
 */

/** An error with an HTTP status and a message meant for people; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
    /** A machine-readable reason beside the status, such as `return_locked`. */
    public readonly code?: string,
    /** What the body carries besides the sentence: the current record, the existing one's id, an import's dry run. */
    public readonly details?: Record<string, unknown>,
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

/** The `code` of a 409 that refuses to change records of a submitted or approved term return. */
export const RETURN_LOCKED_CODE = 'return_locked';

/**
 * A refusal as the HTTP error a route throws: 404 for what is not there (named by the route, such as "The user"),
 * 403, 400 naming the fields (its message lists every field's sentence unless the refusal says more) or the request
 * whole, 413, 409 with its code (`return_locked` for records of a locked term return), 503 with Retry-After, and 502
 * for a mail the mail server did not take.
 */
export function refusalError(refusal: Refusal, what = 'This item'): HttpError {
  const { details } = refusal;
  const message = refusalMessage(refusal);
  switch (refusal.kind) {
    case 'not-found':
      return new HttpError(404, `${what} was not found.`, undefined, undefined, details);
    case 'forbidden':
      return new HttpError(403, message, undefined, undefined, details);
    case 'invalid':
      return new HttpError(400, message, refusal.fieldErrors, undefined, details);
    case 'rejected':
      return new HttpError(400, message, undefined, undefined, details);
    case 'too-large':
      return new HttpError(413, message, refusal.fieldErrors, undefined, details);
    case 'conflict':
      return new HttpError(409, message, undefined, refusal.code, details);
    case 'return-locked':
      return new HttpError(409, message, undefined, RETURN_LOCKED_CODE, details);
    case 'busy':
      return new BusyError(message, refusal.retryAfterSeconds);
    case 'not-delivered':
      return new HttpError(502, message, undefined, undefined, details);
  }
}

/** The value of an outcome, or the HTTP error its refusal maps to (see `refusalError`). */
export function valueOrHttpError<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw refusalError(outcome.refusal, what);
  return outcome.value;
}

/** A 400 naming the field at fault. */
export const fieldError = (field: string, message: string) => refusalError(invalidField(field, message));
export const unauthorized = () => new HttpError(401, 'Sign in to continue.');
export const forbidden = () => refusalError(FORBIDDEN);
export const notFound = (what = 'This item') => refusalError(NOT_FOUND, what);

/**
 * What a PATCH body changes. The body may carry its item's id (one read from GET does), but only the id of the
 * address it is sent to: another is a 400 naming `id`.
 */
export function patchOf<B extends { id?: number | undefined }>(params: { id: number }, body: B): Omit<B, 'id'> {
  const { id, ...patch } = body;
  if (id !== undefined && id !== params.id) throw fieldError('id', 'The id in the body does not match the address');
  return patch;
}
