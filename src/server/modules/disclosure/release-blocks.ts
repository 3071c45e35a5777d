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
 *
 * The parts of a period are tied by identities every record obeys (work-term locations add up to students placed,
 * placed ≤ seeking), and blocks cut differently for tied parts let those identities narrow an institution's figure
 * (the independent audit found three). So the parts come in families (decision 025): the first family (the
 * participation figures every report shows) chooses the period's partition; every other family is served on a
 * coarsening of it, the partition joined with the one its own parts would choose, so a sparse family (a location few
 * institutions report) is still answered over wide questions. Each family's parts share its blocks, and a change is
 * released or held back for every part at once within each block of the join of all families' partitions, so no
 * identity can work out a held-back part from released ones.
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
  /**
   * Per cell, the release (step, from 0) whose records it is served as: the figures that are no sums (a median, a
   * count of distinct programs) read each cell's records from there, so they move only when the sums may. A cell
   * first seen in a release held back has none yet.
   */
  fromStep: Map<string, number>;
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

/** Whether a set of cells may be a block of the partition, and its size (the smallest discipline joins a failing pool). */
export interface BlockTest {
  passes(keys: readonly string[]): boolean;
  size(keys: readonly string[]): number;
}

/** The sum of `keys`' contributions in `data` (cells it does not hold count as none). */
const sumIn = (data: PeriodData, keys: readonly string[]): Contributions =>
  sumOf(keys.flatMap((k) => (data.cells.has(k) ? [data.cells.get(k)!] : [])));

/** A set of cells passes when it passes the rule on every one of `parts`; its size is that of the first. */
export function blockTest(parts: readonly PeriodData[], rule: DisclosureRule): BlockTest {
  return {
    passes: (keys) => parts.every((data) => judge(sumIn(data, keys), rule) === null),
    size: (keys) => (parts[0] ? valueSum(sumIn(parts[0], keys)) : 0),
  };
}

