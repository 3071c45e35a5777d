import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE } from '../../src/shared/disclosure.ts';
import { complements, figureAt, judgeParts } from './ceiling.ts';

const rule = DEFAULT_DISCLOSURE_RULE;

describe('the ceiling of the usefulness measure (decision 042)', () => {
  // Parts 0–2 are a split (work terms by location, say); part 3 stands alone. One row per other institution.
  const splits = [[0, 1, 2]];

  it('hides a split’s failing parts together, and the whole split when together they fail', () => {
    // Part 0 passes; parts 1 and 2 each rest on one institution, but on two different ones: still fewer than three.
    const twoAlone = [
      [10, 5, null, 7],
      [10, null, 4, 7],
      [10, null, null, 7],
    ];
    expect(judgeParts(4, twoAlone, splits, rule)).toEqual(['linked', 'threshold', 'threshold', null]);
    // Now three institutions share the failing parts between them: together they pass, so part 0 is shown.
    const spread = [
      [10, 5, null, 7],
      [10, null, 4, 7],
      [10, 0, 0, 7],
      [10, 6, null, 7],
    ];
    // Part 1: institutions 1 and 4 (a third with 0 does not count); part 2: institution 2 alone. Together 1, 2 and 4.
    expect(judgeParts(4, spread, splits, rule)).toEqual([null, 'threshold', 'threshold', null]);
  });

  it('counts one more hidden count where a whole and all its pieces but one are shown', () => {
    const whole = { 'fy × discipline': 'one fy' };
    const sums = new Set(['r|placed']);
    const at = (family: string, measure: string) => figureAt(family, '2024/25..2024/25', 'r', measure);
    // Placed hidden in Humanities alone, shown for the year: the reader would subtract, so one more must go.
    const hiddenIn = new Map([[at('fy × discipline', 'placed'), new Set(['Humanities'])]]);
    const shown = new Set([at('one fy', 'placed')]);
    expect(complements(hiddenIn, shown, sums, whole)).toEqual(new Map([['fy × discipline', 1]]));
    // Hidden in two pieces: they give away only their sum, which the ceiling judged apart.
    expect(
      complements(new Map([[at('fy × discipline', 'placed'), new Set(['Humanities', 'Other'])]]), shown, sums, whole),
    ).toEqual(new Map());
    // The whole hidden: nothing to subtract from.
    expect(complements(hiddenIn, new Set(), sums, whole)).toEqual(new Map());
    // A figure that is no sum (a percentage) is left out.
    const pct = new Map([[at('fy × discipline', 'placed_pct'), new Set(['Humanities'])]]);
    expect(complements(pct, new Set([at('one fy', 'placed_pct')]), sums, whole)).toEqual(new Map());
  });
});
