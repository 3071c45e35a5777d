import {
  COUNT_FIELDS,
  MONEY_FIELDS,
  requiredToSubmitMessage,
  validateRecord,
  type CountField,
  type FieldErrors,
  type RecordLike,
} from '../../../../shared/record-rules.ts';
import type { RecordCreate, RecordUpdate, RecordWire } from '../../../../shared/schemas/record.ts';
import type { ReturnEntryRow } from '../../../../shared/schemas/returns.ts';
import { cellTextOf, readCell, type GridField } from './cell-text.ts';

/**
 * The whole-term grid as data: one row per expected program of a return, one column per figure of the record form.
 * Pure, so the rules of typing, pasting, undoing and saving are tested without a browser. A row keeps its record as
 * last saved and, apart, the cells changed since as typed; what a row would save is worked out from the two.
 */

/** The grid's columns: every figure, in the record form's order (its sections, records/lib/sections.ts). */
export const GRID_FIELDS: readonly GridField[] = [...COUNT_FIELDS, ...MONEY_FIELDS];

export interface EntryRow {
  programId: number;
  programName: string;
  /** The record as last read or saved; null when the program has none for the term yet. */
  record: RecordWire | null;
  /** Cells changed since the record was saved, as typed or pasted. */
  texts: Partial<Record<GridField, string>>;
  /** The texts being sent, while a save is under way. */
  sending: Partial<Record<GridField, string>> | null;
  /** The server's refusal of the last save: its message and the fields it named. */
  failed: { message: string; fieldErrors: FieldErrors } | null;
  /** Someone else saved the record meanwhile (a stale version): their record; the row's own texts are kept. */
  newer: RecordWire | null;
}

export interface EntryGrid {
  rows: EntryRow[];
  /** What the last paste replaced, for undo: per row index, the texts of the cells it changed. */
  undo: { row: number; before: Partial<Record<GridField, string>> }[] | null;
}

export function gridOf(rows: readonly ReturnEntryRow[]): EntryGrid {
  return {
    rows: rows.map((r) => ({
      programId: r.program_id,
      programName: r.program_name,
      record: r.record,
      texts: {},
      sending: null,
      failed: null,
      newer: null,
    })),
    undo: null,
  };
}

/** The text a cell shows: as changed, else the saved value. */
export const cellText = (row: EntryRow, field: GridField): string => row.texts[field] ?? cellTextOf(row.record?.[field]);

/** The record's values with the changed cells that pass their own rule (the others keep the saved value). */
function candidateOf(row: EntryRow): RecordLike {
  const values: Record<string, unknown> = { status: row.record?.status ?? 'draft' };
  for (const field of GRID_FIELDS) {
    const text = row.texts[field];
    const read = text === undefined ? null : readCell(field, text);
    values[field] = read && read.error === null ? read.value : (row.record?.[field] ?? null);
  }
  return values as RecordLike;
}

const isGridField = (field: string) => (GRID_FIELDS as readonly string[]).includes(field);

/**
 * The rules between fields the row's values break as they would be saved, per figure (fiscal year and term are the
 * return's). A draft may be saved with its work-term splits not adding up to students placed (work in progress,
 * record-rules.ts), but a split whose every part is entered and whose total is not students placed is a mistake to fix
 * before the record can be submitted: the row shows it, focused or not, in the rule's words, and still saves it as a
 * draft. Figures not entered yet are not problems (the submit button says what is missing).
 */
function findRuleProblems(row: EntryRow): FieldErrors {
  const shown: FieldErrors = {};
  for (const [field, messages] of Object.entries(validateRecord(candidateOf(row), { status: 'submitted' }))) {
    if (!isGridField(field)) continue;
    const left = messages.filter((m) => m !== requiredToSubmitMessage(field as CountField));
    if (left.length > 0) shown[field] = left;
  }
  return shown;
}

