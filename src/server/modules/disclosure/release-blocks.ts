import { judgeContributions, type DisclosureRule } from '../../../shared/disclosure.ts';
import type { SuppressionReason } from '../../../shared/schemas/report.ts';

/**
 * The blocks of one period and one part of a figure, as one viewer is served them from the period's releases
 * (decision 024). Pure functions over numbers, so the soundness arguments below are unit-tested as properties.
 *
 * Within one release the blocks are those of decision 020: a cell (discipline × credential × WIL type) is a block when
 * the institutions the viewer may not read pass the rule in it; a discipline's failing cells are pooled into a
 * remainder block; if that fails, the whole discipline is one block; if that fails too, its cells go to the period's
 * pool, which takes in the smallest other discipline when it fails alone; if that fails, the period is one block.
 *
 * Across releases of the same period the viewer has seen earlier sums too, and two different partitions of the same
 * cells could isolate a cell by subtraction. So a period's partition only ever coarsens: each release's partition is
 * joined with the one served before (cells in one block of either are in one block of the result), and every block is
 * then a union of every earlier block it touches. What a viewer can learn from two releases is, per block, the change
 * between them: that change, institution by institution, must itself pass the rule (at least `minInstitutions`
 * institutions changed, none accounting for more than `maxSharePercent` of the change) against every earlier value the
 * block was served, or the block keeps its previous value and is marked as a revision held back.
 */

/** An institution's value of the part in a set of cells: null when it has records there but none carries the part. */
export type Contributions = Map<number, number | null>;

/** One release's data of one period for one part: each cell's contributions by institution. */
export interface PeriodData {
  cells: Map<string, Contributions>;
}

export interface ServedBlock {
  cells: string[];
  /** The values served, by institution (what a viewer may learn the sum of). */
  served: Contributions;
  /** Every value served before this release, oldest first (the same length in every block of a state). */
  history: Contributions[];
  /** null when the served values pass the rule, else why not. */
  verdict: SuppressionReason | null;
  /** The served values are an earlier release's: the change since could not be released. */
  heldBack: boolean;
}

/** What one viewer is served of one part of one period after some releases. */
export interface ServedState {
  blocks: ServedBlock[];
  blockOf: Map<string, number>;
  steps: number;
}

export const cellKey = (d: string, cr: string, w: string): string => `${d}\u0000${cr}\u0000${w}`;
export const cellParts = (key: string): { d: string; cr: string; w: string } => {
  const [d, cr, w] = key.split('\u0000') as [string, string, string];
  return { d, cr, w };
};

function add(into: Contributions, from: Contributions): void {
  for (const [inst, v] of from) {
    const before = into.get(inst);
    into.set(inst, before === undefined || before === null ? v : v === null ? before : before + v);
  }
}

function sumOf(cells: Iterable<Contributions>): Contributions {
  const total: Contributions = new Map();
  for (const c of cells) add(total, c);
  return total;
}

const judge = (c: Contributions, rule: DisclosureRule): SuppressionReason | null => judgeContributions([...c.values()], rule);

const valueSum = (c: Contributions): number => {
  let s = 0;
  for (const v of c.values()) s += v ?? 0;
  return s;
};

/** The partition of decision 020 for one release's data: lists of cell keys, the failing whole period as one block. */
export function releasePartition(data: PeriodData, rule: DisclosureRule): string[][] {
  const byDiscipline = new Map<string, string[]>();
  for (const key of data.cells.keys()) {
    const { d } = cellParts(key);
    byDiscipline.set(d, [...(byDiscipline.get(d) ?? []), key]);
  }
  const of = (keys: readonly string[]) => sumOf(keys.map((k) => data.cells.get(k)!));
  const blocks: string[][] = [];
  const pool: string[] = [];
  /** Per discipline not pooled: its own blocks, kept apart in case it joins the pool. */
  const kept = new Map<string, string[][]>();
  for (const [d, keys] of [...byDiscipline].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const failing = keys.filter((k) => judge(data.cells.get(k)!, rule) !== null);
    const passing = keys.filter((k) => !failing.includes(k));
    if (failing.length === 0 || judge(of(failing), rule) === null)
      kept.set(d, [...passing.map((k) => [k]), ...(failing.length ? [failing] : [])]);
    else if (judge(of(keys), rule) === null) kept.set(d, [keys]);
    else pool.push(...keys);
  }
  if (pool.length > 0 && judge(of(pool), rule) !== null) {
    // The smallest other discipline (by the part's total) joins the pool; if that fails too, the period is one block.
    const pick = [...kept.keys()].sort((a, b) => valueSum(of(byDiscipline.get(a)!)) - valueSum(of(byDiscipline.get(b)!)))[0];
    if (pick === undefined || judge(of([...pool, ...byDiscipline.get(pick)!]), rule) !== null) return [[...data.cells.keys()]];
    pool.push(...byDiscipline.get(pick)!);
    kept.delete(pick);
  }
  for (const own of kept.values()) blocks.push(...own);
  if (pool.length > 0) blocks.push(pool);
  return blocks;
}

