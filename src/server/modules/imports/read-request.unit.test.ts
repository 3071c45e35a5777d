import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportRequestSchema, MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS } from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import { fieldErrorsOf, zodIssues } from '../../validation-errors.ts';
import { readImportRequest } from './read-request.ts';

/** What the schema alone answers for a body: its data, or the refusal's field errors. */
function bySchema(value: unknown) {
  const parsed = ImportRequestSchema.safeParse(value);
  return parsed.success
    ? { data: parsed.data }
    : { fieldErrors: fieldErrorsOf(zodIssues(parsed.error.issues), 'body').fieldErrors };
}

function byReader(value: unknown) {
  try {
    return { data: readImportRequest(Buffer.from(JSON.stringify(value))) };
  } catch (err) {
    if (!(err instanceof Refused) || err.refusal.kind !== 'invalid') throw err;
    return { fieldErrors: err.refusal.fieldErrors };
  }
}

const cell = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(MAX_IMPORT_CELL_LENGTH + 1)) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.boolean()) },
);
const row = fc.oneof(
  { weight: 8, arbitrary: fc.array(cell, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: MAX_IMPORT_COLUMNS + 1 }, () => '')) },
  { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constant(null), fc.dictionary(fc.string(), fc.string())) },
);
const body = fc.record(
  {
    mapping: fc.oneof(
      fc.constant({ record_id: 0, notes: 1 }),
      fc.constant({ institution: 0, program: 1 }),
      fc.constant({ record_id: 0, notes: 0 }),
      fc.constant({ notes: 'a' }),
    ),
    rows: fc.oneof({ weight: 8, arbitrary: fc.array(row, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.string() }),
    fiscalYear: fc.oneof(fc.constant('2024/25'), fc.constant('2024')),
    term: fc.constantFrom('Fall', 'Autumn'),
    colour: fc.constant('red'),
  },
  { requiredKeys: ['rows'] },
);

describe('an import body read by the worker', () => {
  it('is what the schema alone makes of it, refusals included, however its rows are (issue 28: rows checked by hand)', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(byReader(value)).toEqual(bySchema(value));
      }),
      { numRuns: 500 },
    );
  });
});