/**
 * The same, worked out once per row (rows are never changed in place): the row is drawn with its problems as it is
 * typed, and the key that leaves it then sends its save without checking every rule again.
 */
const ruleProblemsOf = new WeakMap<EntryRow, Readonly<FieldErrors>>();
function ruleProblems(row: EntryRow): Readonly<FieldErrors> {
  let problems = ruleProblemsOf.get(row);
  if (!problems) ruleProblemsOf.set(row, (problems = findRuleProblems(row)));
  return problems;
}

/**
 * Whether the row's values as they would be saved break a rule of the record's own status (placed ≤ seeking, say): the
 * save is held back then. Asked only of a row with something to send, once per state of the row.
 */
const heldBackOf = new WeakMap<EntryRow, boolean>();
function heldBack(row: EntryRow): boolean {
  let held = heldBackOf.get(row);
  if (held === undefined) heldBackOf.set(row, (held = Object.keys(validateRecord(candidateOf(row))).some(isGridField)));
  return held;
}

/**
 * Problems worked out once per row: rows are never changed in place (each action makes new ones), so a row drawn
 * again unchanged, its status and the panel below all read the same answer instead of checking every rule again.
 */
const problemsOf = new WeakMap<EntryRow, Readonly<FieldErrors>>();

/**
 * Each cell's problems, in the record's own words: a changed cell that fails its own rule; any rule between fields the
 * row's values break as they would be saved (a submitted record keeps every rule of submission); what the server said
 * of the last save. The same row answers the same object, to read and not to change.
 */
export function rowProblems(row: EntryRow): Readonly<FieldErrors> {
  let problems = problemsOf.get(row);
  if (!problems) problemsOf.set(row, (problems = findProblems(row)));
  return problems;
}

/**
 * The problems of rows as saved (nothing typed, no refusal), per record: they are the record's own, so they are worked
 * out once per record, and once for all the rows of a new term that have none yet.
 */
const savedProblems = new WeakMap<RecordWire | typeof NO_RECORD, FieldErrors>();
const NO_RECORD = {};

function findProblems(row: EntryRow): FieldErrors {
  if (Object.keys(row.texts).length === 0 && !row.failed) {
    const key = row.record ?? NO_RECORD;
    let problems = savedProblems.get(key);
    if (!problems) savedProblems.set(key, (problems = ruleProblems(row)));
    return problems;
  }
  const problems: FieldErrors = {};
  for (const field of GRID_FIELDS) {
    const text = row.texts[field];
    if (text === undefined) continue;
    const read = readCell(field, text);
    if (read.error !== null) problems[field] = [read.error];
  }
  for (const [field, messages] of Object.entries(ruleProblems(row))) {
    if (problems[field]) continue;
    problems[field] = messages;
  }
  for (const [field, messages] of Object.entries(row.failed?.fieldErrors ?? {})) problems[field] ??= messages;
  return problems;
}

export type SaveRequest =
  | { kind: 'create'; body: RecordCreate; sent: Partial<Record<GridField, string>> }
  | { kind: 'update'; id: number; body: RecordUpdate; sent: Partial<Record<GridField, string>> };

/** Where the row's record belongs: its return's institution, fiscal year and term. */
export interface ReturnPlace {
  institutionId: number;
  fiscalYear: string;
  term: RecordWire['term'];
}

/**
 * What saving the row sends, or null when there is nothing to save: the changed cells that pass their own rule, and
 * only when the row as it would be saved keeps the rules between fields (else the cells say why and nothing is sent).
 * A new record is a draft; a saved one keeps its status.
 */
