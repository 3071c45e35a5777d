import { describe, expect, it } from 'vitest';
import { boundTargets, isProtected, violations, type LinearSystem } from './bounds.ts';

/** Unknowns a, b, c ≥ 0 (three institutions' figures in one cell); rows added per case. */
const system = (rows: LinearSystem['rows']): LinearSystem => ({
  numVars: 3,
  varLower: [0, 0, 0],
  varUpper: [Infinity, Infinity, Infinity],
  rows,
});
const truth = [10, 20, 30];
const one = (j: number, v: number) => ({ indices: [j], values: [1], truth: v });

describe('the audit’s LP bounding core', () => {
  it('flags an unknown that released figures pin exactly', async () => {
    // a + b + c = 60 and b + c = 50 (two released sums that differ by a alone): a = 10 exactly.
    const s = system([
      { indices: [0, 1, 2], values: [1, 1, 1], lower: 60, upper: 60 },
      { indices: [1, 2], values: [1, 1], lower: 50, upper: 50 },
    ]);
    expect(violations(s, truth)).toEqual([]);
    const { bounds } = await boundTargets(s, [one(0, 10)], { protection: 0.15, samples: 4 });
    expect(bounds[0]).toMatchObject({ verdict: 'at risk' });
    expect(bounds[0]!.lo).toBeCloseTo(10, 6);
    expect(bounds[0]!.hi).toBeCloseTo(10, 6);
    // Both released sums are needed to pin it: they are its evidence.
    expect([...bounds[0]!.evidence!].sort()).toEqual([0, 1]);
  });

  it('flags an unknown bounded too narrowly though not exactly', async () => {
    // a + b + c = 60, b + c ∈ [49, 51]: a ∈ [9, 11], within ±15 % of 10.
    const s = system([
      { indices: [0, 1, 2], values: [1, 1, 1], lower: 60, upper: 60 },
      { indices: [1, 2], values: [1, 1], lower: 49, upper: 51 },
    ]);
    const { bounds } = await boundTargets(s, [one(0, 10)], { protection: 0.15, samples: 4 });
    expect(bounds[0]).toMatchObject({ verdict: 'at risk' });
    expect(bounds[0]!.lo).toBeCloseTo(9, 6);
    expect(bounds[0]!.hi).toBeCloseTo(11, 6);
  });

  it('does not flag unknowns protected by a sum alone, and finds their true intervals', async () => {
    const s = system([{ indices: [0, 1, 2], values: [1, 1, 1], lower: 60, upper: 60 }]);
    const targets = [one(0, 10), one(1, 20), one(2, 30), { indices: [0, 1], values: [1, 1], truth: 30 }];
    for (const samples of [0, 8]) {
      const { bounds } = await boundTargets(s, targets, { protection: 0.15, samples });
      for (const b of bounds) expect(b.verdict).toMatch(/^protected/);
      // Without samples the first target is solved exactly: anywhere in [0, 60]. The optima found on the way (a = 0,
      // a = 60, so b + c = 60 or 0 …) settle the others as feasible points.
      if (samples === 0) expect([bounds[0]!.lo, bounds[0]!.hi]).toEqual([0, 60]);
    }
  });

  it('never flags a true 0, even when it is exact', async () => {
    const s = system([{ indices: [0], values: [1], lower: 0, upper: 0 }]);
    const { bounds } = await boundTargets(s, [one(0, 0)], { protection: 0.15 });
    expect(bounds[0]!.verdict).toBe('zero');
  });

  it('states the promise: reach 15 % below and above the true value', () => {
    expect(isProtected(10, 8.5, 11.5, 0.15)).toBe(true);
    expect(isProtected(10, 8.6, 20, 0.15)).toBe(false);
    expect(isProtected(10, 0, 11.4, 0.15)).toBe(false);
    expect(isProtected(0, 0, 0, 0.15)).toBe(true);
  });
});
