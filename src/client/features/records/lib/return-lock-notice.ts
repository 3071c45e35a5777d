import { TERMS } from '../../../../shared/constants.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import { canDecideReturns, canSignOffReturn } from '../../../../shared/permissions.ts';
import {
  isLockedReturnState,
  RETURN_TRANSITIONS,
  returnLockedMessage,
  type ReturnActor,
} from '../../../../shared/reporting-cycle.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';

/**
 * The record form's courtesy notice of the lock (docs/reporting-cycle.md "The lock"): while the return of the chosen
 * institution, fiscal year and term is submitted or approved, the form says so, in the words of the server's 409, and
 * shows the record read-only. The server's refusal stays the real guard.
 */

export interface ReturnTermKey {
  institutionId: number;
  fiscalYear: string;
  term: string;
}

/** The return key of the form's values, or null until an institution, a well-written fiscal year and a term are chosen. */
export function returnTermKey(values: { institution_id: string; fiscal_year: string; term: string }): ReturnTermKey | null {
  const institutionId = Number(values.institution_id);
  if (!Number.isInteger(institutionId) || institutionId <= 0) return null;
  if (!values.fiscal_year || fiscalYearError(values.fiscal_year)) return null;
  if (!(TERMS as readonly string[]).includes(values.term)) return null;
  return { institutionId, fiscalYear: values.fiscal_year, term: values.term };
}

export interface LockNotice {
  returnId: number;
  institutionId: number;
  state: 'submitted' | 'approved';
  /** The server's `return_locked` message: why, and who can unlock it. */
  message: string;
  /** When it was signed off (or approved) and by whom, from its history; null when the history does not say. */
  since: { at: string; by: string | null } | null;
  /** What unlocks it (sending a submitted return back, reopening an approved one) and who may do that. */
  unlock: { action: UnlockAction; who: ReturnActor };
}

export type UnlockAction = 'send-back' | 'reopen';

/** The notice for a return, or null when there is none or its records may change. */
export function lockNoticeOf(ret: TermReturn | null | undefined): LockNotice | null {
  if (!ret || !isLockedReturnState(ret.state)) return null;
  const state = ret.state as LockNotice['state'];
  const event = ret.history.findLast((e) => e.to_state === state);
  const action: UnlockAction = state === 'submitted' ? 'send-back' : 'reopen';
  return {
    returnId: ret.id,
    institutionId: ret.institution_id,
    state,
    message: returnLockedMessage(ret.institution_name, ret.fiscal_year, ret.term, state),
    since: event ? { at: event.at, by: event.user_name } : null,
    unlock: { action, who: RETURN_TRANSITIONS[action].who },
  };
}

/** Whether this person may unlock the return themselves (then the notice says so, rather than whom to ask). */
export function mayUnlock(notice: LockNotice, privileges: Privileges): boolean {
  return notice.unlock.who === 'app admin' ? canDecideReturns(privileges) : canSignOffReturn(privileges, notice.institutionId);
}