export function saveRequest(row: EntryRow, place: ReturnPlace): SaveRequest | null {
  if (row.sending || row.newer) return null;
  const sent: Partial<Record<GridField, string>> = {};
  const values: Partial<Record<GridField, number | string | null>> = {};
  for (const field of GRID_FIELDS) {
    const text = row.texts[field];
    if (text === undefined) continue;
    const read = readCell(field, text);
    if (read.error !== null) continue;
    if ((row.record?.[field] ?? null) === read.value) continue;
    sent[field] = text;
    values[field] = read.value;
  }
  if (Object.keys(sent).length === 0) return null;
  if (heldBack(row)) return null;
  if (!row.record) {
    return {
      kind: 'create',
      sent,
      body: {
        ...values,
        institution_id: place.institutionId,
        program_id: row.programId,
        fiscal_year: place.fiscalYear,
        term: place.term,
        status: 'draft',
      } as RecordCreate,
    };
  }
  return { kind: 'update', id: row.record.id, sent, body: { ...values, version: row.record.version } as RecordUpdate };
}

const withRow = (grid: EntryGrid, index: number, change: (row: EntryRow) => EntryRow): EntryGrid => ({
  ...grid,
  rows: grid.rows.map((row, n) => (n === index ? change(row) : row)),
});

/** The texts left after `saved` is the record: a changed cell equal to the saved value is no longer a change. */
function textsAfter(texts: EntryRow['texts'], saved: RecordWire): EntryRow['texts'] {
  const left: EntryRow['texts'] = {};
  for (const [field, text] of Object.entries(texts) as [GridField, string][]) {
    const read = readCell(field, text);
    if (read.error === null && read.value === (saved[field] ?? null)) continue;
    left[field] = text;
  }
  return left;
}

/** The row's changed texts with `before` put back; a cell put back to its saved value is no longer a change. */
function restored(row: EntryRow, before: Partial<Record<GridField, string>>): EntryRow['texts'] {
  const texts = { ...row.texts };
  for (const [field, text] of Object.entries(before) as [GridField, string][]) {
    // While a save is under way the record may be about to change: the text is kept, and dropped once saved if equal.
    if (!row.sending && text === cellTextOf(row.record?.[field])) delete texts[field];
    else texts[field] = text;
  }
  return texts;
}

export type GridAction =
  | { type: 'edit'; row: number; field: GridField; text: string }
  | { type: 'paste'; row: number; column: number; block: string[][] }
  | { type: 'undoPaste' }
  | { type: 'restore'; row: number; field: GridField; text: string }
  | { type: 'sending'; row: number; sent: Partial<Record<GridField, string>> }
  | { type: 'saved'; row: number; record: RecordWire }
  | { type: 'failed'; row: number; message: string; fieldErrors: FieldErrors }
  | { type: 'newer'; row: number; record: RecordWire }
  | { type: 'keepMine'; row: number }
  | { type: 'takeTheirs'; row: number }
  | { type: 'reload'; rows: readonly ReturnEntryRow[] };

/** Why a paste was refused, or null when it fits: a block from the anchor must fit inside the grid. */
export function pasteProblem(grid: EntryGrid, row: number, column: number, block: string[][]): string | null {
  const height = block.length;
  const width = Math.max(0, ...block.map((cells) => cells.length));
  if (height === 0 || width === 0) return 'The clipboard holds no cells.';
  const roomRows = grid.rows.length - row;
  const roomColumns = GRID_FIELDS.length - column;
  if (height <= roomRows && width <= roomColumns) return null;
  const size = (r: number, c: number) => `${r} row${r === 1 ? '' : 's'} × ${c} column${c === 1 ? '' : 's'}`;
  return `The copied block is ${size(height, width)}, but from this cell there is room for ${size(roomRows, roomColumns)}. Nothing was pasted: start the paste further up or left, or copy fewer cells.`;
}

