import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS } from './constants.ts';
import { fiscalYearOf } from './record-rules.ts';
import {
  bcToday,
  currentFiscalYear,
  defaultPeriodDates,
  fiscalYearOfDay,
  isIsoDate,
  isPeriodDay,
  nextTerm,
  periodOrdinal,
  periodsThatShouldExist,
  previousTerm,
  termDates,
  termDueNext,
  termOfDay,
} from './term-calendar.ts';

describe('the term calendar (docs/product.md §4.3)', () => {
  it('places each term of a fiscal year in its months', () => {
    expect(termDates('2024/25', 'Summer')).toEqual({ starts_on: '2024-05-01', ends_on: '2024-08-31' });
    expect(termDates('2024/25', 'Fall')).toEqual({ starts_on: '2024-09-01', ends_on: '2024-12-31' });
    expect(termDates('2024/25', 'Spring')).toEqual({ starts_on: '2025-01-01', ends_on: '2025-04-30' });
  });

  it('opens a period on its term’s first day and makes it due on the last day of the month after the term', () => {
    expect(defaultPeriodDates('2025/26', 'Summer')).toEqual({ opens_on: '2025-05-01', due_on: '2025-09-30' });
    expect(defaultPeriodDates('2025/26', 'Fall')).toEqual({ opens_on: '2025-09-01', due_on: '2026-01-31' });
    expect(defaultPeriodDates('2025/26', 'Spring')).toEqual({ opens_on: '2026-01-01', due_on: '2026-05-31' });
    expect(defaultPeriodDates('1999/00', 'Fall')).toEqual({ opens_on: '1999-09-01', due_on: '2000-01-31' });
  });

  it('always dates a period after its term ends, with a real date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2998 }), fc.constantFrom(...TERMS), (year, term) => {
        const fiscalYear = fiscalYearOf(year);
        const { opens_on, due_on } = defaultPeriodDates(fiscalYear, term);
        const { starts_on, ends_on } = termDates(fiscalYear, term);
        expect(opens_on).toBe(starts_on);
        expect(due_on > ends_on).toBe(true);
        expect([opens_on, due_on].every(isIsoDate)).toBe(true);
      }),
    );
  });

  it('follows Spring with the next fiscal year’s Summer', () => {
    expect(nextTerm('2025/26', 'Summer')).toEqual({ fiscal_year: '2025/26', term: 'Fall' });
    expect(nextTerm('2025/26', 'Fall')).toEqual({ fiscal_year: '2025/26', term: 'Spring' });
    expect(nextTerm('2025/26', 'Spring')).toEqual({ fiscal_year: '2026/27', term: 'Summer' });
    expect(nextTerm('1999/00', 'Spring')).toEqual({ fiscal_year: '2000/01', term: 'Summer' });
  });

  it('keeps a period’s dates in the years 1900 to 2999', () => {
    expect(['1900-01-01', '2999-12-31', '2026-02-28'].every(isPeriodDay)).toBe(true);
    expect(['1899-12-31', '3000-01-01', '0000-05-01', '10000-01-31', '2999-02-29'].some(isPeriodDay)).toBe(false);
  });

  it('tells real dates from lookalikes', () => {
    expect(['2024-02-29', '2025-12-31', '2000-02-29', '0001-01-01', '0004-02-29', '9999-12-31'].every(isIsoDate)).toBe(true);
    expect(
      [
        '2025-02-29',
        '1900-02-29',
        '0000-01-01',
        '0000-02-29',
        '10000-01-01',
        '2025-13-01',
        '2025-00-10',
        '2025-1-01',
        '25-01-01',
        '2025-01-01T00:00',
        '',
      ].some(isIsoDate),
    ).toBe(false);
  });
});

describe("B.C.'s calendar", () => {
  it("reads today in B.C., not in the computer's time zone", () => {
    expect(bcToday(new Date('2026-04-01T06:59:00Z'))).toBe('2026-03-31');
    expect(bcToday(new Date('2026-04-01T07:00:00Z'))).toBe('2026-04-01');
  });

  it('starts a fiscal year on 1 April in B.C.', () => {
    expect(fiscalYearOfDay('2026-03-31')).toBe('2025/26');
    expect(fiscalYearOfDay('2026-04-01')).toBe('2026/27');
    expect(currentFiscalYear(new Date('2026-04-01T06:59:00Z'))).toBe('2025/26');
    expect(currentFiscalYear(new Date('2026-04-01T07:00:00Z'))).toBe('2026/27');
  });
});

