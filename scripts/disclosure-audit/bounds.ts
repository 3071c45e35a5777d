/**
 * The audit's core: bounds on linear functions of unknowns under linear constraints, by linear programming (HiGHS,
 * compiled to WebAssembly: the `highs` package). Knows nothing of reports or disclosure control: a system of rows
 * `lower ≤ Σ coef·x ≤ upper` over unknowns with their own bounds, and targets `Σ coef·x` with a true value each.
 *
 * A target is *protected* when the attacker's interval for it reaches at least PROTECTION below and above its true
 * value v: lo ≤ (1 − p)·v and hi ≥ (1 + p)·v. A true value of 0 is never at risk (decision 020: a released 0 tells
 * that nobody had any; zeros are not confidential). So a figure known exactly is always at risk unless it is 0.
 *
 * Cost: two linear programs per target in the worst case. Most targets are shown protected without one: every
 * feasible point of the system is an attainable value, so the values of each target at a few sampled vertices (one LP
 * each, random objectives) give an interval inside the true one; a target whose sampled values already reach both
 * sides is protected. The remaining ones are solved on one persistent model, changing only the objective, so each LP
 * starts from the previous basis.
 */
import highsModule from 'highs';

// The package's types describe its CommonJS build (the loader as `default` of the module); Node's ESM import gets
// its .mjs build, whose default export is the loader itself.
const loadHighs = (highsModule.default ?? highsModule) as typeof highsModule.default;

export interface Row {
  /** Unknown indices, strictly increasing, and their coefficients. */
  indices: number[];
  values: number[];
  lower: number;
  upper: number;
}

export interface LinearSystem {
  numVars: number;
  /** Per unknown; `Infinity` for none. */
  varLower: number[];
  varUpper: number[];
  rows: Row[];
}

export interface Target {
  indices: number[];
  values: number[];
  truth: number;
}

export type Verdict = 'zero' | 'protected (sampled)' | 'protected' | 'at risk' | 'unchecked';

export interface Bound {
  verdict: Verdict;
  /** The exact optimum when an LP was solved for that side, else undefined. */
  lo?: number;
  hi?: number;
  /** At risk: the rows proving the failing side (nonzero duals at its optimum), those over the target's unknowns first. */
  evidence?: number[];
}

export interface BoundOptions {
  /** The relative protection promised (0.15: ±15 %). */
  protection: number;
  /** Sampled vertices before exact LPs (default 24). */
  samples?: number;
  /** Seed of the sampled objectives: the same seed, the same samples. */
  seed?: number;
  /** Stop solving exact LPs after this many milliseconds (targets left are 'unchecked'). */
  budgetMs?: number;
  /** Every unknown's upper bound while sampling (default 10 × the largest true target value + 10). */
  box?: number;
  /**
   * Groupings of the unknowns for sampled objectives: per grouping, a group number per unknown. Samples take turns:
   * one with a random sign per unknown, then one per grouping with a random sign per group, so that sums over a group
   * (an institution's period, say) are pushed up and down as a whole.
   */
  groupings?: number[][];
  /** Told how far the work has come, now and then. */
  progress?: (message: string) => void;
}

export interface BoundStats {
  sampleLps: number;
  exactLps: number;
  ms: number;
}

/** Relative and absolute slack for comparing LP optima (HiGHS' feasibility tolerance is 1e-7). */
const TOLERANCE = 1e-6;
const slack = (v: number) => TOLERANCE * Math.max(1, Math.abs(v));

export const lowSideProtected = (v: number, lo: number, p: number) => lo <= (1 - p) * v + slack(v);
export const highSideProtected = (v: number, hi: number, p: number) => hi >= (1 + p) * v - slack(v);

/** Whether a target with true value `v` and interval [lo, hi] is within the promise. */
export function isProtected(v: number, lo: number, hi: number, p: number): boolean {
  return Math.abs(v) <= slack(0) || (lowSideProtected(v, lo, p) && highSideProtected(v, hi, p));
}

