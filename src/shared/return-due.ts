import { isOpenReturnState, type ReturnState } from './reporting-cycle.ts';

/**
 * A return's due date once it was sent back or reopened (issue 30). The period's due date has usually passed by then,
 * so the return would be overdue the moment it opens again; instead the app admin gives it a new one, two weeks from
 * today unless they choose another (not in the past). Days are B.C. days (ISO calendar dates), as in term-calendar.ts.
 */

/** Days the institution is given by default to correct and sign off again. */
export const DUE_AGAIN_DAYS = 14;

/** An ISO day plus some days (calendar arithmetic in UTC, so no daylight-saving hour moves a day). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * The default new due date: two weeks from today, or the period's own due date when that is later (a return sent back
 * before the period is due keeps the time everyone else has: decision 032). The dialog prefills it and the server
 * takes it when none is sent: this one function for both.
 */
export function defaultDueAgainOn(today: string, periodDueOn: string): string {
  return later(addDays(today, DUE_AGAIN_DAYS), periodDueOn);
}

/**
 * The earliest new due date an app admin may choose: today, and never before the period's own due date (a return sent
 * back is never due before every other institution's).
 */
export const earliestDueAgainOn = (today: string, periodDueOn: string): string => later(today, periodDueOn);

/**
 * The day a return is due: its own once it has one, but never before its period's, so a period's due date moved later
 * on the Periods screen moves a sent-back return's with it (the server's SQL says the same: returns.repo.ts).
 */
export const returnDueOn = (ret: { due_on: string; due_again_on: string | null }): string =>
  ret.due_again_on === null ? ret.due_on : later(ret.due_again_on, ret.due_on);

/** Overdue from the day after the due date (a B.C. day) until signed off: the same rule as the server's SQL. */
export const isPastDue = (dueOn: string, today: string): boolean => dueOn < today;

/** The 400 of a new due date before today. */
export const DUE_AGAIN_IN_PAST = 'Due again on cannot be in the past: choose today or a later day';

/** The 400 of a new due date before the period's own. */
export const DUE_AGAIN_BEFORE_PERIOD = 'Due again on cannot be before the period’s due date: choose that day or a later one';

/**
 * The return's own due date to show ("Due again on …") instead of "Overdue": set by a send-back or reopening, while the
 * return is still owed and that date has not passed. Past it the return is overdue again and says so. The matrix and
 * its download both show it (decision 032).
 */
export function dueAgainShown(ret: { state: ReturnState; due_again_on: string | null; overdue: boolean }): string | null {
  // Only while the institution still owes the return (an open one) does a new due date matter.
  if (ret.due_again_on === null || ret.overdue || !isOpenReturnState(ret.state)) return null;
  return ret.due_again_on;
}
