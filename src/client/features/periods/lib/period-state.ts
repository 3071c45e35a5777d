import type { Period } from '../../../../shared/schemas/returns.ts';

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

const TERM_ORDER = { Summer: 0, Fall: 1, Spring: 2 } as const;

/** Newest first: by fiscal year, then term in fiscal-year order (Spring, Fall, Summer). */
export function newestFirst(periods: readonly Period[]): Period[] {
  return [...periods].sort((a, b) => b.fiscal_year.localeCompare(a.fiscal_year) || TERM_ORDER[b.term] - TERM_ORDER[a.term]);
}

/** "Fall 2026/27". */
export const periodName = (period: Pick<Period, 'fiscal_year' | 'term'>): string => `${period.term} ${period.fiscal_year}`;
