import type { RecordWire } from '../../../../shared/schemas/record.ts';
import type { SummaryItem } from '../../../ui/error-summary.tsx';
import type { FieldErrors } from '../../../ui/form-errors.ts';
import { conflictFields, defaultChoices, mergeChoices, type ConflictChoice, type ConflictField } from './conflict.ts';
import {
  recordToFormValues,
  sameFormValues,
  validateRecordForm,
  type RecordFormField,
  type RecordFormValues,
  type RecordStatus,
} from './record-form-model.ts';
import { recordSummaryItems } from './record-summary.ts';

/**
 * The record form's save flow as a reducer: what was typed, what was last saved, the version saved against, the
 * errors to show, the duplicate, the stale-save conflict and the outlier question. Pure, so each step is tested alone;
 * the form's hook (useRecordSave) runs the save and dispatches what happened.
 */

export interface Conflict {
  current: RecordWire;
  fields: ConflictField[];
  choices: Record<string, ConflictChoice>;
  status: RecordStatus;
}

export interface RecordSaveState {
  values: RecordFormValues;
  savedValues: RecordFormValues;
  /** The version a save is made against (editing); undefined when adding. */
  base: RecordWire | undefined;
  /** The status of the last save tried; once set, client errors follow the typing. */
  attempted: RecordStatus | null;
  serverErrors: FieldErrors;
  /** The server's errors that name no field, kept for the summary as it follows the typing. */
  otherErrors: readonly string[];
  summary: SummaryItem[];
  /** Counts the attempts that ended in a summary: it takes focus when this changes, not as it follows the typing. */
  summaryAttempt: number;
  duplicateId: number | null;
  conflict: Conflict | null;
  /** The status waiting on "save anyway" while the outlier question is open. */
  confirmingOutliers: RecordStatus | null;
  saving: boolean;
}

export function initialSaveState(values: RecordFormValues, record: RecordWire | undefined): RecordSaveState {
  return {
    values,
    savedValues: values,
    base: record,
    attempted: null,
    serverErrors: {},
    otherErrors: [],
    summary: [],
    summaryAttempt: 0,
    duplicateId: null,
    conflict: null,
    confirmingOutliers: null,
    saving: false,
  };
}

/** The failure of a save, already read from the error: a stale version, or errors (and perhaps a duplicate). */
export type SaveFailure =
  | { kind: 'stale'; current: RecordWire; toSave: RecordFormValues; against: RecordWire; status: RecordStatus }
  | { kind: 'failed'; duplicateId: number | null; fields: FieldErrors; other: string[] };

export type RecordSaveAction =
  | { type: 'setField'; field: RecordFormField; value: RecordFormValues[RecordFormField] }
  | { type: 'attempt'; status: RecordStatus }
  | { type: 'invalid'; summary: SummaryItem[] }
  | { type: 'noChanges' }
  | { type: 'askOutliers'; status: RecordStatus }
  | { type: 'closeOutliers' }
  | { type: 'saveStarted' }
  | { type: 'saved'; record: RecordWire | null }
  | { type: 'saveFailed'; failure: SaveFailure }
  | { type: 'choose'; field: string; choice: ConflictChoice }
  | { type: 'chooseAll'; choice: ConflictChoice }
  | { type: 'conflictMerged'; merged: RecordFormValues; current: RecordWire }
  | { type: 'conflictInvalid'; status: RecordStatus; summary: SummaryItem[] };

/** Fields whose change makes another record the duplicate (or none). */
const IDENTITY_FIELDS: readonly RecordFormField[] = ['fiscal_year', 'term', 'program_id'];

function setField(state: RecordSaveState, field: RecordFormField, value: RecordFormValues[RecordFormField]): RecordSaveState {
  const values = { ...state.values, [field]: value };
  // Another institution has other programs.
  if (field === 'institution_id') values.program_id = '';
  let serverErrors = state.serverErrors;
  if (serverErrors[field]) {
    const { [field]: _gone, ...rest } = serverErrors;
    serverErrors = rest;
  }
  const duplicateId = IDENTITY_FIELDS.includes(field) ? null : state.duplicateId;
  const next = { ...state, values, serverErrors, duplicateId };
  return { ...next, summary: followingSummary(next) };
}

/**
 * The summary shown after a refused save, kept true as the person types: it lists what is wrong with the values now
 * (the rules' errors for the status tried, and the server's errors of fields not changed since), so fixing a field
 * takes its line away, and placed 150 → 120 quotes 120. It never appears by typing alone: only a save shows it.
 */
function followingSummary(state: RecordSaveState): SummaryItem[] {
  if (state.summary.length === 0 || state.attempted === null) return state.summary;
  return recordSummaryItems({ ...state.serverErrors, ...validateRecordForm(state.values, state.attempted) }, state.otherErrors);
}

