import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random, hashSeed } from './random.ts';

describe('Random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const rng = new Random(seed);
      return Array.from({ length: 20 }, () => rng.int(0, 1000));
    };
    expect(draw(42)).toEqual(draw(42));
    const a = new Random(hashSeed(1, 2, 3));
    const b = new Random(hashSeed(1, 2, 4));
    expect([a.next(), a.next()]).not.toEqual([b.next(), b.next()]);
  });

  it('keeps int, between and normal within their bounds', () => {
    const rng = new Random(7);
    for (let i = 0; i < 10_000; i++) {
      const n = rng.int(-3, 3);
      expect(Number.isInteger(n) && n >= -3 && n <= 3).toBe(true);
      const x = rng.between(2, 5);
      expect(x >= 2 && x < 5).toBe(true);
      expect(Math.abs(rng.normal(0, 1))).toBeLessThanOrEqual(2 * Math.sqrt(3));
    }
  });

  it('picks by weight, never a zero weight', () => {
    const rng = new Random(11);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[rng.weightedIndex([1, 0, 3])]! += 1;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.7);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.3);
  });

  it('rounds stochastically to the right average', () => {
    const rng = new Random(5);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += rng.round(0.25);
    expect(sum / 20_000).toBeGreaterThan(0.23);
    expect(sum / 20_000).toBeLessThan(0.27);
  });
});

describe('Random.split (multinomial split of an integer total)', () => {
  const weights = fc.array(fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
    minLength: 1,
    maxLength: 12,
  });

  it('returns non-negative integers that sum exactly to the total', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2_000_000 }), weights, fc.integer(), (total, w, seed) => {
        const parts = new Random(seed).split(total, w);
        expect(parts).toHaveLength(w.length);
        expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives nothing to a zero weight and about its share to the others', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), weights, fc.integer(), (total, w, seed) => {
        const sum = w.reduce((a, b) => a + b, 0);
        fc.pre(sum > 0);
        const parts = new Random(seed).split(total, w);
        w.forEach((weight, i) => {
          const share = (total * weight) / sum;
          if (weight === 0) expect(parts[i]).toBe(0);
          expect(parts[i]!).toBeGreaterThanOrEqual(Math.floor(share) - 1);
          expect(parts[i]!).toBeLessThanOrEqual(Math.ceil(share) + w.length);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('spreads a total over equal parts when every weight is zero, and refuses bad input', () => {
    expect(new Random(1).split(9, [0, 0, 0])).toEqual([3, 3, 3]);
    expect(new Random(1).split(0, [1, 2])).toEqual([0, 0]);
    expect(() => new Random(1).split(-1, [1])).toThrow();
    expect(() => new Random(1).split(1.5, [1])).toThrow();
    expect(() => new Random(1).split(3, [])).toThrow();
    expect(() => new Random(1).split(3, [1, -1])).toThrow();
  });
});
