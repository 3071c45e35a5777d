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
    const [state] = serveRelease(
      null,
      [
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
      ],
      rule,
    );
    expect(ask(state!, (d) => d === 'A')).toEqual({ value: 60, heldBack: false });
    expect(ask(state!, (d) => d === 'B')).toEqual({ value: 15, heldBack: false });
    // Credential X takes part of A's pooled block: refused for that, though four institutions have X records.
    expect(ask(state!, (_, cr) => cr === 'X')).toEqual({ reason: 'partial' });
    expect(ask(state!, (d, cr) => d === 'A' && cr === 'X')).toEqual({ reason: 'partial' });
    expect(ask(state!, () => true)).toEqual({ value: 75, heldBack: false });
  });

  it('serves a family of parts on a coarsening of the partition the first family chooses', () => {
    // Placed (the first family): A × X and A × Y pass alone. Nechako (a family of its own): only institution 1 has any
    // in A × X, so it is served on the two cells joined, where three institutions have some.
    const placed = dataOf([
      ['A', 'X', 'w', 1, 10],
      ['A', 'X', 'w', 2, 10],
      ['A', 'X', 'w', 3, 10],
      ['A', 'Y', 'w', 4, 10],
      ['A', 'Y', 'w', 5, 10],
      ['A', 'Y', 'w', 6, 10],
    ]);
    const nechako = dataOf([
      ['A', 'X', 'w', 1, 10],
      ['A', 'X', 'w', 2, 0],
      ['A', 'X', 'w', 3, 0],
      ['A', 'Y', 'w', 4, 5],
      ['A', 'Y', 'w', 5, 5],
      ['A', 'Y', 'w', 6, 0],
    ]);
    const [byPlaced, byNechako] = serveRelease(null, [placed, nechako], rule, [[0], [1]]) as [ServedState, ServedState];
    expect(byPlaced.blocks.map((b) => b.cells)).toEqual([[cellKey('A', 'X', 'w')], [cellKey('A', 'Y', 'w')]]);
    expect(byNechako.blocks.map((b) => b.cells)).toEqual([[cellKey('A', 'X', 'w'), cellKey('A', 'Y', 'w')]]);
    expect(ask(byPlaced, (_, cr) => cr === 'X')).toEqual({ value: 30, heldBack: false });
    expect(ask(byNechako, (_, cr) => cr === 'X')).toEqual({ reason: 'partial' });
    expect(ask(byNechako, () => true)).toEqual({ value: 20, heldBack: false });
  });

  it('holds a block back for every part when the change of one part cannot be shown', () => {
    const release = (bValue: number) =>
      [
        dataOf([
          ['A', 'X', 'w', 1, 10],
          ['A', 'X', 'w', 2, 10],
          ['A', 'X', 'w', 3, 10],
        ]),
        dataOf([
          ['A', 'X', 'w', 1, 5],
          ['A', 'X', 'w', 2, bValue],
          ['A', 'X', 'w', 3, 5],
        ]),
      ] as const;
    const first = serveRelease(null, release(5), rule);
    // Placed unchanged; the second part changed by one institution alone: neither part shows the new release.
    const second = serveRelease(first, [release(5)[0], release(9)[1]], rule);
    expect(second.map((s) => s.blocks[0]!.heldBack)).toEqual([false, true]);
    expect(ask(second[1]!, () => true)).toEqual({ value: 15, heldBack: true });
    // Placed changed by three institutions, the other part by one: placed is held back too.
    const moved = dataOf([
      ['A', 'X', 'w', 1, 11],
      ['A', 'X', 'w', 2, 12],
      ['A', 'X', 'w', 3, 13],
    ]);
    const third = serveRelease(first, [moved, release(9)[1]], rule);
    expect(ask(third[0]!, () => true)).toEqual({ value: 30, heldBack: true });
    expect(ask(third[1]!, () => true)).toEqual({ value: 15, heldBack: true });
  });

  const row = fc.tuple(
    fc.constantFrom('A', 'B', 'C'),
    fc.constantFrom('X', 'Y'),
    fc.constantFrom('v', 'w'),
    fc.integer({ min: 1, max: 6 }),
    fc.integer({ min: 0, max: 50 }),
    // A second, sparser part: its own family.
    fc.constantFrom(0, 0, 0, 1, 7, 20),
  );
  const releases = fc.array(fc.array(row, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 4 });

  it('over any sequence of releases: blocks partition every cell, only coarsen, pass, and change only by a passing change', () => {
    fc.assert(
      fc.property(releases, (sequence) => {
        let states: ServedState[] | null = null;
        const seen = new Set<string>();
        const released: PeriodData[][] = [];
        for (const rows of sequence) {
          const parts = [
            dataOf(rows.map(([d, cr, w, i, v]) => [d, cr, w, i, v])),
            dataOf(rows.map(([d, cr, w, i, , v]) => [d, cr, w, i, v])),
          ];
          released.push(parts);
          for (const k of parts[0]!.cells.keys()) seen.add(k);
          const next = serveRelease(states, parts, rule, [[0], [1]]);
          // The second family's blocks are a coarsening of the first's: whole blocks of it.
          for (const b of next[0]!.blocks) expect(new Set(b.cells.map((k) => next[1]!.blockOf.get(k))).size).toBe(1);
          next.forEach((state, p) => {
            // A partition of every cell ever released.
            const cells = state.blocks.flatMap((b) => b.cells);
            expect(new Set(cells).size).toBe(cells.length);
            expect(new Set(cells)).toEqual(seen);
            state.blocks.forEach((b, n) => b.cells.forEach((k) => expect(state.blockOf.get(k)).toBe(n)));
            // Only coarsens: every earlier block lies inside one block now.
            for (const earlier of states?.[p]!.blocks ?? [])
              expect(new Set(earlier.cells.map((k) => state.blockOf.get(k))).size).toBe(1);
            // The first release's blocks pass, unless the whole period is one block.
            if (!states && state.blocks.length > 1) expect(state.blocks.every((b) => b.verdict === null)).toBe(true);
            // A block's served value changes only by a change of institutions that itself passes the rule.
            for (const b of state.blocks) {
              const [before, after] = [b.history.at(-2), b.history.at(-1)!];
              if (!before) continue;
              const change = [...new Set([...before.keys(), ...after.keys()])]
                .map((i) => Math.abs((after.get(i) ?? 0) - (before.get(i) ?? 0)))
                .filter((v) => v !== 0);
              if (change.length > 0) expect(judgeContributions(change, rule)).toBeNull();
              // What is served is, cell by cell, the release each cell is served from (what the figures that are no
              // sums read records of): so they move only as the sums do.
              const fromSteps = b.cells.flatMap((k) => {
                const step = state.fromStep.get(k);
                return step === undefined ? [] : [[...(released[step]![p]!.cells.get(k)?.values() ?? [])]];
              });
              const total = (values: (number | null)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);
              expect(total(fromSteps.flat())).toBe(total([...b.served.values()]));
            }
          });
          states = next;
        }
      }),
      { numRuns: 300 },
    );
  });
});
