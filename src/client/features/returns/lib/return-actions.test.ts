import { describe, expect, it } from 'vitest';
import { NO_PRIVILEGES, type Privileges } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { asksReason, availableReturnActions, dueAgainProblem, missingSubmissions, noActionsText } from './return-actions.ts';

const RET = { institution_id: 7, institution_name: 'UVic', expected: 3, reported: 2, submitted: 1 } as TermReturn;
const withState = (state: TermReturn['state'], counts: Partial<TermReturn> = {}): TermReturn => ({ ...RET, state, ...counts });

const APP_ADMIN: Privileges = { ...NO_PRIVILEGES, glblAdmin: true };
const INST_ADMIN: Privileges = { ...NO_PRIVILEGES, admin: [7] };
const OTHER_ADMIN: Privileges = { ...NO_PRIVILEGES, admin: [8] };
const WRITER: Privileges = { ...NO_PRIVILEGES, write: [7] };

describe('the actions offered on a return', () => {
  it('offers the institution admin zero records while a program has none, and sign-off once all are submitted', () => {
    expect(availableReturnActions(withState('in progress'), INST_ADMIN)).toEqual(['fill-zeros']);
    expect(availableReturnActions(withState('reopened', { reported: 3, submitted: 3 }), INST_ADMIN)).toEqual(['submit']);
    expect(availableReturnActions(withState('not started', { reported: 0, submitted: 0 }), INST_ADMIN)).toEqual(['fill-zeros']);
  });

  it('offers nothing to writers, to admins of another institution, or on a locked return to the institution', () => {
    expect(availableReturnActions(withState('in progress', { submitted: 3, reported: 3 }), WRITER)).toEqual([]);
    expect(availableReturnActions(withState('in progress'), OTHER_ADMIN)).toEqual([]);
    expect(availableReturnActions(withState('submitted'), INST_ADMIN)).toEqual([]);
  });

  it('offers the app admin approve and send back on a submitted return, reopen on an approved one', () => {
    expect(availableReturnActions(withState('submitted'), APP_ADMIN)).toEqual(['approve', 'send-back']);
    expect(availableReturnActions(withState('approved'), APP_ADMIN)).toEqual(['reopen']);
    expect(availableReturnActions(withState('in progress', { submitted: 3, reported: 3 }), APP_ADMIN)).toEqual(['submit']);
  });

  it('counts the programs without a submitted record', () => {
    expect(missingSubmissions({ expected: 3, submitted: 1 })).toBe(2);
    expect(missingSubmissions({ expected: 0, submitted: 0 })).toBe(0);
  });
});

describe('when the dialog asks why', () => {
  it('always to send back or reopen; to zero-fill or sign off only when an app admin acts for another institution', () => {
    const BOTH: Privileges = { ...NO_PRIVILEGES, glblAdmin: true, admin: [7] };
    const asked = (privileges: Privileges) =>
      (['fill-zeros', 'submit', 'approve', 'send-back', 'reopen'] as const).filter((a) => asksReason(a, 7, privileges));
    expect(asked(APP_ADMIN)).toEqual(['fill-zeros', 'submit', 'send-back', 'reopen']);
    expect(asked(BOTH)).toEqual(['send-back', 'reopen']);
    expect(asked(INST_ADMIN)).toEqual(['send-back', 'reopen']);
  });
});

describe('what the return page says where no action button stands', () => {
  const READER: Privileges = { ...NO_PRIVILEGES, read: [7] };
  it('tells each person what happens next and who does it, never "nothing you can do"', () => {
    expect(noActionsText(withState('in progress'), WRITER)).toMatch(
      /^Enter and submit a record for every expected program; then an admin of UVic signs/,
    );
    expect(noActionsText(withState('in progress', { submitted: 3, reported: 3 }), WRITER)).toMatch(
      /^Every expected program has a submitted record: an admin of UVic can now sign the return off/,
    );
    expect(noActionsText(withState('reopened', { reported: 3 }), INST_ADMIN)).toMatch(/^Submit the drafts/);
    expect(noActionsText(withState('in progress'), READER)).toBe(
      'You may read this return; entering its figures needs write access to UVic.',
    );
    expect(noActionsText(withState('submitted', { submitted: 3 }), WRITER)).toMatch(
      /waits for approval by an application administrator/,
    );
    expect(noActionsText(withState('approved', { submitted: 3 }), INST_ADMIN)).toMatch(
      /only an application administrator can reopen it/,
    );
  });

  it('is said only where the person has no action: every open state of a writer, every state of a reader', () => {
    for (const state of ['not started', 'in progress', 'reopened', 'submitted', 'approved'] as const) {
      expect(availableReturnActions(withState(state), WRITER)).toEqual([]);
      expect(availableReturnActions(withState(state), READER)).toEqual([]);
      expect(noActionsText(withState(state), WRITER)).not.toMatch(/nothing/i);
    }
  });
});

describe('the new due date of a send-back or reopening, as the dialog checks it', () => {
  it('refuses no day, a past day, and a day before the period’s due date, by the server’s rule', () => {
    expect(dueAgainProblem('', '2026-11-29', '2027-01-31')).toBe('Choose today or a later day');
    expect(dueAgainProblem('2026-11-28', '2026-11-29', '2026-09-30')).toBe('Choose today or a later day');
    expect(dueAgainProblem('2026-12-13', '2026-11-29', '2027-01-31')).toBe('Choose Jan 31, 2027 or a later day');
    expect(dueAgainProblem('2027-01-31', '2026-11-29', '2027-01-31')).toBeNull();
    expect(dueAgainProblem('2026-11-29', '2026-11-29', '2026-09-30')).toBeNull(); // past due: today will do
  });
});
