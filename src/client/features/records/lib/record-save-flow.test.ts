import { describe, expect, it } from 'vitest';
import { recordToFormValues } from './record-form-model.ts';
import {
  initialSaveState,
  isDirty,
  planAttempt,
  planConflictSave,
  recordSaveReducer,
  visibleErrors,
  type RecordSaveAction,
  type RecordSaveState,
} from './record-save-flow.ts';
import { VALID_FORM, wireRecord } from './test-fixtures.ts';

const run = (state: RecordSaveState, ...actions: RecordSaveAction[]) => actions.reduce(recordSaveReducer, state);
const adding = () => initialSaveState(VALID_FORM, undefined);
const editing = (status: 'draft' | 'submitted' = 'submitted') => {
  const record = wireRecord({ status });
  return initialSaveState(recordToFormValues(record), record);
};
const noWarnings = { editing: false, confirmed: false, hasWarnings: false };

describe('typing into the record form', () => {
  it('marks the form dirty, and clean again once the values match what was saved', () => {
    const typed = run(adding(), { type: 'setField', field: 'notes', value: 'x' });
    expect(isDirty(typed)).toBe(true);
    expect(isDirty(run(typed, { type: 'setField', field: 'notes', value: VALID_FORM.notes }))).toBe(false);
  });

  it('empties the program when the institution changes', () => {
    const next = run(adding(), { type: 'setField', field: 'institution_id', value: '4' });
    expect(next.values).toMatchObject({ institution_id: '4', program_id: '' });
  });

  it("drops the server's error on a field once it is changed, and keeps the others", () => {
    const failed = run(adding(), {
      type: 'saveFailed',
      failure: { kind: 'failed', duplicateId: null, fields: { notes: 'Too long', term: 'Bad term' }, other: [] },
    });
    const next = run(failed, { type: 'setField', field: 'notes', value: 'short' });
    expect(next.serverErrors).toEqual({ term: 'Bad term' });
  });

  it('forgets the duplicate when a field naming the record changes, not otherwise', () => {
    const duplicate = run(adding(), {
      type: 'saveFailed',
      failure: { kind: 'failed', duplicateId: 99, fields: {}, other: ['Exists'] },
    });
    expect(duplicate.duplicateId).toBe(99);
    expect(duplicate.summary).toEqual([]);
    expect(run(duplicate, { type: 'setField', field: 'notes', value: 'n' }).duplicateId).toBe(99);
    for (const field of ['fiscal_year', 'term', 'program_id'] as const) {
      expect(run(duplicate, { type: 'setField', field, value: '' }).duplicateId).toBeNull();
    }
  });
});

describe('a save attempt', () => {
  it('stops on the shared rules with a summary linking to each field', () => {
    const state = run(adding(), { type: 'setField', field: 'term', value: '' });
    const plan = planAttempt(state, 'submitted', noWarnings);
    expect(plan.kind).toBe('invalid');
    if (plan.kind === 'invalid') expect(plan.summary).toContainEqual({ message: expect.any(String), fieldId: 'record-term' });
  });

  it('shows the rules only after an attempt, then follows the typing', () => {
    const state = run(adding(), { type: 'setField', field: 'term', value: '' });
    expect(visibleErrors(state)).toEqual({});
    const tried = run(state, { type: 'attempt', status: 'submitted' });
    expect(visibleErrors(tried).term).toBeTruthy();
    expect(visibleErrors(run(tried, { type: 'setField', field: 'term', value: 'Fall' })).term).toBeUndefined();
  });

  it('keeps the summary true as fields are fixed: placed 150 → 120 quotes 120, and a fixed figure leaves it', () => {
    /** Tries to submit as the form's hook does: the attempt, then the rules' summary. */
    const submit = (state: RecordSaveState) => {
      const tried = run(state, { type: 'attempt', status: 'submitted' });
      const plan = planAttempt(tried, 'submitted', noWarnings);
      return plan.kind === 'invalid' ? run(tried, { type: 'invalid', summary: plan.summary }) : tried;
    };
    const summaryText = (state: RecordSaveState) => state.summary.map((item) => item.message).join(' | ');
    const at150 = submit(run(adding(), { type: 'setField', field: 'students_placed', value: 150 }));
    expect(at150.summary.length).toBeGreaterThanOrEqual(4);
    expect(summaryText(at150)).toContain('(150)');

    const at120 = run(at150, { type: 'setField', field: 'students_placed', value: 120 });
    expect(at120.summary).toHaveLength(at150.summary.length);
    expect(summaryText(at120)).toContain('(120)');
    expect(summaryText(at120)).not.toContain('150');
    // Following the typing is not a new attempt: the summary does not pull the focus out of the field.
    expect(at120.summaryAttempt).toBe(at150.summaryAttempt);

    const fixed = run(at120, { type: 'setField', field: 'students_placed', value: VALID_FORM.students_placed });
    expect(fixed.summary).toEqual([]);
    // Typing alone never brings it back: only the next attempt does.
    const again = run(fixed, { type: 'setField', field: 'students_placed', value: 150 });
    expect(again.summary).toEqual([]);
    expect(submit(again).summaryAttempt).toBe(at150.summaryAttempt + 1);
  });

  it('keeps the server’s other errors in the following summary, and drops a server field error once its field changes', () => {
    const failed = run(
      adding(),
      { type: 'attempt', status: 'draft' },
      {
        type: 'saveFailed',
        failure: { kind: 'failed', duplicateId: null, fields: { notes: 'Refused notes' }, other: ['The server said no'] },
      },
    );
    expect(failed.summary.map((i) => i.message)).toEqual(['Refused notes', 'The server said no']);
    const typed = run(failed, { type: 'setField', field: 'notes', value: 'better' });
    expect(typed.summary.map((i) => i.message)).toEqual(['The server said no']);
  });

  it('says nothing changed when editing with the same values and status, but saves a change of status', () => {
    expect(planAttempt(editing('submitted'), 'submitted', { ...noWarnings, editing: true }).kind).toBe('noChanges');
    expect(planAttempt(editing('submitted'), 'draft', { ...noWarnings, editing: true }).kind).toBe('save');
  });

  it('asks about outliers first, and saves once the question is answered', () => {
    const options = { editing: false, confirmed: false, hasWarnings: true };
    expect(planAttempt(adding(), 'submitted', options).kind).toBe('askOutliers');
    expect(planAttempt(adding(), 'submitted', { ...options, confirmed: true }).kind).toBe('save');
    const asking = run(adding(), { type: 'askOutliers', status: 'draft' });
    expect(asking.confirmingOutliers).toBe('draft');
    expect(run(asking, { type: 'closeOutliers' }).confirmingOutliers).toBeNull();
  });
});

