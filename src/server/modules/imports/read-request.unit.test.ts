import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportRequestSchema, MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS } from '../../../shared/schemas/import.ts';
import { Refused } from '../../refusals.ts';
import { fieldErrorsOf, zodIssues } from '../../validation-errors.ts';
import { NOT_UTF8_MESSAGE } from '../../plugins/json-body.ts';
import { readCells } from './read-cells.ts';
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

  it('refuses a body that is not UTF-8, as the app’s JSON parser does', () => {
    const latin1 = Buffer.from('{"mapping": {"record_id": 0, "notes": 1}, "rows": [["1", "Caf\xe9"]]}', 'latin1');
    expect(() => readImportRequest(latin1)).toThrow(NOT_UTF8_MESSAGE);
  });

  it('refuses a mapping to a column the rows do not have, naming the field', () => {
    const answer = byReader({ mapping: { record_id: 0, notes: 5 }, rows: [['1', 'a']] });
    expect(answer).toEqual(bySchema({ mapping: { record_id: 0, notes: 5 }, rows: [['1', 'a']] }));
    expect(answer.fieldErrors).toEqual({ 'mapping.notes': ['Notes is matched to column 6, but the file has 2 columns'] });
    const withHeadings = { mapping: { record_id: 0, notes: 2 }, columns: ['Record ID', 'Notes'], rows: [['1', 'a', 'b']] };
    expect(byReader(withHeadings).fieldErrors).toHaveProperty(['mapping.notes']);
  });

  it('reads a cell a row cut short does not have as unreadable, never as blank (which would clear the value)', () => {
    expect(readCells(['7', 'draft'], { record_id: 0, status: 1, notes: 3 })).toEqual({
      texts: { record_id: '7', status: 'draft' },
      unreadable: [{ field: 'notes', message: 'The row has no cell in column 4; it has 2' }],
      blank: false,
    });
    expect(readCells(['7', 'draft', '', ''], { record_id: 0, notes: 3 }).texts).toEqual({ record_id: '7', notes: '' });
  });
});
