import { formatBcDate } from '../../../../shared/bc-time.ts';
import { fiscalYearOf } from '../../../../shared/record-rules.ts';
import { bcToday, fiscalYearOfDay, fiscalYearStart } from '../../../../shared/term-calendar.ts';

const counts = new Intl.NumberFormat('en-CA');
/** `12345` → `12,345`; null (not entered yet) stays null. */
export function formatCount(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : counts.format(value);
}

/** An ISO time as a date in B.C. (decision 045): `2026-11-23T06:30:00.000Z` → `Nov 22, 2026`. */
export function formatUpdated(iso: string): string {
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? iso : formatBcDate(ms);
}

/** The fiscal year a moment falls in, by B.C.'s calendar: 1 April starts a new one. */
export function fiscalYearOfDate(day: Date): string {
  return fiscalYearOfDay(bcToday(day));
}

const FIRST_LISTED_YEAR = 2000;

/**
 * Fiscal years to choose from, newest first: from the current one (a later one has not started, so holds nothing)
 * back to 2000/01, plus any other (valid) year a URL already holds, so a shared search shows what it asks for.
 */
export function fiscalYearChoices(today: Date, keep: readonly (string | undefined)[] = []): string[] {
  const last = fiscalYearStart(fiscalYearOfDate(today));
  const years = new Set<string>();
  for (let y = last; y >= FIRST_LISTED_YEAR; y--) years.add(fiscalYearOf(y));
  for (const year of keep) if (year) years.add(year);
  return [...years].sort((a, b) => b.localeCompare(a));
}
