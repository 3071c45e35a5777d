import type { ReturnState } from './reporting-cycle.ts';
import type { TermReturn } from './schemas/returns.ts';

/**
 * Timeliness on the completeness matrix (docs/reporting-cycle.md, "Timeliness"). The server judges each return from
 * its history (`on_time`: its first sign-off against the period's due date); these count the verdicts for the lines
 * and columns shown.
 */

/** An institution's on-time rate: returns signed off on time of the returns judged (null verdicts left out). */
export interface OnTimeRate {
  onTime: number;
  judged: number;
}

export function onTimeRate(returns: Iterable<Pick<TermReturn, 'on_time'>>): OnTimeRate {
  let onTime = 0;
  let judged = 0;
  for (const r of returns) {
    if (r.on_time === null) continue;
    judged++;
    if (r.on_time) onTime++;
  }
  return { onTime, judged };
}

/** The rate as a whole percentage, or null when no return is judged yet. */
export const ratePercent = (rate: OnTimeRate): number | null =>
  rate.judged === 0 ? null : Math.round((100 * rate.onTime) / rate.judged);

const SIGNED_OFF = new Set<ReturnState>(['submitted', 'approved']);

/** Whether a return stands signed off now (submitted or approved): what "19 of 25 submitted" counts. */
export const isSignedOff = (ret: Pick<TermReturn, 'state'>): boolean => SIGNED_OFF.has(ret.state);

/**
 * A period's line: "19 of 25 submitted, 17 on time": of its returns shown, those signed off now, and of those the
 * ones whose first sign-off was on time (so "on time" never exceeds "submitted"; a return sent back after an on-time
 * sign-off counts on time in its institution's rate, not in this line until it is signed off again).
 */
export function periodTimeliness(returns: readonly Pick<TermReturn, 'state' | 'on_time'>[]) {
  const done = returns.filter(isSignedOff);
  return { done: done.length, total: returns.length, onTime: done.filter((r) => r.on_time === true).length };
}