export function gridReducer(grid: EntryGrid, action: GridAction): EntryGrid {
  switch (action.type) {
    case 'edit':
      return withRow(grid, action.row, (row) => ({
        ...row,
        texts: { ...row.texts, [action.field]: action.text },
        failed: null,
      }));
    case 'paste': {
      if (pasteProblem(grid, action.row, action.column, action.block) !== null) return grid;
      const undo: NonNullable<EntryGrid['undo']> = [];
      const rows = grid.rows.map((row, n) => {
        const cells = action.block[n - action.row];
        if (!cells) return row;
        const before: Partial<Record<GridField, string>> = {};
        const texts = { ...row.texts };
        cells.forEach((text, c) => {
          const field = GRID_FIELDS[action.column + c]!;
          before[field] = cellText(row, field);
          texts[field] = text.trim();
        });
        undo.push({ row: n, before });
        return { ...row, texts, failed: null };
      });
      return { rows, undo };
    }
    case 'undoPaste': {
      if (!grid.undo) return grid;
      let next: EntryGrid = { ...grid, undo: null };
      for (const { row, before } of grid.undo)
        next = withRow(next, row, (r) => ({ ...r, texts: restored(r, before), failed: null }));
      return next;
    }
    case 'restore':
      // Escape: the cell shows what it showed when it took the focus (a change only if that differs from the saved value).
      return withRow(grid, action.row, (row) => ({ ...row, texts: restored(row, { [action.field]: action.text }) }));
    case 'sending':
      return withRow(grid, action.row, (row) => ({ ...row, sending: action.sent }));
    case 'saved':
      return withRow(grid, action.row, (row) => ({
        ...row,
        record: action.record,
        texts: textsAfter(row.texts, action.record),
        sending: null,
        failed: null,
        newer: null,
      }));
    case 'failed':
      return withRow(grid, action.row, (row) => ({
        ...row,
        sending: null,
        failed: { message: action.message, fieldErrors: action.fieldErrors },
      }));
    case 'newer':
      return withRow(grid, action.row, (row) => ({ ...row, sending: null, newer: action.record }));
    case 'keepMine':
      // The person chose their values over the newer record: the next save goes against its version.
      return withRow(grid, action.row, (row) => (row.newer ? { ...row, record: row.newer, newer: null } : row));
    case 'takeTheirs':
      return withRow(grid, action.row, (row) => (row.newer ? { ...row, record: row.newer, newer: null, texts: {} } : row));
    case 'reload': {
      // Fresh records from the server; what the person typed and has not saved stays.
      const fresh = gridOf(action.rows);
      const kept = new Map(grid.rows.map((r) => [r.programId, r]));
      return {
        ...grid,
        rows: fresh.rows.map((row) => {
          const old = kept.get(row.programId);
          return old ? { ...row, texts: row.record ? textsAfter(old.texts, row.record) : old.texts } : row;
        }),
      };
    }
  }
}

/**
 * Whether two states of a row show the same outside the row itself (the panel below the grid): its figures, its
 * record, its refusal, a newer record. A save under way changes none of them.
 */
export function sameShownRow(a: EntryRow | null, b: EntryRow | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.programId === b.programId && a.texts === b.texts && a.record === b.record && a.failed === b.failed && a.newer === b.newer
  );
}

/** A row's state for people: what the status column says. */
export type RowState = 'none' | 'changed' | 'saving' | 'failed' | 'invalid' | 'newer' | 'draft' | 'draftToFix' | 'submitted';

export function rowState(row: EntryRow): RowState {
  if (row.sending) return 'saving';
  if (row.newer) return 'newer';
  if (row.failed) return 'failed';
  const problems = rowProblems(row);
  const changed = Object.keys(row.texts).length > 0;
  if (changed && Object.keys(problems).length > 0) return 'invalid';
  if (changed) return 'changed';
  if (!row.record) return 'none';
  // Saved, but a split that does not add up (say) stands between it and submission: said whether focused or not.
  if (row.record.status === 'draft' && Object.keys(problems).length > 0) return 'draftToFix';
  return row.record.status;
}

