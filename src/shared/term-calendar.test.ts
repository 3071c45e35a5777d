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
  nextTerm,
  termDates,
} from './term-calendar.ts';

describe('the term calendar (PRODUCT.md §2)', () => {
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

  it('tells real dates from lookalikes', () => {
    expect(['2024-02-29', '2025-12-31', '2000-02-29'].every(isIsoDate)).toBe(true);
    expect(
      ['2025-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-1-01', '25-01-01', '2025-01-01T00:00', ''].some(isIsoDate),
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
