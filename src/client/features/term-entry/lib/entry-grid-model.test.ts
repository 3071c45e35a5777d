import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRecord } from '../../../../shared/record-rules.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { readCell, type GridField } from './cell-text.ts';
import {
  cellText,
  gridHasUnsavedFigures,
  gridOf,
  gridReducer,
  GRID_FIELDS,
  leftRowNotice,
  pasteProblem,
  rowProblems,
  rowState,
  sameShownRow,
  saveRequest,
  submitOutlook,
  submittableRows,
  type EntryGrid,
} from './entry-grid-model.ts';

const PLACE = { institutionId: 7, fiscalYear: '2025/26', term: 'Fall' as const };

function draft(id: number, values: Partial<Record<GridField, number | string | null>> = {}): RecordWire {
  const record: Record<string, unknown> = {
    id,
    institution_id: 7,
    institution_short_name: 'UVic',
    institution_name: 'University of Victoria',
    program_id: 100 + id,
    program_name: `Program ${id}`,
    fiscal_year: '2025/26',
    term: 'Fall',
    notes: null,
    status: 'draft',
    version: 3,
    created_at: '2025-10-01T00:00:00.000Z',
    created_by: 1,
    updated_at: '2025-10-01T00:00:00.000Z',
    updated_by: 1,
  };
  for (const field of GRID_FIELDS) record[field] = values[field] ?? null;
  return record as unknown as RecordWire;
}

const gridWith = (records: (RecordWire | null)[]): EntryGrid =>
  gridOf(records.map((record, n) => ({ program_id: 100 + n, program_name: `Program ${n}`, record })));

/** What a person may paste into a cell: numbers of every kind, blanks, words and formulas. */
const CELL = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.integer({ min: 0, max: 99_999 }).map((n) => n.toLocaleString('en-CA')),
  fc.constantFrom('', ' ', '=1+1', '@SUM(A1)', 'n/a', '1.5', '$12.50', '12.345', '1e3', '٣', '0x10'),
  fc.string({ maxLength: 6 }),
);

