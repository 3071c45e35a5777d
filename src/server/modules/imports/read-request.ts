import sjson from 'secure-json-parse';
import {
  ImportRequestSchema,
  MAX_IMPORT_CELL_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  type ImportRequest,
} from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan, NOT_UTF8_MESSAGE, utf8Text } from '../../plugins/json-body.ts';
import { fieldErrorsOf, zodIssues } from '../../validation-errors.ts';

const rejected = (message: string) => new Refused({ kind: 'rejected', message });

/**
 * The cells of the widest row when `rows` is what ImportRequestSchema's `rows` takes (1 to MAX_IMPORT_ROWS lists of at
 * most MAX_IMPORT_COLUMNS text cells of at most MAX_IMPORT_CELL_LENGTH characters each), else undefined. Checked by hand first: the schema's checks of a
 * million cells were half of the worker's time on a 16 MB body (issue 28), and the worker's CPU time is time the
 * machine's other work waits for. Rows this says no to are checked by the schema, for its words.
 */
function plainRowsWidth(rows: unknown): number | undefined {
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > MAX_IMPORT_ROWS) return undefined;
  let width = 0;
  for (const row of rows) {
    if (!Array.isArray(row) || row.length > MAX_IMPORT_COLUMNS) return undefined;
    for (const cell of row) if (typeof cell !== 'string' || cell.length > MAX_IMPORT_CELL_LENGTH) return undefined;
    width = Math.max(width, row.length);
  }
  return width;
}

/**
 * The body checked by the schema, its rows by plainRowsWidth when they are plain: the schema then sees one blank row
 * as wide as the widest, which is all it reads of them besides their cells (the mapping's columns must be in the rows).
 */
function checked(value: unknown) {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const rows = (value as { rows?: unknown }).rows;
    const width = plainRowsWidth(rows);
    if (width !== undefined) {
      const parsed = ImportRequestSchema.safeParse({ ...value, rows: [Array.from({ length: width }, () => '')] });
      if (parsed.success) {
        parsed.data.rows = rows as string[][];
        return parsed;
      }
    }
  }
  return ImportRequestSchema.safeParse(value);
}

/**
 * An import's JSON body (up to 16 MB: 5,000 rows of up to 200 cells) read and validated as the routes' JSON parser and
 * schema would, with the same refusals in the same words, but in the worker process (parse-worker.ts): parsing and
 * checking a million cells on the event loop held up every other user's requests for hundreds of milliseconds.
 */
export function readImportRequest(bytes: Buffer): ImportRequest {
  const text = utf8Text(bytes);
  if (text === undefined) throw rejected(NOT_UTF8_MESSAGE);
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
  const parsed = checked(value);
  if (parsed.success) return parsed.data;
  const { message, fieldErrors } = fieldErrorsOf(zodIssues(parsed.error.issues), 'body');
  throw new Refused({ kind: 'invalid', message, fieldErrors });
}
