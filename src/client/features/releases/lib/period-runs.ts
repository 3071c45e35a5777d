import { periodOrdinal, type PeriodKey } from '../../../../shared/term-calendar.ts';

/**
 * Periods as runs of consecutive terms, oldest first: a release of nine fiscal years reads as one run of 27 periods
 * instead of 27 names (the calendar listed them all, a wall of text on a phone). Duplicates count once.
 */
export function periodRuns<P extends PeriodKey>(periods: readonly P[]): P[][] {
  const sorted = [...new Map(periods.map((p) => [periodOrdinal(p), p])).entries()].sort(([a], [b]) => a - b);
  const runs: P[][] = [];
  let last = Number.NaN;
  for (const [ordinal, period] of sorted) {
    if (ordinal === last + 1) runs.at(-1)!.push(period);
    else runs.push([period]);
    last = ordinal;
  }
  return runs;
}
