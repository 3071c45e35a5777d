import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowSpace, valueOf, type Combination } from './row-space.ts';

const vec = (entries: Record<number, number>) => new Map(Object.entries(entries).map(([k, v]) => [Number(k), BigInt(v)]));

/** Rank of a dense integer matrix by plain Gaussian elimination over the rationals (numerator/denominator BigInt pairs). */
function denseRank(rows: bigint[][]): number {
  const m = rows.map((r) => r.map((v) => [v, 1n] as [bigint, bigint]));
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
  const norm = ([n, d]: [bigint, bigint]): [bigint, bigint] => {
    const g = gcd(n, d) || 1n;
    const s = d < 0n ? -1n : 1n;
    return [(s * n) / g, (s * d) / g];
  };
  let rank = 0;
  const width = m[0]?.length ?? 0;
  for (let c = 0; c < width && rank < m.length; c++) {
    const p = m.findIndex((r, i) => i >= rank && r[c]![0] !== 0n);
    if (p < 0) continue;
    [m[rank], m[p]] = [m[p]!, m[rank]!];
    const pivot = m[rank]!;
    for (let i = 0; i < m.length; i++) {
      if (i === rank || m[i]![c]![0] === 0n) continue;
      const [fn, fd] = norm([m[i]![c]![0] * pivot[c]![1], m[i]![c]![1] * pivot[c]![0]]);
      m[i] = m[i]!.map(([n, d], j) => norm([n * fd * pivot[j]![1] - fn * pivot[j]![0] * d, d * fd * pivot[j]![1]]));
    }
    rank++;
  }
  return rank;
}

function check(combination: Combination, equations: Map<number, bigint>[], target: Map<number, bigint>): void {
  // Σ weights[k]·E_k must equal denominator·t, entry by entry.
  const sum = new Map<number, bigint>();
  for (const [k, w] of combination.weights) for (const [c, v] of equations[k]!) sum.set(c, (sum.get(c) ?? 0n) + w * v);
  const columns = new Set([...sum.keys(), ...target.keys()]);
  for (const c of columns) expect(sum.get(c) ?? 0n).toBe(combination.denominator * (target.get(c) ?? 0n));
}

describe('RowSpace (exact row-space membership)', () => {
  it('finds a difference of two equations: x0 + x1 = 5 and x1 = 2 give x0 = 3', () => {
    const space = new RowSpace();
    space.add(vec({ 0: 1, 1: 1 }));
    space.add(vec({ 1: 1 }));
    const c = space.express(vec({ 0: 1 }))!;
    expect(c).not.toBeNull();
    expect(valueOf(c, [5n, 2n])).toEqual({ numerator: 3n, denominator: 1n });
  });

  it('does not give one unknown out of a sum, nor a sum out of an unrelated equation', () => {
    const space = new RowSpace();
    space.add(vec({ 0: 1, 1: 1 }));
    expect(space.determines(vec({ 0: 1 }))).toBe(false);
    expect(space.determines(vec({ 0: 1, 1: 1 }))).toBe(true);
    expect(space.determines(vec({ 0: 1, 2: 1 }))).toBe(false);
  });

  it('needs rational weights when the equations do: 2x0 + x1 = 7 and x0 − x1 = 2 give x0 = 3 as a third of their sum', () => {
    const space = new RowSpace();
    space.add(vec({ 0: 2, 1: 1 }));
    space.add(vec({ 0: 1, 1: -1 }));
    const c = space.express(vec({ 0: 1 }))!;
    expect(c.denominator).toBe(3n);
    expect(valueOf(c, [7n, 2n])).toEqual({ numerator: 3n, denominator: 1n });
    expect(valueOf(space.express(vec({ 1: 1 }))!, [7n, 2n])).toEqual({ numerator: 1n, denominator: 1n });
  });

  it('counts independent equations only', () => {
    const space = new RowSpace();
    space.add(vec({ 0: 1, 1: 1 }));
    space.add(vec({ 1: 1, 2: 1 }));
    space.add(vec({ 0: 1, 1: 2, 2: 1 }));
    space.add(vec({}));
    expect(space.rank).toBe(2);
  });

  it('agrees with plain rational elimination on random small systems, and its combinations add up', () => {
    const width = 6;
    const entry = fc.integer({ min: -3, max: 3 });
    const row = fc.array(entry, { minLength: width, maxLength: width });
    fc.assert(
      fc.property(fc.array(row, { minLength: 0, maxLength: 7 }), row, (rows, target) => {
        const toMap = (r: number[]) => new Map(r.flatMap((v, c) => (v === 0 ? [] : [[c, BigInt(v)] as [number, bigint]])));
        const equations = rows.map(toMap);
        const space = new RowSpace();
        for (const e of equations) space.add(e);
        const dense = rows.map((r) => r.map(BigInt));
        const rank = rows.length === 0 ? 0 : denseRank(dense);
        expect(space.rank).toBe(rank);
        const inSpace = denseRank([...dense, target.map(BigInt)]) === rank;
        const c = space.express(toMap(target));
        expect(c !== null).toBe(inSpace);
        if (c) check(c, equations, toMap(target));
      }),
      { numRuns: 300 },
    );
  });
});