/** Whether a saved record keeps every rule of submission, worked out once per record as saved (never changed in place). */
const submittable = new WeakMap<RecordWire, boolean>();
function keepsSubmissionRules(record: RecordWire): boolean {
  let keeps = submittable.get(record);
  if (keeps === undefined)
    submittable.set(record, (keeps = Object.keys(validateRecord(record, { status: 'submitted' })).length === 0));
  return keeps;
}

/** The rows "Submit the complete rows" turns into submitted records: saved drafts that keep every rule of submission. */
export function submittableRows(grid: EntryGrid): number[] {
  return grid.rows.flatMap((row, n) =>
    row.record?.status === 'draft' &&
    Object.keys(row.texts).length === 0 &&
    !row.sending &&
    !row.newer &&
    keepsSubmissionRules(row.record)
      ? [n]
      : [],
  );
}

/**
 * Whether a row holds figures the server does not have yet: typed or pasted, being saved, refused, or kept beside a
 * newer record. Leaving the page then would lose them, so the page asks first (docs/product.md §1).
 */
export const hasUnsavedFigures = (row: EntryRow): boolean =>
  Object.keys(row.texts).length > 0 || row.sending !== null || row.failed !== null || row.newer !== null;

export const gridHasUnsavedFigures = (grid: EntryGrid): boolean => grid.rows.some(hasUnsavedFigures);

/** A row that will not be submitted because its figures break a rule: its program and the first problem, in the rule's words. */
export interface RowToFix {
  row: number;
  programName: string;
  problem: string;
}

/** What "Submit the complete rows" would do now, and why the other rows are not ready. */
export interface SubmitOutlook {
  /** Saved drafts that keep every rule of submission (submittableRows). */
  ready: number[];
  /** Rows (saved or typed) whose figures break a rule. */
  toFix: RowToFix[];
  /** Saved drafts that break no rule but still miss figures. */
  incomplete: number;
  /** Rows with changes not saved yet (being saved, or refused without naming a figure), which break no rule. */
  unsaved: number;
}

/**
 * The submit button's outlook: each row's problems are the memoised ones the row draws, so this reads, it does not
 * check the rules again. Submitted rows and rows with nothing entered are neither ready nor waiting.
 */
export function submitOutlook(grid: EntryGrid): SubmitOutlook {
  const ready = new Set(submittableRows(grid));
  const outlook: SubmitOutlook = { ready: [...ready], toFix: [], incomplete: 0, unsaved: 0 };
  grid.rows.forEach((row, n) => {
    if (ready.has(n)) return;
    const unsaved = hasUnsavedFigures(row);
    if (!unsaved && (!row.record || row.record.status === 'submitted')) return;
    const [problem] = Object.values(rowProblems(row)).flat();
    if (problem !== undefined) outlook.toFix.push({ row: n, programName: row.programName, problem });
    else if (unsaved) outlook.unsaved++;
    else outlook.incomplete++;
  });
  return outlook;
}

/** Whether two outlooks say the same (the button is drawn again only then). */
export const sameOutlook = (a: SubmitOutlook, b: SubmitOutlook): boolean =>
  a.incomplete === b.incomplete &&
  a.unsaved === b.unsaved &&
  a.ready.join() === b.ready.join() &&
  a.toFix.length === b.toFix.length &&
  a.toFix.every((f, n) => f.row === b.toFix[n]!.row && f.problem === b.toFix[n]!.problem);

/**
 * What to tell a person who has just moved on from a row (the phone's next and previous): that it was not saved (a
 * rule between its figures held the save back, or the server refused it) or that it is saved as a draft but breaks a
 * rule of submission; null when all is well, or while its save is under way (the answer decides).
 */
export function leftRowNotice(row: EntryRow): { saved: boolean; problem: string } | null {
  if (row.sending) return null;
  const [problem] = Object.values(rowProblems(row)).flat();
  if (row.failed) return { saved: false, problem: problem ?? row.failed.message };
  if (problem === undefined) return null;
  return { saved: Object.keys(row.texts).length === 0, problem };
}
