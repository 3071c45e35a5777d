/** An error with an HTTP status and a message meant for people; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 naming the field at fault. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
export const unauthorized = () => new HttpError(401, 'Sign in to continue.');
export const forbidden = () => new HttpError(403, 'You do not have access to this.');
export const notFound = (what = 'This item') => new HttpError(404, `${what} was not found.`);