describe('the whole-term grid', () => {
  it('saves exactly the pasted values that pass, reports the rest, and never half-saves a row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constant(null), { nil: undefined }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(CELL, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.nat(4),
        fc.nat(30),
        (kinds, block, row, column) => {
          const records = kinds.map((k, n) => (k === null ? null : draft(n + 1)));
          const before = gridWith(records);
          const after = gridReducer(before, { type: 'paste', row, column, block });
          const problem = pasteProblem(before, row, column, block);
          if (problem !== null) {
            // A paste that does not fit changes nothing.
            expect(after).toBe(before);
            return;
          }
          after.rows.forEach((r, n) => {
            const cells = block[n - row];
            if (!cells) return expect(r).toBe(before.rows[n]);
            const problems = rowProblems(r);
            const request = saveRequest(r, PLACE);
            const pasted = cells.map((text, c) => [GRID_FIELDS[column + c]!, text.trim()] as const);
            for (const [field, text] of pasted) {
              const read = readCell(field, text);
              // Every refused cell says why; the cell shows what was pasted.
              if (read.error !== null) expect(problems[field]).toContain(read.error);
              expect(cellText(r, field)).toBe(text);
            }
            if (request === null) {
              // Nothing sent: nothing to send, or a rule between fields fails, which the cells then name.
              const sendable = pasted.filter(([f, t]) => readCell(f, t).error === null && readCell(f, t).value !== null);
              if (sendable.length > 0) expect(Object.keys(problems).length).toBeGreaterThan(0);
              return;
            }
            // Sent: exactly the passing cells that differ from the record, and a row that keeps every rule.
            const expected = Object.fromEntries(
              pasted.flatMap(([f, t]) => {
                const read = readCell(f, t);
                return read.error === null && read.value !== (r.record?.[f] ?? null) ? [[f, read.value]] : [];
              }),
            );
            const sent = Object.fromEntries(
              GRID_FIELDS.filter((f) => f in request.body).map((f) => [f, (request.body as Record<string, unknown>)[f]]),
            );
            expect(sent).toStrictEqual(expected);
            // What the row marks as being sent is exactly that too (a refused cell stays unsent, marked invalid).
            expect(Object.keys(request.sent).sort()).toEqual(Object.keys(expected).sort());
            expect(validateRecord({ ...(r.record ?? {}), ...request.body, fiscal_year: '2025/26', term: 'Fall' })).toEqual({});
          });
        },
      ),
    );
  });

  it('refuses a paste that does not fit, saying how much room there is', () => {
    const grid = gridWith([null, null]);
    // Every figure is a column (27 today): the last row has room for one row of all of them, the last column for one.
    expect(pasteProblem(grid, 1, 0, [['1'], ['2']])).toMatch(
      new RegExp(`2 rows × 1 column, but from this cell there is room for 1 row × ${GRID_FIELDS.length} columns`),
    );
    expect(pasteProblem(grid, 0, GRID_FIELDS.length - 1, [['1', '2']])).toMatch(/room for 2 rows × 1 column/);
    expect(
      pasteProblem(grid, 0, 0, [
        ['1', '2'],
        ['3', '4'],
      ]),
    ).toBeNull();
  });

  it('undoes the last paste, cell by cell, including what was typed before it', () => {
    let grid = gridWith([draft(1, { students_enrolled: 40 }), null]);
    grid = gridReducer(grid, { type: 'edit', row: 1, field: 'students_enrolled', text: '9' });
    const before = grid;
    grid = gridReducer(grid, {
      type: 'paste',
      row: 0,
      column: 0,
      block: [
        ['50', '30'],
        ['20', '10'],
      ],
    });
    expect(cellText(grid.rows[0]!, 'students_seeking')).toBe('30');
    grid = gridReducer(grid, { type: 'undoPaste' });
    expect(cellText(grid.rows[0]!, 'students_enrolled')).toBe('40');
    expect(cellText(grid.rows[0]!, 'students_seeking')).toBe('');
    expect(cellText(grid.rows[1]!, 'students_enrolled')).toBe('9');
    expect(saveRequest(grid.rows[0]!, PLACE)).toBeNull();
    // Put back to the saved value, a cell is no longer a change; what was typed before the paste is.
    expect(grid.rows.map((r) => r.texts)).toEqual([{}, before.rows[1]!.texts]);
  });

  it('undoing a paste while its save is under way keeps the undone text until the save ends', () => {
    let grid = gridWith([null]);
    grid = gridReducer(grid, { type: 'paste', row: 0, column: 2, block: [['15']] });
    grid = gridReducer(grid, { type: 'sending', row: 0, sent: { students_placed: '15' } });
    grid = gridReducer(grid, { type: 'undoPaste' });
    grid = gridReducer(grid, { type: 'saved', row: 0, record: draft(1, { students_placed: 15 }) });
    expect(cellText(grid.rows[0]!, 'students_placed')).toBe('');
    expect(saveRequest(grid.rows[0]!, PLACE)).toMatchObject({ kind: 'update', body: { students_placed: null } });
  });

  it('Escape puts back what the cell showed when focused: no change when that is the saved value', () => {
    let grid = gridWith([draft(1, { students_placed: 7 })]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '9' });
    grid = gridReducer(grid, { type: 'restore', row: 0, field: 'students_placed', text: '7' });
    expect(grid.rows[0]!.texts).toEqual({});
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '99' });
    grid = gridReducer(grid, { type: 'restore', row: 0, field: 'students_placed', text: '8' });
    expect(cellText(grid.rows[0]!, 'students_placed')).toBe('8');
  });

  it('creates a new record as a draft and updates a saved one against its version', () => {
    let grid = gridWith([null, draft(2)]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '5' });
    grid = gridReducer(grid, { type: 'edit', row: 1, field: 'avg_hourly_wage', text: '$21.5' });
    expect(saveRequest(grid.rows[0]!, PLACE)).toMatchObject({
      kind: 'create',
      body: { institution_id: 7, program_id: 100, fiscal_year: '2025/26', term: 'Fall', status: 'draft', students_placed: 5 },
    });
    expect(saveRequest(grid.rows[1]!, PLACE)).toMatchObject({
      kind: 'update',
      id: 2,
      body: { version: 3, avg_hourly_wage: '21.50' },
    });
  });

  it('holds back a row whose values break a rule between fields, and names the field', () => {
    let grid = gridWith([draft(1, { students_seeking: 10 })]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '12' });
    expect(saveRequest(grid.rows[0]!, PLACE)).toBeNull();
    expect(rowProblems(grid.rows[0]!).students_placed).toEqual([
      'Students placed (12) cannot be more than students seeking a work term (10)',
    ]);
  });

  it('keeps what was typed while a save was under way, and a newer record is never written over unasked', () => {
    let grid = gridWith([draft(1)]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '5' });
    const request = saveRequest(grid.rows[0]!, PLACE)!;
    grid = gridReducer(grid, { type: 'sending', row: 0, sent: request.sent });
    expect(saveRequest(grid.rows[0]!, PLACE)).toBeNull();
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_seeking', text: '8' });
    grid = gridReducer(grid, { type: 'saved', row: 0, record: { ...draft(1, { students_placed: 5 }), version: 4 } });
    expect(grid.rows[0]!.texts).toEqual({ students_seeking: '8' });
    grid = gridReducer(grid, { type: 'newer', row: 0, record: { ...draft(1, { students_placed: 6 }), version: 5 } });
    expect(saveRequest(grid.rows[0]!, PLACE)).toBeNull();
    grid = gridReducer(grid, { type: 'keepMine', row: 0 });
    expect(saveRequest(grid.rows[0]!, PLACE)).toMatchObject({ body: { version: 5, students_seeking: 8 } });
  });

  it('submits only saved drafts that keep every rule of submission', () => {
    const complete = Object.fromEntries(
      GRID_FIELDS.map((f) => [f, f.startsWith('wt_') || f.includes('fee') || f.includes('wage') ? null : 0]),
    );
    const full = draft(1, {
      ...complete,
      students_enrolled: 10,
      students_seeking: 5,
      students_placed: 2,
      wt_4_month: 2,
      wt_8_month: 0,
      wt_12_month_plus: 0,
      wt_vancouver_island_coast: 2,
      ...Object.fromEntries(
        GRID_FIELDS.filter(
          (f) => f.startsWith('wt_') && !['wt_4_month', 'wt_vancouver_island_coast', 'wt_private'].includes(f),
        ).map((f) => [f, 0]),
      ),
      wt_private: 2,
    });
    expect(validateRecord(full, { status: 'submitted' })).toEqual({});
    const grid = gridWith([full, draft(2, { students_placed: 1 }), null]);
    expect(submittableRows(grid)).toEqual([0]);
  });

  it('works out a row’s problems once per state of the row, and again for its next state', () => {
    let grid = gridWith([draft(1, { students_seeking: 10 })]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '12' });
    const row = grid.rows[0]!;
    expect(rowProblems(row)).toBe(rowProblems(row));
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '9' });
    expect(rowProblems(grid.rows[0]!)).toEqual({});
    // Rows as saved have their record's problems, worked out once per record; a refusal is the row's own.
    const record = draft(3, { students_seeking: 10, students_placed: 12 });
    const shared = gridOf([
      { program_id: 1, program_name: 'A', record },
      { program_id: 2, program_name: 'B', record },
    ]);
    expect(rowProblems(shared.rows[0]!)).toBe(rowProblems(shared.rows[1]!));
    expect(rowProblems(shared.rows[0]!).students_placed).toEqual([
      'Students placed (12) cannot be more than students seeking a work term (10)',
    ]);
    const refused = gridReducer(shared, {
      type: 'failed',
      row: 0,
      message: 'No',
      fieldErrors: { students_enrolled: ['Locked'] },
    });
    expect(rowProblems(refused.rows[0]!).students_enrolled).toEqual(['Locked']);
    expect(rowProblems(refused.rows[1]!).students_enrolled).toBeUndefined();
  });

  it('shows the panel the same row while it is saving, and its new figures once they change or are saved', () => {
    let grid = gridWith([draft(1)]);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '5' });
    const typed = grid.rows[0]!;
    grid = gridReducer(grid, { type: 'sending', row: 0, sent: { students_placed: '5' } });
    expect(sameShownRow(typed, grid.rows[0]!)).toBe(true);
    const sending = grid.rows[0]!;
    grid = gridReducer(grid, { type: 'saved', row: 0, record: { ...draft(1, { students_placed: 5 }), version: 4 } });
    expect(sameShownRow(sending, grid.rows[0]!)).toBe(false);
    grid = gridReducer(grid, { type: 'edit', row: 0, field: 'students_placed', text: '6' });
    expect(sameShownRow(typed, grid.rows[0]!)).toBe(false);
    expect(sameShownRow(typed, null)).toBe(false);
    // Each thing the panel shows counts on its own.
    expect(sameShownRow(sending, { ...sending, record: { ...sending.record!, students_enrolled: 40 } })).toBe(false);
    expect(sameShownRow(sending, { ...sending, failed: { message: 'Locked', fieldErrors: {} } })).toBe(false);
    expect(sameShownRow(sending, { ...sending, newer: draft(1) })).toBe(false);
  });

  describe('rows that break a rule, focused or not (usability audit)', () => {
    const DURATION_OVER = 'Work terms by duration add up to 105; they must equal students placed (81)';
    /** Geography Co-op as the audit found it: a saved draft whose durations add up to 105 against 81 placed. */
    const geography = () =>
      draft(4, {
        students_enrolled: 120,
        students_seeking: 100,
        students_placed: 81,
        wt_4_month: 60,
        wt_8_month: 40,
        wt_12_month_plus: 5,
      });

    it('a saved draft whose split does not add up says so in its status and marks the split, yet still saves as a draft', () => {
      let grid = gridWith([geography(), draft(5, { students_placed: 81, wt_4_month: 60 })]);
      expect(rowProblems(grid.rows[0]!)).toEqual({ wt_4_month: [DURATION_OVER] });
      expect(rowState(grid.rows[0]!)).toBe('draftToFix');
      // A split not yet entered whole is work in progress, not a problem.
      expect(rowProblems(grid.rows[1]!)).toEqual({});
      expect(rowState(grid.rows[1]!)).toBe('draft');
      // Typed so: still sent (a draft may be saved with its splits unfinished), and marked until fixed.
      grid = gridReducer(grid, { type: 'edit', row: 1, field: 'wt_8_month', text: '40' });
      grid = gridReducer(grid, { type: 'edit', row: 1, field: 'wt_12_month_plus', text: '5' });
      expect(rowProblems(grid.rows[1]!).wt_4_month).toEqual([DURATION_OVER]);
      expect(rowState(grid.rows[1]!)).toBe('invalid');
      expect(saveRequest(grid.rows[1]!, PLACE)?.body).toMatchObject({ wt_8_month: 40, wt_12_month_plus: 5 });
    });

    it('a row typed with a demographic count above placed is held back and says so', () => {
      let grid = gridWith([draft(1, { students_placed: 81 })]);
      grid = gridReducer(grid, { type: 'edit', row: 0, field: 'indigenous_students', text: '95' });
      expect(saveRequest(grid.rows[0]!, PLACE)).toBeNull();
      expect(rowState(grid.rows[0]!)).toBe('invalid');
      expect(rowProblems(grid.rows[0]!).indigenous_students).toEqual([
        'Indigenous students placed (95) cannot be more than students placed (81)',
      ]);
      expect(leftRowNotice(grid.rows[0]!)).toEqual({
        saved: false,
        problem: 'Indigenous students placed (95) cannot be more than students placed (81)',
      });
    });

    it('tells a person who moved on about a refused save or a saved draft to fix, and nothing of a good one', () => {
      let grid = gridWith([geography(), draft(2, { students_placed: 3 })]);
      expect(leftRowNotice(grid.rows[0]!)).toEqual({ saved: true, problem: DURATION_OVER });
      expect(leftRowNotice(grid.rows[1]!)).toBeNull();
      grid = gridReducer(grid, { type: 'edit', row: 1, field: 'students_enrolled', text: '9' });
      grid = gridReducer(grid, { type: 'sending', row: 1, sent: { students_enrolled: '9' } });
      expect(leftRowNotice(grid.rows[1]!)).toBeNull(); // the answer decides
      grid = gridReducer(grid, { type: 'failed', row: 1, message: 'This return is signed off.', fieldErrors: {} });
      expect(leftRowNotice(grid.rows[1]!)).toEqual({ saved: false, problem: 'This return is signed off.' });
    });

    it('holds unsaved figures while a row is typed, saving or refused, and none once saved', () => {
      let grid = gridWith([draft(1), null]);
      expect(gridHasUnsavedFigures(grid)).toBe(false);
      grid = gridReducer(grid, { type: 'edit', row: 1, field: 'students_placed', text: '7' });
      expect(gridHasUnsavedFigures(grid)).toBe(true);
      grid = gridReducer(grid, { type: 'sending', row: 1, sent: { students_placed: '7' } });
      expect(gridHasUnsavedFigures(grid)).toBe(true);
      const failed = gridReducer(grid, { type: 'failed', row: 1, message: 'Offline', fieldErrors: {} });
      expect(gridHasUnsavedFigures(failed)).toBe(true);
      const saved = gridReducer(grid, { type: 'saved', row: 1, record: draft(9, { students_placed: 7 }) });
      expect(gridHasUnsavedFigures(saved)).toBe(false);
    });

    it('says which drafts submitting would leave, naming each to fix with its problem', () => {
      const complete = Object.fromEntries(GRID_FIELDS.map((f) => [f, f.includes('fee') || f.includes('wage') ? null : 0]));
      const ready = draft(1, complete);
      expect(validateRecord(ready, { status: 'submitted' })).toEqual({});
      const grid = gridOf([
        { program_id: 1, program_name: 'Biology Co-op', record: ready },
        { program_id: 2, program_name: 'Geography Co-op', record: geography() },
        { program_id: 3, program_name: 'Music Co-op', record: draft(3, { students_placed: 2 }) },
        { program_id: 4, program_name: 'Nursing Co-op', record: null },
        { program_id: 5, program_name: 'Art Co-op', record: { ...ready, id: 5, status: 'submitted' } },
      ]);
      expect(submitOutlook(grid)).toEqual({
        ready: [0],
        toFix: [{ row: 1, programName: 'Geography Co-op', problem: DURATION_OVER }],
        incomplete: 1,
        unsaved: 0,
      });
    });
  });
});
