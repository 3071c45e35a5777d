import type { Period } from '../../../../shared/schemas/returns.ts';
import { newestFirst, nextTerm, periodName, termOfDay, type PeriodKey } from '../../../../shared/term-calendar.ts';

/** Where a period stands on a B.C. day: not opened yet, open, due within two weeks, or past its due date. */
export type PeriodState = 'upcoming' | 'open' | 'due soon' | 'past due';

/** "Due soon" starts this many days before the due date: time to chase a return before it is late. */
export const DUE_SOON_DAYS = 14;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export function periodState(period: Pick<Period, 'opens_on' | 'due_on'>, today: string): PeriodState {
  if (today < period.opens_on) return 'upcoming';
  if (today > period.due_on) return 'past due';
  return daysBetween(today, period.due_on) <= DUE_SOON_DAYS ? 'due soon' : 'open';
}

export { newestFirst, periodName };

/**
 * The period "Add a period" offers first: the one after the newest there is (the next to come, as the term after
 * today's already exists); with none, today's term. The form once offered Fall of the current year, which always exists.
 */
export function periodToAdd(periods: readonly PeriodKey[], today: string): PeriodKey {
  const newest = newestFirst(periods)[0];
  return newest ? nextTerm(newest.fiscal_year, newest.term) : termOfDay(today);
}