/** The partition of decision 020 of a release's cells: lists of cell keys, the failing whole period as one block. */
export function releasePartition(cells: readonly string[], test: BlockTest): string[][] {
  const byDiscipline = new Map<string, string[]>();
  for (const key of cells) {
    const { d } = cellParts(key);
    byDiscipline.set(d, [...(byDiscipline.get(d) ?? []), key]);
  }
  const blocks: string[][] = [];
  const pool: string[] = [];
  /** Per discipline not pooled: its own blocks, kept apart in case it joins the pool. */
  const kept = new Map<string, string[][]>();
  for (const [d, keys] of [...byDiscipline].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const failing = keys.filter((k) => !test.passes([k]));
    const passing = keys.filter((k) => !failing.includes(k));
    if (failing.length === 0 || test.passes(failing))
      kept.set(d, [...passing.map((k) => [k]), ...(failing.length ? [failing] : [])]);
    else if (test.passes(keys)) kept.set(d, [keys]);
    else pool.push(...keys);
  }
  if (pool.length > 0 && !test.passes(pool)) {
    // The smallest other discipline (by the first part's total) joins the pool; if that fails too, the period is one block.
    const pick = [...kept.keys()].sort((a, b) => test.size(byDiscipline.get(a)!) - test.size(byDiscipline.get(b)!))[0];
    if (pick === undefined || !test.passes([...pool, ...byDiscipline.get(pick)!])) return [[...cells]];
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
 * The same for a part that only tells whether an institution's records changed (a sum of hashes of its fees): its
 * size means nothing, so only the number of institutions that changed is judged.
 */
const changeSeenByEnough = (after: Contributions, before: Contributions, rule: DisclosureRule): boolean => {
  const changed = changeOf(after, before).size;
  return changed === 0 || changed >= rule.minInstitutions;
};

/** Partitions joined: cells in one block of any are in one block of the result (each block's cells sorted). */
function joinPartitions(partitions: readonly (readonly (readonly string[])[])[]): string[][] {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(k, root);
    return root;
  };
  for (const block of partitions.flat()) {
    for (const k of block) if (!parent.has(k)) parent.set(k, k);
    for (const k of block.slice(1)) parent.set(find(k), find(block[0]!));
  }
  const groups = new Map<string, string[]>();
  for (const k of parent.keys()) groups.set(find(k), [...(groups.get(find(k)) ?? []), k]);
  return [...groups.values()].map((g) => g.sort());
}

/**
 * The states of every part after one more release of the period. `parts`: the release's data of each part (the same
 * cells in each); `states`: each part's state before; `families`: the parts by family, indices into `parts`, the first
 * family choosing the partition (by default one family of every part). Each family's blocks are the release's
 * partition, joined with the blocks it was served before; a block shows the release's values when, for every part
 * of every family, each block within the same block of all families joined changed by a change that passes the rule
 * against every earlier served value, and its previous values otherwise. `changeOnly`: parts that only show whether
 * institutions' records changed (changeSeenByEnough); they take no part in choosing blocks and are never shown.
 */
export function serveRelease(
  states: readonly ServedState[] | null,
  parts: readonly PeriodData[],
  rule: DisclosureRule,
  families: readonly (readonly number[])[] = [parts.map((_, p) => p)],
  changeOnly: ReadonlySet<number> = new Set(),
): ServedState[] {
  const cells = [...new Set(parts.flatMap((data) => [...data.cells.keys()]))].sort();
  const earlier = (family: readonly number[]) => states?.[family[0]!]?.blocks.map((b) => b.cells) ?? [];
  const judged = (family: readonly number[]) =>
    releasePartition(
      cells,
      blockTest(
        family.filter((p) => !changeOnly.has(p)).map((p) => parts[p]!),
        rule,
      ),
    );
  const first = joinPartitions([judged(families[0]!), earlier(families[0]!)]);
  const partitions = families.map((family, f) => (f === 0 ? first : joinPartitions([first, judged(family), earlier(family)])));
  // Per part and block: the release's values and every value served before.
  const blocks = families.map((family, f) =>
    family.map((p) => {
      const state = states?.[p];
      const steps = state?.steps ?? 0;
      return partitions[f]!.map((blockCells) => {
        const inside = new Set(blockCells.flatMap((k) => (state?.blockOf.has(k) ? [state.blockOf.get(k)!] : [])));
        const history = Array.from({ length: steps }, (_, step) =>
          sumOf([...inside].map((n) => state!.blocks[n]!.history[step]!)),
        );
        return { cells: blockCells, now: sumIn(parts[p]!, blockCells), history };
      });
    }),
  );
  // A change is released per block of every family's partition joined.
  const units = joinPartitions(partitions);
  const unitOf = new Map(units.flatMap((unit, u) => unit.map((k) => [k, u] as const)));
  const held = new Set<number>();
  families.forEach((family, f) =>
    family.forEach((p, i) => {
      const releasable = changeOnly.has(p) ? changeSeenByEnough : changeReleasable;
      for (const { cells: blockCells, now, history } of blocks[f]![i]!)
        if (!history.every((before) => releasable(now, before, rule))) held.add(unitOf.get(blockCells[0]!)!);
    }),
  );

  const next: ServedState[] = parts.map(() => ({ blocks: [], blockOf: new Map(), steps: 0, fromStep: new Map() }));
  families.forEach((family, f) =>
    family.forEach((p, i) => {
      const state = next[p]!;
      const step = states?.[p]?.steps ?? 0;
      state.steps = step + 1;
      for (const { cells: blockCells, now, history } of blocks[f]![i]!) {
        const isHeld = history.length > 0 && held.has(unitOf.get(blockCells[0]!)!);
        const served = isHeld ? history.at(-1)! : now;
        for (const k of blockCells) {
          const from = isHeld ? states?.[p]?.fromStep.get(k) : step;
          if (from !== undefined) state.fromStep.set(k, from);
        }
        const n = state.blocks.length;
        state.blocks.push({
          cells: blockCells,
          served,
          history: [...history, served],
          verdict: changeOnly.has(p) ? null : judge(served, rule),
          // Held back: what is served differs from the release (a part that did not change is served as it is).
          heldBack: served !== now && changeOf(now, served).size > 0,
        });
        for (const k of blockCells) state.blockOf.set(k, n);
      }
    }),
  );
  return next;
}

/** What a question needs of one viewer's served blocks of one part of a period, without the institutions' values. */
export interface ServedBlocks {
  blockOf: Map<string, number>;
  size: number[];
  /** The served sum of each block. */
  value: number[];
  verdict: (SuppressionReason | null)[];
  heldBack: boolean[];
  /** Per cell, the release (step) whose records it is served as (ServedState). */
  fromStep: Map<string, number>;
}

export function compactState(state: ServedState): ServedBlocks {
  return {
    blockOf: state.blockOf,
    fromStep: state.fromStep,
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
 * the sum of those blocks' served values. `selects` says whether the question holds a cell. A question that takes only
 * part of a passing block is refused as `partial`, not as `threshold`: the part may have many institutions in it, and
 * the footnote must say the true reason (what to ask instead is different too).
 */
export function answerPart(blocks: ServedBlocks, selects: (cell: string) => boolean): PartAnswer {
  const inside = new Map<number, number>();
  for (const [cell, n] of blocks.blockOf) if (selects(cell)) inside.set(n, (inside.get(n) ?? 0) + 1);
  let value = 0;
  let heldBack = false;
  for (const [n, count] of inside) {
    const verdict = blocks.verdict[n];
    if (verdict) return { reason: verdict };
    if (count < blocks.size[n]!) return { reason: 'partial' };
    value += blocks.value[n]!;
    heldBack ||= blocks.heldBack[n]!;
  }
  return { value, heldBack };
}
