import { fiscalYearOf } from '../../shared/record-rules.ts';
import {
  bcToday,
  fiscalYearOfDay,
  fiscalYearStart,
  periodOrdinal,
  periodsThatShouldExist,
  previousTerm,
  termDueNext,
  type PeriodKey,
} from '../../shared/term-calendar.ts';

/** How many fiscal years of records the demo holds, the last being the one it is seeded in. */
export const DEMO_YEARS = 10;

/**
 * Where the demo's story stands on the day it is seeded (docs/reporting-cycle.md, "The demo's story"): ten fiscal
 * years ending with the current one; every period the periods job would have opened by then; records through the term
 * due next. Worked out from the day alone, so a demo seeded on any day tells the same story around it.
 */
export interface DemoTimeline {
  /** The B.C. day the demo is seeded as of. */
  today: string;
  /** The first and last fiscal years, by the calendar year they start in. */
  firstYear: number;
  lastYear: number;
  /** Every seeded period, oldest first: from the first year's Summer through the term after today's. */
  periods: PeriodKey[];
  /** The open period due soonest: mostly submitted, some institutions in progress, one not started. */
  dueNext: PeriodKey;
  /** The term before it, past its due date: two institutions overdue, the rest submitted. */
  pastDue: PeriodKey;
  /** Every period up to this one is approved. */
  approvedThrough: PeriodKey;
  /** The approved return reopened, corrected and approved again: the last Fall term before the past-due one. */
  reopened: PeriodKey;
}

export function demoTimeline(now: Date): DemoTimeline {
  const today = bcToday(now);
  const lastYear = fiscalYearStart(fiscalYearOfDay(today));
  const firstYear = lastYear - DEMO_YEARS + 1;
  const dueNext = termDueNext(today);
  const pastDue = previousTerm(dueNext);
  const approvedThrough = previousTerm(pastDue);
  let reopened = approvedThrough;
  while (reopened.term !== 'Fall') reopened = previousTerm(reopened);
  const periods = periodsThatShouldExist(today, { fiscal_year: fiscalYearOf(firstYear), term: 'Summer' });
  return { today, firstYear, lastYear, periods, dueNext, pastDue, approvedThrough, reopened };
}

/** Whether a period comes after another (later in time). */
export const isAfter = (a: PeriodKey, b: PeriodKey): boolean => periodOrdinal(a) > periodOrdinal(b);
export const samePeriod = (a: PeriodKey, b: { fiscal_year: string; term: string }): boolean =>
  a.fiscal_year === b.fiscal_year && a.term === b.term;
