import { TERMS, type Term } from './constants.ts';
import { bcDayOf } from './bc-time.ts';
import { fiscalYearOf } from './record-rules.ts';

/**
 * The term calendar of docs/product.md §4.3 as dates, and the default dates of a reporting period (docs/reporting-cycle.md).
 * A B.C. fiscal year runs April to March; its terms are Summer (May–August) and Fall (September–December) of the year
 * it starts in, and Spring (January–April) of the next. Dates are ISO calendar dates (`2025-09-30`): a period's dates
 * are days in B.C., not instants.
 */

/** The first and last month (1–12) of each term, and how many years after the fiscal year's start it falls. */
const TERM_MONTHS: Record<Term, { first: number; last: number; yearOffset: number }> = {
  Summer: { first: 5, last: 8, yearOffset: 0 },
  Fall: { first: 9, last: 12, yearOffset: 0 },
  Spring: { first: 1, last: 4, yearOffset: 1 },
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
/** The last day of a month (1–12); month 13 is January of the next year. */
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar year a fiscal year (`2025/26`) starts in. */
export const fiscalYearStart = (fiscalYear: string): number => Number(fiscalYear.slice(0, 4));

/** The first and last day of a term. */
export function termDates(fiscalYear: string, term: Term): { starts_on: string; ends_on: string } {
  const { first, last, yearOffset } = TERM_MONTHS[term];
  const year = fiscalYearStart(fiscalYear) + yearOffset;
  return { starts_on: isoDate(year, first, 1), ends_on: isoDate(year, last, lastDayOf(year, last)) };
}

/**
 * A reporting period's dates when an app admin gives none: it opens on the term's first day (figures are entered as
 * placements are confirmed) and returns are due on the last day of the month after the term ends (Summer → 30
 * September, Fall → 31 January, Spring → 31 May): a full month to finish the figures once the term is over.
 */
export function defaultPeriodDates(fiscalYear: string, term: Term): { opens_on: string; due_on: string } {
  const { first, last, yearOffset } = TERM_MONTHS[term];
  const year = fiscalYearStart(fiscalYear) + yearOffset;
  const dueMonth = last === 12 ? 1 : last + 1;
  const dueYear = last === 12 ? year + 1 : year;
  return { opens_on: isoDate(year, first, 1), due_on: isoDate(dueYear, dueMonth, lastDayOf(dueYear, dueMonth)) };
}

/** The period after a fiscal year and term (Spring is followed by the next fiscal year's Summer). */
export function nextTerm(fiscalYear: string, term: Term): { fiscal_year: string; term: Term } {
  const index = TERMS.indexOf(term);
  if (index < TERMS.length - 1) return { fiscal_year: fiscalYear, term: TERMS[index + 1]! };
  return { fiscal_year: fiscalYearOf(fiscalYearStart(fiscalYear) + 1), term: TERMS[0] };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a text is a real calendar date written `YYYY-MM-DD` (not 2025-02-30), in the years 0001 to 9999: four
 * digits hold no later year, and PostgreSQL has no year 0 (it refused `0000-05-01` as out of range, a 500).
 */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= lastDayOf(year, month);
}

/**
 * The years a reporting period's dates, and a return's new due date, may fall in: any real term's, and far enough
 * inside the dates that can be written (four-digit years; PostgreSQL has no year 0) that a date worked out from them,
 * such as a release up to a year after a due date, is a date too. A period of 9999/00 gave one in the year 10000.
 */
export const PERIOD_YEARS = { first: 1900, last: 2999 } as const;

/** Whether a text is a real date (`isIsoDate`) in PERIOD_YEARS. */
export function isPeriodDay(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return isIsoDate(text) && year >= PERIOD_YEARS.first && year <= PERIOD_YEARS.last;
}

/** Today's date in B.C. as an ISO calendar date (`2026-03-31`): the province's day, whatever the computer's zone. */
export const bcToday = (now: Date = new Date()): string => bcDayOf(now.getTime());

/** The fiscal year an ISO day falls in: 1 April starts a new one (`2026-03-31` → 2025/26, `2026-04-01` → 2026/27). */
export function fiscalYearOfDay(isoDay: string): string {
  const year = Number(isoDay.slice(0, 4));
  return fiscalYearOf(Number(isoDay.slice(5, 7)) >= 4 ? year : year - 1);
}

/** The fiscal year B.C. is in now: the newest one any list offers, since a later one has not started. */
export function currentFiscalYear(now: Date = new Date()): string {
  return fiscalYearOfDay(bcToday(now));
}

/** A reporting period's identity: one fiscal year × term. */
export interface PeriodKey {
  fiscal_year: string;
  term: Term;
}

/** The term a B.C. day falls in (`2026-04-15` → Spring 2025/26: Spring runs January–April of the fiscal year's end). */
export function termOfDay(isoDay: string): PeriodKey {
  const month = Number(isoDay.slice(5, 7));
  const term = TERMS.find((t) => TERM_MONTHS[t].first <= month && month <= TERM_MONTHS[t].last)!;
  return { fiscal_year: fiscalYearOf(Number(isoDay.slice(0, 4)) - TERM_MONTHS[term].yearOffset), term };
}

/** A period as people name it: "Fall 2026/27". */
export const periodName = (period: { fiscal_year: string; term: string }): string => `${period.term} ${period.fiscal_year}`;

/** A period's place in time: comparable, and one apart from the next term (Spring 2025/26 → Summer 2026/27). */
export const periodOrdinal = (key: PeriodKey): number =>
  fiscalYearStart(key.fiscal_year) * TERMS.length + TERMS.indexOf(key.term);
/**
 * Periods newest first: by fiscal year, then term in fiscal-year order (Spring, Fall, Summer). `keyOf` names the period
 * of items that spell it otherwise.
 */
export function newestFirst<P extends PeriodKey>(periods: readonly P[]): P[];
export function newestFirst<T>(items: readonly T[], keyOf: (item: T) => PeriodKey): T[];
export function newestFirst<T>(items: readonly T[], keyOf?: (item: T) => PeriodKey): T[] {
  const key = keyOf ?? ((item: T) => item as PeriodKey);
  return [...items].sort((a, b) => periodOrdinal(key(b)) - periodOrdinal(key(a)));
}
const periodAt = (ordinal: number): PeriodKey => ({
  fiscal_year: fiscalYearOf(Math.floor(ordinal / TERMS.length)),
  term: TERMS[((ordinal % TERMS.length) + TERMS.length) % TERMS.length]!,
});

/**
 * The periods that should exist on a B.C. day (docs/reporting-cycle.md, "Periods open themselves"): every fiscal year
 * × term from `earliest` (the oldest period there is) through the term after today's, oldest first; with no period
 * yet, today's term and the next. The next term exists ahead of time so institutions see it coming. Nothing before
 * `earliest` is asked for: the province chose where its collection starts.
 */
export function periodsThatShouldExist(today: string, earliest: PeriodKey | null): PeriodKey[] {
  const current = periodOrdinal(termOfDay(today));
  const first = earliest === null ? current : periodOrdinal(earliest);
  const periods: PeriodKey[] = [];
  for (let n = first; n <= current + 1; n++) periods.push(periodAt(n));
  return periods;
}

/**
 * The term whose returns are due next on a B.C. day, by the default dates: of the periods opened and not yet past
 * their due date, the one due soonest (in January it is still the Fall term, due 31 January; from February the
 * Spring term). Every day has one, because a term opens before the one before it is due.
 */
export function termDueNext(today: string): PeriodKey {
  const ofDay = periodOrdinal(termOfDay(today));
  for (let n = ofDay - 1; n <= ofDay; n++) {
    const key = periodAt(n);
    const { opens_on, due_on } = defaultPeriodDates(key.fiscal_year, key.term);
    if (opens_on <= today && today <= due_on) return key;
  }
  throw new Error(`No term is due next on ${today}`);
}

/** The period before a fiscal year and term (Summer is preceded by the previous fiscal year's Spring). */
export const previousTerm = (key: PeriodKey): PeriodKey => periodAt(periodOrdinal(key) - 1);

/** An instant on a B.C. day (its early afternoon, whether or not daylight time): for a clock pinned to a day. */
export const middayInBc = (isoDay: string): Date => new Date(`${isoDay}T20:00:00Z`);
