import { TERMS } from '../../../../shared/constants.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';
import { isLockedReturnState, returnLockedMessage } from '../../../../shared/reporting-cycle.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';

/**
 * The record form's courtesy notice of the lock (docs/reporting-cycle.md "The lock"): while the return of the chosen
 * institution, fiscal year and term is submitted or approved, the form says so, in the words of the server's 409, and
 * does not offer to save. The server's refusal stays the real guard.
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
  state: 'submitted' | 'approved';
  /** The server's `return_locked` message: why, and who can unlock it. */
  message: string;
  /** When it was signed off (or approved) and by whom, from its history; null when the history does not say. */
  since: { at: string; by: string | null } | null;
}

/** The notice for a return, or null when there is none or its records may change. */
export function lockNoticeOf(ret: TermReturn | null | undefined): LockNotice | null {
  if (!ret || !isLockedReturnState(ret.state)) return null;
  const state = ret.state as LockNotice['state'];
  const event = ret.history.findLast((e) => e.to_state === state);
  return {
    returnId: ret.id,
    state,
    message: returnLockedMessage(ret.institution_name, ret.fiscal_year, ret.term, state),
    since: event ? { at: event.at, by: event.user_name } : null,
  };
}