/** A small deterministic generator (mulberry32), so sampled vertices and thus the output are the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Highs = Awaited<ReturnType<typeof loadHighs>>;
let highsPromise: Promise<Highs> | undefined;
const highs = () => (highsPromise ??= loadHighs());

/** Every row and unknown bound holds at `point` (within tolerance): the sanity check that the truth is a solution. */
export function violations(system: LinearSystem, point: number[], limit = 5): string[] {
  const found: string[] = [];
  for (let j = 0; j < system.numVars && found.length < limit; j++) {
    const x = point[j]!;
    if (x < system.varLower[j]! - slack(x) || x > system.varUpper[j]! + slack(x)) found.push(`unknown ${j} = ${x}`);
  }
  system.rows.forEach((row, r) => {
    if (found.length >= limit) return;
    const a = row.indices.reduce((s, j, k) => s + row.values[k]! * point[j]!, 0);
    if (a < row.lower - slack(row.lower) || a > row.upper + slack(row.upper))
      found.push(`row ${r}: ${a} not in [${row.lower}, ${row.upper}]`);
  });
  return found;
}

/**
 * Bounds every target. Targets with true value 0 are 'zero' (never at risk); the rest are 'protected (sampled)',
 * 'protected' (exact LPs), 'at risk' (then both `lo` and `hi` are exact) or 'unchecked' (budget spent).
 */
