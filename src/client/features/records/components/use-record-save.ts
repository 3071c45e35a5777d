import { useReducer } from 'react';
import { useNavigate } from 'react-router';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { notify } from '../../../lib/notifications.ts';
import { serverFormErrors } from '../../../ui/form-errors.ts';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes.tsx';
import { duplicateRecordId } from '../api/create-record.ts';
import { staleSaveCurrent } from '../api/update-record.ts';
import type { ConflictChoice } from '../lib/conflict.ts';
import {
  RECORD_FORM_FIELD_NAMES,
  type RecordFormField,
  type RecordFormValues,
  type RecordStatus,
} from '../lib/record-form-model.ts';
import {
  initialSaveState,
  isDirty,
  planAttempt,
  planConflictSave,
  recordSaveReducer,
  visibleErrors,
  type SaveFailure,
} from '../lib/record-save-flow.ts';
import { RECORD_UI } from '../messages.ts';

/** What a successful save leads to: another page (with its history state), or the form showing the record as saved. */
export type RecordSaveResult = { navigateTo: string; state?: unknown } | { saved: RecordWire };

export interface RecordSaveOptions {
  initialValues: RecordFormValues;
  record: RecordWire | undefined;
  onSave: (values: RecordFormValues, status: RecordStatus, base: RecordWire | undefined) => Promise<RecordSaveResult>;
  onStale?: (current: RecordWire) => void;
}

/** Reads a failed save's error: a stale version (when saving against one), or field errors and perhaps a duplicate. */
function readFailure(
  error: unknown,
  toSave: RecordFormValues,
  against: RecordWire | undefined,
  status: RecordStatus,
): SaveFailure {
  const current = staleSaveCurrent(error);
  if (current && against) return { kind: 'stale', current, toSave, against, status };
  return { kind: 'failed', duplicateId: duplicateRecordId(error), ...serverFormErrors(error, RECORD_FORM_FIELD_NAMES) };
}

/**
 * The record form's save, conflict and outlier flow (see record-save-flow.ts): the state, the errors to show, and the
 * actions the form's buttons and dialogs call. A failed save keeps everything typed.
 */
export function useRecordSave({ initialValues, record, onSave, onStale }: RecordSaveOptions) {
  const navigate = useNavigate();
  const editing = record !== undefined;
  const [state, dispatch] = useReducer(recordSaveReducer, undefined, () => initialSaveState(initialValues, record));
  const dirty = isDirty(state);
  const guard = useUnsavedChangesGuard(dirty);

  async function save(status: RecordStatus, toSave: RecordFormValues, against: RecordWire | undefined) {
    dispatch({ type: 'saveStarted' });
    try {
      const result = await onSave(toSave, status, against);
      dispatch({ type: 'saved', record: 'saved' in result ? result.saved : null });
      if ('navigateTo' in result) {
        guard.allowNavigation();
        void navigate(result.navigateTo, { state: result.state });
      }
    } catch (error) {
      const failure = readFailure(error, toSave, against, status);
      dispatch({ type: 'saveFailed', failure });
      if (failure.kind === 'stale') onStale?.(failure.current);
      // The toast names the reason when it is known; the form's summary (or the duplicate's link) takes focus.
      else if (failure.duplicateId !== null) notify({ level: 'error', message: RECORD_UI.duplicate.title });
      else notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Checks with the shared rules, asks about outliers (unless `confirmed`), then saves. */
  function attempt(status: RecordStatus, hasWarnings: boolean, confirmed = false) {
    dispatch({ type: 'attempt', status });
    const plan = planAttempt(state, status, { editing, confirmed, hasWarnings });
    if (plan.kind === 'invalid') dispatch({ type: 'invalid', summary: plan.summary });
    else if (plan.kind === 'noChanges') {
      dispatch({ type: 'noChanges' });
      notify({ level: 'info', message: RECORD_UI.toast.noChanges });
    } else if (plan.kind === 'askOutliers') dispatch({ type: 'askOutliers', status });
    else void save(status, state.values, state.base);
  }

  function saveConflict() {
    const plan = planConflictSave(state);
    if (!plan) return;
    dispatch({ type: 'conflictMerged', merged: plan.merged, current: plan.current });
    if (plan.kind === 'invalid') dispatch({ type: 'conflictInvalid', status: plan.status, summary: plan.summary });
    else void save(plan.status, plan.merged, plan.current);
  }

  return {
    state,
    editing,
    guard,
    errors: visibleErrors(state),
    setField: <F extends RecordFormField>(field: F, value: RecordFormValues[F]) => dispatch({ type: 'setField', field, value }),
    attempt,
    saveConflict,
    choose: (field: string, choice: ConflictChoice) => dispatch({ type: 'choose', field, choice }),
    chooseAll: (choice: ConflictChoice) => dispatch({ type: 'chooseAll', choice }),
    closeOutliers: () => dispatch({ type: 'closeOutliers' }),
  };
}
