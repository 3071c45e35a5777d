import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE, judgeContributions } from '../../../shared/disclosure.ts';
import {
  answerPart,
  cellKey,
  cellParts,
  compactState,
  serveRelease,
  type Contributions,
  type PeriodData,
  type ServedState,
} from './release-blocks.ts';

const rule = DEFAULT_DISCLOSURE_RULE;

/** One release's data from [discipline, credential, WIL type, institution, value] rows. */
function dataOf(rows: readonly (readonly [string, string, string, number, number])[]): PeriodData {
  const cells = new Map<string, Contributions>();
  for (const [d, cr, w, inst, v] of rows) {
    const key = cellKey(d, cr, w);
    const c = cells.get(key) ?? new Map<number, number | null>();
    c.set(inst, (c.get(inst) ?? 0) + v);
    cells.set(key, c);
  }
  return { cells };
}

const ask = (state: ServedState, test: (d: string, cr: string) => boolean) =>
  answerPart(compactState(state), (key) => {
    const { d, cr } = cellParts(key);
    return test(d, cr);
  });

describe('the blocks a release is served with (decisions 020 and 024)', () => {
  it('pools the failing cells of a discipline across credentials: the discipline is answered, its credentials not', () => {
    // Every cell of A rests on fewer than three institutions; pooled they pass (decision 020). A block that spans X
    // and Y answers A but neither credential alone: a partition serves one hierarchy at the other's expense.
    const state = serveRelease(
      null,
      dataOf([
        ['A', 'X', 'v', 1, 10],
        ['A', 'X', 'v', 2, 10],
        ['A', 'X', 'w', 3, 10],
        ['A', 'Y', 'v', 4, 10],
        ['A', 'Y', 'w', 5, 10],
        ['A', 'Y', 'w', 6, 10],
        ['B', 'X', 'v', 1, 5],
        ['B', 'X', 'v', 4, 5],
        ['B', 'X', 'v', 5, 5],
      ]),
      rule,
    );
    expect(ask(state, (d) => d === 'A')).toEqual({ value: 60, heldBack: false });
    expect(ask(state, (d) => d === 'B')).toEqual({ value: 15, heldBack: false });
    expect(ask(state, (_, cr) => cr === 'X')).toEqual({ reason: 'threshold' });
    expect(ask(state, (d, cr) => d === 'A' && cr === 'X')).toEqual({ reason: 'threshold' });
    expect(ask(state, () => true)).toEqual({ value: 75, heldBack: false });
  });

  const row = fc.tuple(
    fc.constantFrom('A', 'B', 'C'),
    fc.constantFrom('X', 'Y'),
    fc.constantFrom('v', 'w'),
    fc.integer({ min: 1, max: 6 }),
    fc.integer({ min: 0, max: 50 }),
  );
  const releases = fc.array(fc.array(row, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 4 });

  it('over any sequence of releases: blocks partition every cell, only coarsen, pass, and change only by a passing change', () => {
    fc.assert(
      fc.property(releases, (sequence) => {
        let state: ServedState | null = null;
        const seen = new Set<string>();
        for (const rows of sequence) {
          const data = dataOf(rows);
          for (const k of data.cells.keys()) seen.add(k);
          const next = serveRelease(state, data, rule);
          // A partition of every cell ever released.
          const cells = next.blocks.flatMap((b) => b.cells);
          expect(new Set(cells).size).toBe(cells.length);
          expect(new Set(cells)).toEqual(seen);
          next.blocks.forEach((b, n) => b.cells.forEach((k) => expect(next.blockOf.get(k)).toBe(n)));
          // Only coarsens: every earlier block lies inside one block now.
          for (const earlier of state?.blocks ?? []) expect(new Set(earlier.cells.map((k) => next.blockOf.get(k))).size).toBe(1);
          // The first release's blocks pass, unless the whole period is one block.
          if (!state && next.blocks.length > 1) expect(next.blocks.every((b) => b.verdict === null)).toBe(true);
          // A block's served value changes only by a change of institutions that itself passes the rule.
          for (const b of next.blocks) {
            const [before, after] = [b.history.at(-2), b.history.at(-1)!];
            if (!before) continue;
            const change = [...new Set([...before.keys(), ...after.keys()])]
              .map((i) => Math.abs((after.get(i) ?? 0) - (before.get(i) ?? 0)))
              .filter((v) => v !== 0);
            if (change.length > 0) expect(judgeContributions(change, rule)).toBeNull();
          }
          state = next;
        }
      }),
      { numRuns: 300 },
    );
  });
});
