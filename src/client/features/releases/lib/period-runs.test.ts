import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS } from '../../../../shared/constants.ts';
import { periodOrdinal, type PeriodKey } from '../../../../shared/term-calendar.ts';
import { fiscalYearOf } from '../../../../shared/record-rules.ts';
import { periodRuns } from './period-runs.ts';

// Four fiscal years, twelve periods: dense enough that long runs come up.
const period = fc
  .record({ year: fc.integer({ min: 2020, max: 2023 }), term: fc.constantFrom(...TERMS) })
  .map(({ year, term }): PeriodKey => ({ fiscal_year: fiscalYearOf(year), term }));

describe('periodRuns', () => {
  it('splits periods into maximal runs of consecutive terms, oldest first, each period once', () => {
    fc.assert(
      fc.property(fc.array(period, { maxLength: 40 }), (periods) => {
        const runs = periodRuns(periods);
        const ordinals = runs.map((run) => run.map(periodOrdinal));
        // Every period, once.
        expect(ordinals.flat()).toEqual([...new Set(periods.map(periodOrdinal))].sort((a, b) => a - b));
        for (const run of ordinals) for (let n = 1; n < run.length; n++) expect(run[n]).toBe(run[n - 1]! + 1);
        // Maximal: a run never starts right after the one before it ends.
        for (let n = 1; n < ordinals.length; n++) expect(ordinals[n]![0]).toBeGreaterThan(ordinals[n - 1]!.at(-1)! + 1);
      }),
    );
  });

  it('runs across a fiscal year: Spring 2024/25 then Summer 2025/26', () => {
    const runs = periodRuns([
      { fiscal_year: '2025/26', term: 'Summer' },
      { fiscal_year: '2024/25', term: 'Spring' },
      { fiscal_year: '2025/26', term: 'Spring' },
    ]);
    expect(runs.map((run) => run.map((p) => `${p.term} ${p.fiscal_year}`))).toEqual([
      ['Spring 2024/25', 'Summer 2025/26'],
      ['Spring 2025/26'],
    ]);
  });
});