describe('after a save', () => {
  it('shows the record as saved: clean, against its new version, errors and conflict gone', () => {
    const record = wireRecord({ version: 4, notes: 'Saved note' });
    const state = run(adding(), { type: 'attempt', status: 'submitted' }, { type: 'saveStarted' }, { type: 'saved', record });
    expect(state).toMatchObject({ saving: false, attempted: null, conflict: null, summary: [], serverErrors: {}, base: record });
    expect(state.values.notes).toBe('Saved note');
    expect(isDirty(state)).toBe(false);
  });

  it('keeps what was typed when the save fails, with the errors beside their fields and the rest in the summary', () => {
    const typed = run(adding(), { type: 'setField', field: 'notes', value: 'mine' }, { type: 'saveStarted' });
    const failed = run(typed, {
      type: 'saveFailed',
      failure: { kind: 'failed', duplicateId: null, fields: { notes: 'Too long' }, other: ['Try later'] },
    });
    expect(failed.values.notes).toBe('mine');
    expect(failed.saving).toBe(false);
    expect(failed.summary).toEqual([{ message: 'Too long', fieldId: 'record-notes' }, { message: 'Try later' }]);
  });
});

describe('a stale save', () => {
  const loaded = wireRecord({ version: 3 });
  const current = wireRecord({ version: 4, students_enrolled: 120, notes: 'Their note' });
  const mine = { ...recordToFormValues(loaded), students_enrolled: 110 as const };
  const stale = (state: RecordSaveState) =>
    run(state, {
      type: 'saveFailed',
      failure: { kind: 'stale', current, toSave: mine, against: loaded, status: 'submitted' },
    });
  const start = () =>
    run(initialSaveState(recordToFormValues(loaded), loaded), { type: 'setField', field: 'students_enrolled', value: 110 });

  it('opens the conflict with my changes kept and theirs taken by default', () => {
    const state = stale(start());
    expect(state.conflict?.choices).toEqual({ students_enrolled: 'mine', notes: 'theirs' });
    expect(state.summary).toEqual([]);
  });

  it('changes one choice or all of them', () => {
    const state = stale(start());
    expect(run(state, { type: 'choose', field: 'notes', choice: 'mine' }).conflict?.choices.notes).toBe('mine');
    expect(run(state, { type: 'chooseAll', choice: 'theirs' }).conflict?.choices).toEqual({
      students_enrolled: 'theirs',
      notes: 'theirs',
    });
    expect(run(adding(), { type: 'chooseAll', choice: 'theirs' }).conflict).toBeNull();
  });

  it('saves the chosen mix against the newer version', () => {
    const plan = planConflictSave(stale(start()));
    expect(plan).toMatchObject({ kind: 'save', current, status: 'submitted' });
    expect(plan?.merged).toMatchObject({ students_enrolled: 110, notes: 'Their note' });
    const merged = run(stale(start()), { type: 'conflictMerged', merged: plan!.merged, current });
    expect(merged.base).toBe(current);
  });

  it('shows where a mix breaks the rules, closing the conflict', () => {
    const broken = run(stale(start()), { type: 'setField', field: 'students_placed', value: '' });
    const plan = planConflictSave(broken);
    expect(plan?.kind).toBe('invalid');
    if (plan?.kind !== 'invalid') return;
    expect(plan.summary).toContainEqual({ message: expect.any(String), fieldId: 'record-students-placed' });
    const after = run(broken, { type: 'conflictInvalid', status: plan.status, summary: plan.summary });
    expect(after).toMatchObject({ conflict: null, attempted: 'submitted' });
  });

  it('has nothing to save without a conflict', () => {
    expect(planConflictSave(adding())).toBeNull();
  });
});