function saveFailed(state: RecordSaveState, failure: SaveFailure): RecordSaveState {
  if (failure.kind === 'stale') {
    const fields = conflictFields(failure.toSave, failure.against, failure.current);
    const conflict = { current: failure.current, fields, choices: defaultChoices(fields), status: failure.status };
    return { ...state, saving: false, conflict, summary: [] };
  }
  return {
    ...state,
    saving: false,
    duplicateId: failure.duplicateId,
    serverErrors: failure.fields,
    otherErrors: failure.other,
    // A duplicate says so in its own panel, with a link to the record that exists.
    summary: failure.duplicateId === null ? recordSummaryItems(failure.fields, failure.other) : [],
    summaryAttempt: state.summaryAttempt + 1,
  };
}

function setChoices(state: RecordSaveState, choices: (conflict: Conflict) => Record<string, ConflictChoice>): RecordSaveState {
  return state.conflict ? { ...state, conflict: { ...state.conflict, choices: choices(state.conflict) } } : state;
}

export function recordSaveReducer(state: RecordSaveState, action: RecordSaveAction): RecordSaveState {
  switch (action.type) {
    case 'setField':
      return setField(state, action.field, action.value);
    case 'attempt':
      return { ...state, attempted: action.status, duplicateId: null };
    case 'invalid':
      return { ...state, summary: action.summary, otherErrors: [], summaryAttempt: state.summaryAttempt + 1 };
    case 'noChanges':
      return { ...state, summary: [] };
    case 'askOutliers':
      return { ...state, confirmingOutliers: action.status };
    case 'closeOutliers':
      return { ...state, confirmingOutliers: null };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saved': {
      const cleared = {
        ...state,
        saving: false,
        summary: [],
        serverErrors: {},
        otherErrors: [],
        attempted: null,
        conflict: null,
      };
      if (!action.record) return cleared;
      const values = recordToFormValues(action.record);
      return { ...cleared, values, savedValues: values, base: action.record };
    }
    case 'saveFailed':
      return saveFailed(state, action.failure);
    case 'choose':
      return setChoices(state, (c) => ({ ...c.choices, [action.field]: action.choice }));
    case 'chooseAll':
      return setChoices(state, (c) => Object.fromEntries(c.fields.map((f) => [f.field, action.choice])));
    case 'conflictMerged':
      return { ...state, values: action.merged, base: action.current };
    case 'conflictInvalid':
      // The mix of both people's values breaks a rule: the form shows where, and saves against the newer version next.
      return {
        ...state,
        conflict: null,
        attempted: action.status,
        summary: action.summary,
        otherErrors: [],
        summaryAttempt: state.summaryAttempt + 1,
      };
  }
}

export function isDirty(state: RecordSaveState): boolean {
  return !sameFormValues(state.values, state.savedValues);
}

/** Server errors, and once a save has been tried, the shared rules' errors for what is typed now. */
export function visibleErrors(state: RecordSaveState): FieldErrors {
  return { ...state.serverErrors, ...(state.attempted ? validateRecordForm(state.values, state.attempted) : {}) };
}

export type AttemptPlan =
  { kind: 'invalid'; summary: SummaryItem[] } | { kind: 'noChanges' } | { kind: 'askOutliers' } | { kind: 'save' };

/**
 * What a click on a save button leads to: the rules' errors, "nothing changed" (editing, same values and status), the
 * outlier question (unless already answered), or the save.
 */
export function planAttempt(
  state: RecordSaveState,
  status: RecordStatus,
  options: { editing: boolean; confirmed: boolean; hasWarnings: boolean },
): AttemptPlan {
  const found = validateRecordForm(state.values, status);
  if (Object.keys(found).length > 0) {
    return { kind: 'invalid', summary: recordSummaryItems({ ...state.serverErrors, ...found }) };
  }
  if (options.editing && !isDirty(state) && state.base?.status === status) return { kind: 'noChanges' };
  if (!options.confirmed && options.hasWarnings) return { kind: 'askOutliers' };
  return { kind: 'save' };
}

export type ConflictPlan =
  | { kind: 'invalid'; merged: RecordFormValues; current: RecordWire; status: RecordStatus; summary: SummaryItem[] }
  | { kind: 'save'; merged: RecordFormValues; current: RecordWire; status: RecordStatus };

/** Saving a resolved conflict: the chosen mix, checked by the rules before it is sent against the newer version. */
export function planConflictSave(state: RecordSaveState): ConflictPlan | null {
  const { conflict } = state;
  if (!conflict) return null;
  const merged = mergeChoices(state.values, conflict.current, conflict.fields, conflict.choices);
  const found = validateRecordForm(merged, conflict.status);
  const plan = { merged, current: conflict.current, status: conflict.status };
  return Object.keys(found).length > 0
    ? { kind: 'invalid', ...plan, summary: recordSummaryItems(found) }
    : { kind: 'save', ...plan };
}
