import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commitOutcomeUnknown } from '../db/commit-outcome.ts';
import { isDatabaseDown, isUnstorableText } from '../db/errors.ts';
import { BusyError, HttpError } from '../http-errors.ts';
import { fieldErrorsOf } from '../validation-errors.ts';

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'address', headers: 'headers' };

/** Client-side parse failures Fastify raises before validation, reworded for people; all are 400 (docs/product.md §5). */
const PARSE_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_TYPE: 'The request body has the wrong content type.',
};

/** Text PostgreSQL refused to store or compare: a field the text rule (shared/schemas/text.ts) should have caught. */
export const UNSTORABLE_TEXT_MESSAGE =
  'The request holds characters that cannot be stored, such as control characters. Nothing was saved; remove them and try again.';

/** What a client is told when the database does not answer: the request was refused whole, so it may simply be sent again. */
export const DATABASE_DOWN_MESSAGE = 'The database is not answering right now. Nothing was saved; try again in a minute.';

/** When the connection was lost during COMMIT, the change may have been saved: say so, rather than "nothing was saved". */
export const DATABASE_LOST_AT_COMMIT_MESSAGE =
  'The database stopped answering just as your change was being saved, so it may or may not have been saved. ' +
  'Reload to check before saving again.';

function zodFieldErrors(error: FastifyError): { message: string; fieldErrors: Record<string, string[]> } {
  return fieldErrorsOf(error.validation ?? [], PART_NAMES[error.validationContext ?? 'body'] ?? 'request');
}

/** One error handler: bad input is a 400 naming the field; known failures keep their status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ statusCode: 400, ...zodFieldErrors(error) });
    }
    if (error instanceof HttpError) {
      if (error instanceof BusyError) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, message: error.message, fieldErrors: error.fieldErrors, code: error.code });
    }
    if (error.code && PARSE_ERRORS[error.code]) {
      return reply.status(400).send({ statusCode: 400, message: PARSE_ERRORS[error.code] });
    }
    if (isUnstorableText(error)) {
      // The schemas refuse these characters first; reaching here means a field escaped them, so it is logged as a fault.
      request.log.warn({ err: error }, 'text the database cannot store reached it');
      return reply.status(400).send({ statusCode: 400, message: UNSTORABLE_TEXT_MESSAGE });
    }
    if (isDatabaseDown(error)) {
      const inDoubt = commitOutcomeUnknown(error);
      request.log.error({ err: error, commitOutcomeUnknown: inDoubt }, 'database unavailable');
      return reply
        .status(503)
        .send({ statusCode: 503, message: inDoubt ? DATABASE_LOST_AT_COMMIT_MESSAGE : DATABASE_DOWN_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ statusCode: status, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      statusCode: 500,
      message: `Something went wrong on the server and nothing was saved. Reference: ${request.id}`,
    });
  });
}