export async function boundTargets(
  system: LinearSystem,
  targets: Target[],
  options: BoundOptions,
): Promise<{ bounds: Bound[]; stats: BoundStats }> {
  const started = Date.now();
  const p = options.protection;
  const h = await highs();
  const inf = h.infinity;
  const n = system.numVars;
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const row of system.rows) {
    indices.push(...row.indices);
    values.push(...row.values);
    starts.push(indices.length);
  }
  const finite = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
  const model = h.createModel({
    numCols: n,
    numRows: system.rows.length,
    colCost: new Float64Array(n),
    colLower: system.varLower.map(finite),
    colUpper: system.varUpper.map(finite),
    rowLower: system.rows.map((r) => finite(r.lower)),
    rowUpper: system.rows.map((r) => finite(r.upper)),
    matrix: { format: 'csr', numRows: system.rows.length, numCols: n, starts, indices, values },
  });
  const stats: BoundStats = { sampleLps: 0, exactLps: 0, ms: 0 };
  try {
    // Without presolve each LP starts from the previous optimal basis (only the objective changed), and with the
    // strategy left to HiGHS it continues in primal simplex from there (measured on the demo: 12 ms an LP against 120
    // with the default dual simplex), which is what makes thousands of them affordable.
    model.options.set({ output_flag: false, presolve: 'off', simplex_strategy: 0 });
    const optimal = h.constants.modelStatus.optimal;
    let costed: number[] = [];
    /** Solves with objective `cost` (sparse) in `sense`; the optimal point, or throws. */
    let lastDual: ArrayLike<number> = [];
    const solve = (idx: number[], coef: number[], sense: 'min' | 'max'): Float64Array | null => {
      if (costed.length > 0) model.changeColsCost({ kind: 'set', indices: costed }, new Float64Array(costed.length));
      const order = idx.map((j, k) => [j, coef[k]!] as const).sort((a, b) => a[0] - b[0]);
      if (order.length > 0)
        model.changeColsCost(
          { kind: 'set', indices: order.map(([j]) => j) },
          order.map(([, c]) => c),
        );
      costed = order.map(([j]) => j);
      model.changeObjectiveSense(sense === 'min' ? h.constants.objectiveSense.minimize : h.constants.objectiveSense.maximize);
      model.run();
      const status = model.getModelStatus();
      if (status === optimal) {
        const solution = model.getSolution();
        lastDual = solution.rowDual;
        return solution.colValue;
      }
      if (status === unbounded || status === h.constants.modelStatus.unboundedOrInfeasible) return null;
      throw new Error(`The linear program ended with status ${status} (not optimal): is the system consistent?`);
    };
    const unbounded = h.constants.modelStatus.unbounded;

    const live = targets.map((t) => Math.abs(t.truth) > slack(0));
    const value = (t: Target, x: ArrayLike<number>) => t.indices.reduce((s, j, k) => s + t.values[k]! * x[j]!, 0);
    const lowSeen = targets.map((t) => t.truth);
    const highSeen = targets.map((t) => t.truth);
    const next = random(options.seed ?? 27);
    const samples = options.samples ?? 24;
    // Samples inside a box (every unknown at most `box`): still feasible points of the system, and no sample LP is
    // unbounded. The box holds the truth, so it is never empty.
    const box = options.box ?? 10 * Math.max(0, ...targets.map((t) => Math.abs(t.truth))) + 10;
    if (samples > 0)
      model.changeColsBounds(
        { kind: 'range', from: 0, to: n - 1 },
        system.varLower.map(finite),
        system.varUpper.map((u) => Math.min(u, box)),
      );
    const all = Array.from({ length: n }, (_, j) => j);
    const see = (x: ArrayLike<number>) =>
      targets.forEach((t, i) => {
        if (!live[i]) return;
        const v = value(t, x);
        if (v < lowSeen[i]!) lowSeen[i] = v;
        if (v > highSeen[i]!) highSeen[i] = v;
      });
    const say = options.progress ?? (() => {});
    say(`${targets.length} targets; sampling ${samples} vertices`);
    // Sampling may take at most a third of the budget (the remaining samples are skipped).
    const samplesEnd = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs / 3;
    for (let s = 0; s < samples && Date.now() < samplesEnd; s++) {
      const groups = [undefined, ...(options.groupings ?? [])][s % (1 + (options.groupings?.length ?? 0))];
      const signs = new Map<number, number>();
      const signOf = (g: number) => {
        let v = signs.get(g);
        if (v === undefined) signs.set(g, (v = next() < 0.5 ? -1 : 1));
        return v;
      };
      const coef = all.map((j) => (groups ? signOf(groups[j]!) : signOf(-1 - j)) * (0.5 + next()));
      const x = solve(all, coef, 'min');
      stats.sampleLps++;
      if (x) see(x);
    }

    if (samples > 0)
      model.changeColsBounds({ kind: 'range', from: 0, to: n - 1 }, system.varLower.map(finite), system.varUpper.map(finite));

    const bounds: Bound[] = targets.map((t, i) => {
      if (!live[i]) return { verdict: 'zero' };
      return lowSideProtected(t.truth, lowSeen[i]!, p) && highSideProtected(t.truth, highSeen[i]!, p)
        ? { verdict: 'protected (sampled)' }
        : { verdict: 'unchecked' };
    });
    const budgetEnd = options.budgetMs === undefined ? Infinity : started + options.budgetMs;
    for (let i = 0; i < targets.length; i++) {
      if (bounds[i]!.verdict !== 'unchecked') continue;
      const t = targets[i]!;
      // Every optimum solved so far is a feasible point too: it may have settled this target already.
      if (lowSideProtected(t.truth, lowSeen[i]!, p) && highSideProtected(t.truth, highSeen[i]!, p)) {
        bounds[i] = { verdict: 'protected (sampled)' };
        continue;
      }
      if (Date.now() > budgetEnd) break;
      if (stats.exactLps % 200 < 2 && stats.exactLps > 0) say(`${stats.exactLps} exact LPs, at target ${i} of ${targets.length}`);
      const evidence: Record<'min' | 'max', number[]> = { min: [], max: [] };
      const exact = (sense: 'min' | 'max') => {
        stats.exactLps++;
        const x = solve(t.indices, t.values, sense);
        if (x) see(x);
        // The rows whose multipliers prove the optimum (nonzero duals): the released figures that pin the target.
        if (x) {
          // Rows over the target's own unknowns first, then by the size of their multiplier.
          const own = new Set(t.indices);
          const touches = (r: number) => system.rows[r]!.indices.some((j) => own.has(j));
          evidence[sense] = Array.from(lastDual, (d, r) => (Math.abs(d) > 1e-9 ? r : -1))
            .filter((r) => r >= 0)
            .sort((a, b) => Number(touches(b)) - Number(touches(a)) || Math.abs(lastDual[b]!) - Math.abs(lastDual[a]!) || a - b);
        }
        return x ? value(t, x) : sense === 'min' ? -Infinity : Infinity;
      };
      // The side the samples did not settle first; the other only when needed (an at-risk figure gets both, for the
      // table). A protected figure may keep one side unsolved.
      const lowKnown = lowSideProtected(t.truth, lowSeen[i]!, p);
      let lo = lowKnown ? undefined : exact('min');
      let hi = lowKnown || lowSideProtected(t.truth, lo!, p) ? exact('max') : undefined;
      if ((lo !== undefined && !lowSideProtected(t.truth, lo, p)) || (hi !== undefined && !highSideProtected(t.truth, hi, p))) {
        lo ??= exact('min');
        hi ??= exact('max');
        const failing = [
          ...(lowSideProtected(t.truth, lo, p) ? [] : evidence.min),
          ...(highSideProtected(t.truth, hi, p) ? [] : evidence.max),
        ];
        bounds[i] = { verdict: 'at risk', lo, hi, evidence: [...new Set(failing)] };
      } else bounds[i] = { verdict: 'protected', lo, hi };
    }
    stats.ms = Date.now() - started;
    return { bounds, stats };
  } finally {
    model.dispose();
  }
}
