import { TERMS } from '../../../../shared/constants.ts';
import type {
  ConflictChoice,
  ImportCounts,
  ImportDryRun,
  ImportFile,
  ImportMapping,
  ImportRequest,
  ImportRowResult,
} from '../../../../shared/schemas/import.ts';
import { scrubText } from '../../../../shared/schemas/text.ts';

/**
 * The import screen's steps as a reducer: the file chosen and read, the column matches, the check (a dry run) and the
 * import. Pure, so each step is tested alone; useImportFlow runs the calls and dispatches what happened. What was
 * chosen stays through any failure.
 */

export interface CheckedRun {
  run: ImportDryRun;
  request: ImportRequest;
  /** Changes with every run, so the result's table starts afresh. */
  id: number;
}

export interface ImportState {
  chosen: File | null;
  fileError: string | null;
  file: (ImportFile & { name: string }) | null;
  mapping: ImportMapping;
  fiscalYear: string;
  term: string;
  checkError: string | null;
  result: CheckedRun | null;
  /** The matches changed since the check: its result no longer says what an import would do. */
  stale: boolean;
  commitError: string | null;
  done: ImportCounts | null;
  /**
   * What the person chose for each conflict (a row whose record changed after the file was made), keyed by row and
   * the record version they saw: a record that changes again is a new question, never answered by an old choice.
   */
  choices: Record<string, ConflictChoice>;
}

export const INITIAL_IMPORT_STATE: ImportState = {
  chosen: null,
  fileError: null,
  file: null,
  mapping: {},
  fiscalYear: '',
  term: '',
  checkError: null,
  result: null,
  stale: false,
  commitError: null,
  done: null,
  choices: {},
};

export type ImportAction =
  | { type: 'choose'; file: File | null }
  | { type: 'fileRefused'; message: string }
  | { type: 'fileRead'; file: ImportFile & { name: string }; mapping: ImportMapping | null }
  | { type: 'edit'; changes: Partial<Pick<ImportState, 'mapping' | 'fiscalYear' | 'term'>> }
  | { type: 'clearCommitError' }
  | { type: 'checkRefused'; message: string }
  | { type: 'checkPassed' }
  | { type: 'checked'; result: CheckedRun }
  | { type: 'committed'; counts: ImportCounts }
  | { type: 'commitFailed'; message: string }
  | { type: 'rechecked'; result: CheckedRun }
  | { type: 'chooseConflict'; rows: ImportRowResult[]; keep: ConflictChoice }
  | { type: 'startAgain' };

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'choose':
      return { ...state, chosen: action.file, fileError: null, done: null };
    case 'fileRefused':
      return { ...state, fileError: action.message };
    case 'fileRead':
      return {
        ...state,
        file: action.file,
        mapping: action.mapping ?? state.mapping,
        result: null,
        stale: false,
        checkError: null,
        commitError: null,
        choices: {},
      };
    case 'edit':
      return { ...state, ...action.changes, stale: state.stale || state.result !== null, commitError: null };
    case 'clearCommitError':
      return { ...state, commitError: null };
    case 'checkRefused':
      return { ...state, checkError: action.message };
    case 'checkPassed':
      return { ...state, checkError: null };
    case 'checked':
      return { ...state, result: action.result, stale: false };
    case 'committed':
      return { ...state, done: action.counts };
    case 'commitFailed':
      return { ...state, commitError: action.message };
    case 'rechecked':
      return { ...state, result: action.result };
    case 'chooseConflict': {
      const choices = { ...state.choices };
      for (const row of action.rows) if (row.conflict) choices[choiceKey(row)] = action.keep;
      return { ...state, choices, commitError: null };
    }
    case 'startAgain':
      return { ...state, chosen: null, file: null, result: null, done: null, stale: false, fileError: null, choices: {} };
  }
}

/** Whether a newly read file has the same headings as the one before (a corrected copy): its matches are kept. */
export function sameHeadings(before: ImportFile | null, read: ImportFile): boolean {
  return before !== null && before.columns.join('\u0000') === read.columns.join('\u0000');
}

/** The request the check and the import send, from the file read and the choices made. */
export function importRequest(state: ImportState): ImportRequest | null {
  const { file } = state;
  if (!file) return null;
  // The name is kept in the audit history only: a character the API refuses in it is replaced, never a reason to stop.
  const body: ImportRequest = { mapping: state.mapping, rows: file.rows, fileName: scrubText(file.name, { max: 255 }) };
  // The stored upload, kept with the import when it is committed.
  if (file.uploadId !== undefined) body.uploadId = file.uploadId;
  if (state.fiscalYear.trim()) body.fiscalYear = state.fiscalYear.trim();
  const term = TERMS.find((t) => t === state.term);
  if (term) body.term = term;
  return body;
}

/** A conflict's key in the choices: its row and the version of the record it showed. */
const choiceKey = (row: ImportRowResult) => `${row.row}@${row.conflict?.version ?? 0}`;

/** The choice made for a row in conflict, if any. */
export const choiceFor = (state: ImportState, row: ImportRowResult): ConflictChoice | undefined =>
  row.action === 'conflict' ? state.choices[choiceKey(row)] : undefined;

/** The conflicting rows of the check, and how many still wait for a choice. */
export function conflictsOf(state: ImportState): { rows: ImportRowResult[]; open: number } {
  const rows = state.result?.run.rows.filter((r) => r.action === 'conflict') ?? [];
  return { rows, open: rows.filter((r) => choiceFor(state, r) === undefined).length };
}

/** The commit's choices: one per conflict chosen, with the version it was chosen against. */
export function chosenConflicts(state: ImportState): NonNullable<ImportRequest['choices']> {
  return conflictsOf(state).rows.flatMap((r) => {
    const keep = choiceFor(state, r);
    return keep ? [{ row: r.row, keep, version: r.conflict!.version }] : [];
  });
}

/** How many records the checked file would create or update, counting conflicts where the file's values are kept. */
export function rowsToWrite(state: ImportState): number {
  if (!state.result) return 0;
  const overwrites = chosenConflicts(state).filter((c) => c.keep === 'file').length;
  return state.result.run.counts.create + state.result.run.counts.update + overwrites;
}

/** Import only a current, error-free check with a choice for every conflict and something to write, once. */
export function mayCommit(state: ImportState): boolean {
  return (
    !!state.result &&
    !state.stale &&
    state.result.run.counts.error === 0 &&
    conflictsOf(state).open === 0 &&
    rowsToWrite(state) > 0 &&
    !state.done
  );
}