/** The change from `before` to `after` by institution, as absolute values (institutions without a change left out). */
function changeOf(after: Contributions, before: Contributions): Contributions {
  const change: Contributions = new Map();
  for (const inst of new Set([...after.keys(), ...before.keys()])) {
    const delta = Math.abs((after.get(inst) ?? 0) - (before.get(inst) ?? 0));
    if (delta !== 0) change.set(inst, delta);
  }
  return change;
}

/** Whether a viewer who saw `before` may see `after` of the same block: no change, or a change that passes the rule. */
export function changeReleasable(after: Contributions, before: Contributions, rule: DisclosureRule): boolean {
  const change = changeOf(after, before);
  return change.size === 0 || judge(change, rule) === null;
}

/**
 * The state after one more release of the period: the release's partition joined with the state's, each block served
 * the release's values when its change against every earlier served value passes the rule, its previous value otherwise.
 */
export function serveRelease(state: ServedState | null, data: PeriodData, rule: DisclosureRule): ServedState {
  const candidate = releasePartition(data, rule);
  // Union-find over every cell either partition holds.
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(k, root);
    return root;
  };
  const union = (keys: readonly string[]) => {
    for (const k of keys) if (!parent.has(k)) parent.set(k, k);
    for (const k of keys.slice(1)) parent.set(find(k), find(keys[0]!));
  };
  for (const block of candidate) union(block);
  for (const block of state?.blocks ?? []) union(block.cells);
  const groups = new Map<string, string[]>();
  for (const k of parent.keys()) groups.set(find(k), [...(groups.get(find(k)) ?? []), k]);

  const steps = state?.steps ?? 0;
  const blocks: ServedBlock[] = [];
  const blockOf = new Map<string, number>();
  for (const cells of [...groups.values()].map((g) => g.sort())) {
    const now = sumOf(cells.flatMap((k) => (data.cells.has(k) ? [data.cells.get(k)!] : [])));
    // Earlier blocks inside this one (each lies wholly inside: partitions only coarsen), their histories summed.
    const earlier = new Set(cells.flatMap((k) => (state?.blockOf.has(k) ? [state.blockOf.get(k)!] : [])));
    const history = Array.from({ length: steps }, (_, step) => sumOf([...earlier].map((n) => state!.blocks[n]!.history[step]!)));
    const releasable = history.every((before) => changeReleasable(now, before, rule));
    const served = releasable || history.length === 0 ? now : history.at(-1)!;
    const n = blocks.length;
    blocks.push({ cells, served, history: [...history, served], verdict: judge(served, rule), heldBack: served !== now });
    for (const k of cells) blockOf.set(k, n);
  }
  return { blocks, blockOf, steps: steps + 1 };
}

/** What a question needs of one viewer's served blocks of one part of a period, without the institutions' values. */
export interface ServedBlocks {
  blockOf: Map<string, number>;
  size: number[];
  /** The served sum of each block. */
  value: number[];
  verdict: (SuppressionReason | null)[];
  heldBack: boolean[];
}

export function compactState(state: ServedState): ServedBlocks {
  return {
    blockOf: state.blockOf,
    size: state.blocks.map((b) => b.cells.length),
    value: state.blocks.map((b) => valueSum(b.served)),
    verdict: state.blocks.map((b) => b.verdict),
    heldBack: state.blocks.map((b) => b.heldBack),
  };
}

/** What a question gets of one part of one period: the released sum, or why not. */
export type PartAnswer = { value: number; heldBack: boolean } | { reason: SuppressionReason };

/**
 * A question's share of a served period: released when every block it touches passes and lies wholly inside it; then
 * the sum of those blocks' served values. `selects` says whether the question holds a cell.
 */
export function answerPart(blocks: ServedBlocks, selects: (cell: string) => boolean): PartAnswer {
  const inside = new Map<number, number>();
  for (const [cell, n] of blocks.blockOf) if (selects(cell)) inside.set(n, (inside.get(n) ?? 0) + 1);
  let value = 0;
  let heldBack = false;
  for (const [n, count] of inside) {
    const verdict = blocks.verdict[n];
    if (verdict) return { reason: verdict };
    if (count < blocks.size[n]!) return { reason: 'threshold' };
    value += blocks.value[n]!;
    heldBack ||= blocks.heldBack[n]!;
  }
  return { value, heldBack };
}
