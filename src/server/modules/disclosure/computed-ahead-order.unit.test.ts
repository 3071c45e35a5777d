import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERMS } from '../../../shared/constants.ts';
import { newestFirst } from './province-figures.ts';
import type { PeriodChain } from './served-releases.ts';

const chain = (fy: string, term: string): PeriodChain => ({ fy, term, releases: [] });

describe('the order periods are computed ahead in (decision 043)', () => {
  it('is newest first, by the term calendar rather than by name', () => {
    const given = [chain('2024/25', 'Fall'), chain('2025/26', 'Summer'), chain('2024/25', 'Spring'), chain('2024/25', 'Summer')];
    expect(newestFirst(given).map((c) => `${c.term} ${c.fy}`)).toEqual([
      'Summer 2025/26',
      'Spring 2024/25',
      'Fall 2024/25',
      'Summer 2024/25',
    ]);
  });

  it('keeps every period once, whatever the order given', () => {
    const period = fc.record({ year: fc.integer({ min: 2000, max: 2098 }), term: fc.constantFrom(...TERMS) });
    fc.assert(
      fc.property(fc.uniqueArray(period, { selector: (p) => `${p.year} ${p.term}` }), (periods) => {
        const chains = periods.map((p) => chain(`${p.year}/${String((p.year + 1) % 100).padStart(2, '0')}`, p.term));
        const ordered = newestFirst(chains);
        const names = (list: readonly PeriodChain[]) => list.map((c) => `${c.term} ${c.fy}`).sort();
        expect(names(ordered)).toEqual(names(chains));
        for (let n = 1; n < ordered.length; n++) {
          const [a, b] = [ordered[n - 1]!, ordered[n]!];
          const later = a.fy > b.fy || (a.fy === b.fy && TERMS.indexOf(a.term as never) > TERMS.indexOf(b.term as never));
          expect(later, `${a.term} ${a.fy} before ${b.term} ${b.fy}`).toBe(true);
        }
      }),
    );
  });
});
