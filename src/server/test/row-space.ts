/**
 * Exact linear algebra for the disclosure attacker test (modules/disclosure/attacker.test.ts): which linear combinations
 * of unknowns a set of linear equations determines.
 *
 * A target t·x is determined by equations E_k·x = b_k exactly when t lies in the row space of the E_k (then
 * t = Σ c_k E_k and t·x = Σ c_k b_k); when it does not, some x satisfies every equation with any value of t·x.
 *
 * Arithmetic is over the integers with BigInt, fraction-free: a row is only ever replaced by a·row − b·pivotRow (a ≠ 0)
 * and divided by the greatest common divisor of its entries, both of which keep the row space over the rationals. So
 * the answers are exact; no modulus, no floating point, no probability of a wrong rank. The rows are sparse maps, kept
 * in reduced echelon form (each pivot column is zero in every other row), so a vector is reduced by one pass over the
 * pivot columns it has.
 */

/** A sparse vector with integer entries: column → value, never storing a zero. */
export type Vector = Map<number, bigint>;

/** How a determined target is made of the equations: t = Σ weights[k] · E_k / denominator. */
export interface Combination {
  weights: Map<number, bigint>;
  denominator: bigint;
}

/** A row of the echelon form with where it came from: row = Σ source[k] · E_k. Source key -1 is the vector being tested. */
interface Row {
  row: Vector;
  source: Vector;
}

const TARGET = -1;

function abs(a: bigint): bigint {
  return a < 0n ? -a : a;
}

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** a·x − b·y, dropping zeros. */
function combine(x: Vector, a: bigint, y: Vector, b: bigint): Vector {
  const out: Vector = new Map();
  for (const [k, v] of x) out.set(k, a * v);
  for (const [k, v] of y) {
    const next = (out.get(k) ?? 0n) - b * v;
    if (next === 0n) out.delete(k);
    else out.set(k, next);
  }
  return out;
}

function negate(x: Vector): Vector {
  return new Map([...x].map(([k, v]) => [k, -v]));
}

/** Divides row and source by the gcd of all their entries, so the integers stay as small as the problem allows. */
function shrink(r: Row): Row {
  let g = 0n;
  for (const v of r.row.values()) g = gcd(g, v);
  for (const v of r.source.values()) g = gcd(g, v);
  if (g <= 1n) return r;
  const div = (m: Vector) => new Map([...m].map(([k, v]) => [k, v / g]));
  return { row: div(r.row), source: div(r.source) };
}

/** Removes column `column` from `r` with the row `by`, whose entry there is not zero. */
function eliminate(r: Row, column: number, by: Row): Row {
  const a = r.row.get(column);
  if (a === undefined) return r;
  const p = by.row.get(column)!;
  const g = gcd(a, p);
  return shrink({ row: combine(r.row, p / g, by.row, a / g), source: combine(r.source, p / g, by.source, a / g) });
}

export class RowSpace {
  /** The echelon form: pivot column → row, the row's entry at its pivot positive. */
  private readonly pivots = new Map<number, Row>();
  private equations = 0;

  /** The number of independent equations added. */
  get rank(): number {
    return this.pivots.size;
  }

  /** Reduces a row by every pivot it has; in reduced echelon form one pass suffices (a pivot row is zero at other pivots). */
  private reduce(r: Row): Row {
    for (const column of [...r.row.keys()]) {
      const by = this.pivots.get(column);
      if (by) r = eliminate(r, column, by);
    }
    return r;
  }

  /** Adds equation number k (in the order of calls, from 0); returns k. */
  add(equation: Vector | Map<number, number | bigint>): number {
    const k = this.equations++;
    const row: Vector = new Map();
    for (const [c, v] of equation) if (BigInt(v) !== 0n) row.set(c, BigInt(v));
    const r = this.reduce({ row, source: new Map([[k, 1n]]) });
    if (r.row.size === 0) return k;
    const column = Math.min(...r.row.keys());
    const pivot = r.row.get(column)! < 0n ? { row: negate(r.row), source: negate(r.source) } : r;
    for (const [c, other] of this.pivots) if (other.row.has(column)) this.pivots.set(c, eliminate(other, column, pivot));
    this.pivots.set(column, pivot);
    return k;
  }

  /** The combination of equations that gives `target` when it lies in the row space, else null. */
  express(target: Vector | Map<number, number | bigint>): Combination | null {
    const row: Vector = new Map();
    for (const [c, v] of target) if (BigInt(v) !== 0n) row.set(c, BigInt(v));
    if (row.size === 0) return { weights: new Map(), denominator: 1n };
    const r = this.reduce({ row, source: new Map([[TARGET, 1n]]) });
    if (r.row.size > 0) return null;
    // 0 = s·t + Σ source[k]·E_k, so t = Σ (−source[k]) E_k / s.
    const s = r.source.get(TARGET)!;
    const sign = s < 0n ? -1n : 1n;
    const weights = new Map<number, bigint>();
    for (const [k, v] of r.source) if (k !== TARGET) weights.set(k, -v * sign);
    return { weights, denominator: s * sign };
  }

  /** Whether `target` lies in the row space. */
  determines(target: Vector | Map<number, number | bigint>): boolean {
    return this.express(target) !== null;
  }
}

/** Σ weights[k] · values[k] / denominator, exactly: the value the equations give a target, as a reduced fraction. */
export function valueOf(combination: Combination, values: readonly bigint[]): { numerator: bigint; denominator: bigint } {
  let n = 0n;
  for (const [k, w] of combination.weights) n += w * values[k]!;
  const g = gcd(n, combination.denominator) || 1n;
  return { numerator: n / g, denominator: combination.denominator / g };
}