describe('which periods should exist on a day (periods open themselves)', () => {
  // Instants from 1990 to 2100: the B.C. day is what counts, whatever the UTC date of the instant.
  const instant = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
  const day = instant.map((d) => bcToday(d));
  const key = fc.record({ fiscal_year: fc.integer({ min: 1985, max: 2100 }).map(fiscalYearOf), term: fc.constantFrom(...TERMS) });
  const inTerm = (isoDay: string, k: { fiscal_year: string; term: (typeof TERMS)[number] }) => {
    const { starts_on, ends_on } = termDates(k.fiscal_year, k.term);
    return starts_on <= isoDay && isoDay <= ends_on;
  };

  it('places a day in its term, around the fiscal year’s and the terms’ boundaries', () => {
    expect(termOfDay('2026-03-31')).toEqual({ fiscal_year: '2025/26', term: 'Spring' });
    // 1 April starts the fiscal year 2026/27, but the Spring term of 2025/26 runs to the end of April.
    expect(termOfDay('2026-04-01')).toEqual({ fiscal_year: '2025/26', term: 'Spring' });
    expect(fiscalYearOfDay('2026-04-01')).toBe('2026/27');
    expect(termOfDay('2026-04-30')).toEqual({ fiscal_year: '2025/26', term: 'Spring' });
    expect(termOfDay('2026-05-01')).toEqual({ fiscal_year: '2026/27', term: 'Summer' });
    expect(termOfDay('2026-08-31')).toEqual({ fiscal_year: '2026/27', term: 'Summer' });
    expect(termOfDay('2026-09-01')).toEqual({ fiscal_year: '2026/27', term: 'Fall' });
    expect(termOfDay('2026-12-31')).toEqual({ fiscal_year: '2026/27', term: 'Fall' });
    expect(termOfDay('2027-01-01')).toEqual({ fiscal_year: '2026/27', term: 'Spring' });
    expect(termOfDay('2028-02-29')).toEqual({ fiscal_year: '2027/28', term: 'Spring' });
  });

  it('judges the day in B.C., not in UTC', () => {
    // 03:00 UTC on 1 September is still 31 August in Vancouver: the Summer term, and the Fall term is the next.
    const evening = bcToday(new Date('2026-09-01T03:00:00Z'));
    expect(evening).toBe('2026-08-31');
    expect(periodsThatShouldExist(evening, null)).toEqual([
      { fiscal_year: '2026/27', term: 'Summer' },
      { fiscal_year: '2026/27', term: 'Fall' },
    ]);
    expect(periodsThatShouldExist(bcToday(new Date('2026-09-01T08:00:00Z')), null).at(-1)).toEqual({
      fiscal_year: '2026/27',
      term: 'Spring',
    });
  });

  it('puts every day in exactly the term whose months hold it', () => {
    fc.assert(
      fc.property(day, (d) => {
        const term = termOfDay(d);
        expect(inTerm(d, term)).toBe(true);
        expect(inTerm(d, nextTerm(term.fiscal_year, term.term))).toBe(false);
        expect(inTerm(d, previousTerm(term))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('asks for today’s term and the next on an empty database', () => {
    fc.assert(
      fc.property(day, (d) => {
        const today = termOfDay(d);
        expect(periodsThatShouldExist(d, null)).toEqual([today, nextTerm(today.fiscal_year, today.term)]);
      }),
      { numRuns: 300 },
    );
  });

  it('asks for every term from the earliest through the next, each once and in order', () => {
    fc.assert(
      fc.property(day, key, (d, earliest) => {
        const periods = periodsThatShouldExist(d, earliest);
        const today = termOfDay(d);
        const next = nextTerm(today.fiscal_year, today.term);
        if (periodOrdinal(earliest) > periodOrdinal(next)) {
          expect(periods).toEqual([]);
          return;
        }
        expect(periods[0]).toEqual(earliest);
        expect(periods.at(-1)).toEqual(next);
        for (let n = 1; n < periods.length; n++) {
          expect(periods[n]).toEqual(nextTerm(periods[n - 1]!.fiscal_year, periods[n - 1]!.term));
        }
        expect(new Set(periods.map((p) => `${p.fiscal_year} ${p.term}`)).size).toBe(periods.length);
        // Nothing that has not started yet is asked for beyond the next term.
        for (const p of periods.slice(0, -1)) expect(termDates(p.fiscal_year, p.term).starts_on <= d).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('only ever adds periods as days pass, and asks for the same on the same day', () => {
    fc.assert(
      fc.property(day, day, key, (a, b, earliest) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const before = periodsThatShouldExist(early, earliest);
        expect(periodsThatShouldExist(late, earliest).slice(0, before.length)).toEqual(before);
        expect(periodsThatShouldExist(early, earliest)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it('names the open term due soonest as the one due next', () => {
    expect(termDueNext('2026-11-26')).toEqual({ fiscal_year: '2026/27', term: 'Fall' });
    expect(termDueNext('2027-01-31')).toEqual({ fiscal_year: '2026/27', term: 'Fall' });
    expect(termDueNext('2027-02-01')).toEqual({ fiscal_year: '2026/27', term: 'Spring' });
    expect(termDueNext('2026-05-31')).toEqual({ fiscal_year: '2025/26', term: 'Spring' });
    expect(termDueNext('2026-09-30')).toEqual({ fiscal_year: '2026/27', term: 'Summer' });
    fc.assert(
      fc.property(day, (d) => {
        const due = termDueNext(d);
        const dates = defaultPeriodDates(due.fiscal_year, due.term);
        expect(dates.opens_on <= d && d <= dates.due_on).toBe(true);
        // No other opened, not yet due period is due sooner; the one before it is past its due date.
        const later = nextTerm(due.fiscal_year, due.term);
        expect(defaultPeriodDates(later.fiscal_year, later.term).due_on > dates.due_on).toBe(true);
        const before = previousTerm(due);
        expect(defaultPeriodDates(before.fiscal_year, before.term).due_on < d).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
