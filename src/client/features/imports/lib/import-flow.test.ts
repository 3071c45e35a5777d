import { describe, expect, it } from 'vitest';
import type { ImportDryRun, ImportFile } from '../../../../shared/schemas/import.ts';
import {
  INITIAL_IMPORT_STATE,
  importReducer,
  importRequest,
  mayCommit,
  rowsToWrite,
  sameHeadings,
  type ImportAction,
  type ImportState,
} from './import-flow.ts';

const run = (state: ImportState, ...actions: ImportAction[]) => actions.reduce(importReducer, state);
const read: ImportFile & { name: string } = { name: 'records.csv', columns: ['Program', 'Year'], rows: [['Eng', '2024/25']] };
const dryRun = (counts: Partial<ImportDryRun['counts']> = {}): ImportDryRun => ({
  counts: { rows: 1, create: 1, update: 0, unchanged: 0, conflict: 0, error: 0, ...counts },
  rows: [],
  fingerprint: 'f1',
});
const loaded = () => run(INITIAL_IMPORT_STATE, { type: 'fileRead', file: read, mapping: { program: 0 } });
const checked = (counts?: Partial<ImportDryRun['counts']>) =>
  run(loaded(), { type: 'checked', result: { run: dryRun(counts), request: importRequest(loaded())!, id: 1 } });

describe('choosing and reading a file', () => {
  it('keeps the matches for a file with the same headings, and takes the suggestion for another', () => {
    expect(sameHeadings(null, read)).toBe(false);
    expect(sameHeadings(read, { ...read, rows: [] })).toBe(true);
    expect(sameHeadings(read, { ...read, columns: ['Program'] })).toBe(false);
    const kept = run(loaded(), { type: 'fileRead', file: read, mapping: null });
    expect(kept.mapping).toEqual({ program: 0 });
  });

  it('starts the check afresh with a new file, and keeps the file chosen when it is refused', () => {
    const state = run(checked(), { type: 'commitFailed', message: 'x' }, { type: 'fileRead', file: read, mapping: {} });
    expect(state).toMatchObject({ result: null, stale: false, checkError: null, commitError: null });
    const refused = run(
      INITIAL_IMPORT_STATE,
      { type: 'choose', file: new File(['x'], 'a.txt') },
      { type: 'fileRefused', message: 'Not a spreadsheet' },
    );
    expect(refused.chosen?.name).toBe('a.txt');
    expect(refused.fileError).toBe('Not a spreadsheet');
  });
});

describe('the request', () => {
  it('sends the trimmed fiscal year and a known term, and a clean file name', () => {
    const state = run(loaded(), { type: 'edit', changes: { fiscalYear: ' 2024/25 ', term: 'Fall' } });
    expect(importRequest(state)).toEqual({
      mapping: { program: 0 },
      rows: read.rows,
      fileName: 'records.csv',
      fiscalYear: '2024/25',
      term: 'Fall',
    });
    const unknownTerm = importRequest(run(loaded(), { type: 'edit', changes: { term: 'Autumn' } }));
    expect(unknownTerm).not.toHaveProperty('term');
    expect(importRequest(INITIAL_IMPORT_STATE)).toBeNull();
  });
});

describe('checking and importing', () => {
  it('allows the import only after a current check without errors that would write something', () => {
    expect(mayCommit(loaded())).toBe(false);
    expect(mayCommit(checked())).toBe(true);
    expect(mayCommit(checked({ error: 1 }))).toBe(false);
    expect(mayCommit(checked({ create: 0 }))).toBe(false);
    expect(rowsToWrite(checked({ create: 2, update: 3 }))).toBe(5);
  });

  it('marks the check stale when the matches change after it, and clears the import error', () => {
    const failed = run(checked(), { type: 'commitFailed', message: 'Changed since' });
    const edited = run(failed, { type: 'edit', changes: { mapping: {} } });
    expect(edited).toMatchObject({ stale: true, commitError: null });
    expect(mayCommit(edited)).toBe(false);
    expect(run(loaded(), { type: 'edit', changes: { term: 'Fall' } }).stale).toBe(false);
  });

  it('imports once, then starts again from nothing but the matches', () => {
    const done = run(checked(), { type: 'committed', counts: dryRun().counts });
    expect(mayCommit(done)).toBe(false);
    const again = run(done, { type: 'startAgain' });
    expect(again).toMatchObject({ chosen: null, file: null, result: null, done: null, stale: false, fileError: null });
    expect(again.mapping).toEqual({ program: 0 });
  });
});
