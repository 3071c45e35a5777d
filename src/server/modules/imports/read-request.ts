import sjson from 'secure-json-parse';
import { ImportRequestSchema, type ImportRequest } from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../plugins/json-body.ts';
import { fieldErrorsOf, zodIssues } from '../../validation-errors.ts';

const rejected = (message: string) => new Refused({ kind: 'rejected', message });

/**
 * An import's JSON body (up to 16 MB: 5,000 rows of up to 200 cells) read and validated as the routes' JSON parser and
 * schema would, with the same refusals in the same words, but in the worker process (parse-worker.ts): parsing and
 * checking a million cells on the event loop held up every other user's requests for hundreds of milliseconds.
 */
export function readImportRequest(bytes: Buffer): ImportRequest {
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw rejected('The request body is empty; send a JSON object.');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw rejected(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    // As Fastify's own parser: `__proto__` and `constructor.prototype` keys are refused, not stripped.
    value = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw rejected('The request body is not valid JSON.');
  }
  const parsed = ImportRequestSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { message, fieldErrors } = fieldErrorsOf(zodIssues(parsed.error.issues), 'body');
  throw new Refused({ kind: 'invalid', message, fieldErrors });
}
