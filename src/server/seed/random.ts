/**
 * A small deterministic pseudo-random generator for seed data. Only integer arithmetic, `Math.imul`
 * and `Math.sqrt` are used (no `Math.log`/`Math.cos`, whose last bits may differ between engines),
 * so one seed gives the same figures on every machine.
 */

/** Mixes any number of 32-bit integers into one seed, so each (program, year) can have its own stream. */
export function hashSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

/** mulberry32: fast, small state, good enough for plausible-looking demo figures. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element of a non-empty list, with probability proportional to its weight. */
  weightedPick<T>(items: readonly T[], weights: readonly number[]): T {
    return items[this.weightedIndex(weights)] as T;
  }

  /** An index into `weights`, with probability proportional to its weight (all zero: uniform). */
  weightedIndex(weights: readonly number[]): number {
    if (weights.length === 0) throw new Error('weightedIndex needs at least one weight');
    const total = checkedTotal(weights);
    if (total === 0) return Math.floor(this.next() * weights.length);
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return i;
    }
    // Rounding can leave a sliver at the end: give it to the last index with weight.
    for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i;
    return weights.length - 1;
  }

  /** Roughly normal (Irwin–Hall sum of four uniforms), mean `mean`, standard deviation `sd`, never beyond ±3.46 sd. */
  normal(mean = 0, sd = 1): number {
    const sum = this.next() + this.next() + this.next() + this.next();
    return mean + (sum - 2) * Math.sqrt(3) * sd;
  }

  /** `value` times a factor of about 1 ± `spread` (roughly normal, clamped at zero). */
  jitter(value: number, spread: number): number {
    return value * Math.max(0, 1 + this.normal(0, spread));
  }

  /** Rounds up with probability equal to the fraction, so small expected counts still come out as 0, 1, 2… on average right. */
  round(value: number): number {
    if (!(value > 0)) return 0;
    const whole = Math.floor(value);
    return whole + (this.next() < value - whole ? 1 : 0);
  }

  /**
   * Splits a non-negative integer `total` into `weights.length` non-negative integers that sum to
   * exactly `total`, each part about `total × weight / Σweights`: the whole parts of the shares first,
   * then the few units left over one at a time by weight (all weights zero: equal weights).
   */
  split(total: number, weights: readonly number[]): number[] {
    if (!Number.isSafeInteger(total) || total < 0) throw new Error(`split needs a non-negative integer total, got ${total}`);
    if (weights.length === 0) throw new Error('split needs at least one weight');
    let sum = checkedTotal(weights);
    const shares = sum === 0 ? weights.map(() => 1) : weights;
    if (sum === 0) sum = weights.length;
    const parts = new Array<number>(shares.length);
    let assigned = 0;
    for (let i = 0; i < shares.length; i++) {
      const part = Math.floor((total * (shares[i] as number)) / sum);
      parts[i] = part;
      assigned += part;
    }
    // Floating-point shares can (rarely) overshoot by a unit: take it back from the largest part.
    while (assigned > total) {
      let largest = 0;
      for (let i = 1; i < parts.length; i++) if ((parts[i] as number) > (parts[largest] as number)) largest = i;
      parts[largest] = (parts[largest] as number) - 1;
      assigned--;
    }
    for (; assigned < total; assigned++) {
      const i = this.weightedIndex(shares);
      parts[i] = (parts[i] as number) + 1;
    }
    return parts;
  }
}

function checkedTotal(weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) {
    if (!(w >= 0) || !Number.isFinite(w)) throw new Error(`weights must be finite and non-negative, got ${w}`);
    total += w;
  }
  return total;
}
