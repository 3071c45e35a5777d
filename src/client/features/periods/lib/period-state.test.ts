import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS } from '../../../../shared/constants.ts';
import { fiscalYearOf } from '../../../../shared/record-rules.ts';
import { periodOrdinal, termOfDay } from '../../../../shared/term-calendar.ts';
import { newestFirst, periodName, periodState, periodToAdd } from './period-state.ts';

describe('a period’s state on a day', () => {
  const fall = { opens_on: '2026-09-01', due_on: '2027-01-31' };

  it('is upcoming before it opens, open, due soon in its last two weeks, past due after', () => {
    expect(periodState(fall, '2026-08-31')).toBe('upcoming');
    expect(periodState(fall, '2026-09-01')).toBe('open');
    expect(periodState(fall, '2027-01-16')).toBe('open');
    expect(periodState(fall, '2027-01-17')).toBe('due soon');
    expect(periodState(fall, '2027-01-31')).toBe('due soon');
    expect(periodState(fall, '2027-02-01')).toBe('past due');
  });

  it('lists the newest period first', () => {
    const p = (id: number, fiscal_year: string, term: 'Summer' | 'Fall' | 'Spring') => ({
      id,
      fiscal_year,
      term,
      opens_on: '',
      due_on: '',
    });
    const sorted = newestFirst([
      p(1, '2025/26', 'Summer'),
      p(2, '2026/27', 'Summer'),
      p(3, '2025/26', 'Spring'),
      p(4, '2025/26', 'Fall'),
    ]);
    expect(sorted.map(periodName)).toEqual(['Summer 2026/27', 'Spring 2025/26', 'Fall 2025/26', 'Summer 2025/26']);
  });
});

describe('the period Add a period offers', () => {
  it('is the one after the newest there is, whatever the order given; with none, today’s term', () => {
    const periods = [
      { fiscal_year: '2026/27', term: 'Fall' as const },
      { fiscal_year: '2026/27', term: 'Spring' as const },
      { fiscal_year: '2025/26', term: 'Spring' as const },
    ];
    expect(periodToAdd(periods, '2026-11-29')).toEqual({ fiscal_year: '2027/28', term: 'Summer' });
    expect(periodToAdd(periods.slice(0, 1), '2026-11-29')).toEqual({ fiscal_year: '2026/27', term: 'Spring' });
    expect(periodToAdd([], '2026-11-29')).toEqual({ fiscal_year: '2026/27', term: 'Fall' });
    expect(periodToAdd([], '2027-03-01')).toEqual({ fiscal_year: '2026/27', term: 'Spring' });
  });

  it('for any periods and any day, is a period that does not exist yet, later than every one there is', () => {
    const period = fc.record({
      fiscal_year: fc.integer({ min: 2000, max: 2090 }).map(fiscalYearOf),
      term: fc.constantFrom(...TERMS),
    });
    const day = fc.date({ min: new Date('2000-05-01'), max: new Date('2090-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.array(period, { maxLength: 20 }), day, (periods, on) => {
        const today = on.toISOString().slice(0, 10);
        const offered = periodToAdd(periods, today);
        if (periods.length === 0) {
          expect(offered).toEqual(termOfDay(today));
        } else {
          expect(periods.map(periodName)).not.toContain(periodName(offered));
          expect(periodOrdinal(offered)).toBe(Math.max(...periods.map(periodOrdinal)) + 1);
        }
      }),
    );
  });
});
