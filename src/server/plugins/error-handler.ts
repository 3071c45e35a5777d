import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors.ts';

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'address', headers: 'headers' };

/** Client-side parse failures Fastify raises before validation, reworded for people; all are 400 (PRODUCT.md §3). */
const PARSE_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_TYPE: 'The request body has the wrong content type.',
};

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

function isDatabaseDown(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    if (
      e instanceof Error &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function zodFieldErrors(error: FastifyError): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'request';
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const unknownKeys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
    if (unknownKeys.length > 0) {
      for (const key of unknownKeys) {
        const name = path ? `${path}.${key}` : key;
        (fieldErrors[name] ??= []).push(`${name} is not a field this request accepts`);
      }
    } else {
      (fieldErrors[path || part] ??= []).push(v.message ?? 'is not valid');
    }
  }
  const summary = Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
    .join(', ');
  return { message: `The ${part} is not valid: ${summary}`, fieldErrors };
}

/** One error handler: bad input is a 400 naming the field; known failures keep their status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ statusCode: 400, ...zodFieldErrors(error) });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, message: error.message, fieldErrors: error.fieldErrors });
    }
    if (error.code && PARSE_ERRORS[error.code]) {
      return reply.status(400).send({ statusCode: 400, message: PARSE_ERRORS[error.code] });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ statusCode: 503, message: 'The database is not answering right now. Nothing was saved; try again in a minute.' });
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
