import type { Cell, PartBlocks, PeriodBlocks } from './period-blocks.ts';

/** What a question selects within a period: a cell is in it when it matches every list given. */
export interface CellFilter {
  disciplines?: readonly string[];
  credentials?: readonly string[];
  wilTypes?: readonly string[];
}

export function cellMatcher(filter: CellFilter): (cell: Cell) => boolean {
  const test = (list: readonly string[] | undefined, value: string) => !list?.length || list.includes(value);
  return (cell) => test(filter.disciplines, cell.d) && test(filter.credentials, cell.cr) && test(filter.wilTypes, cell.w);
}

interface DisciplineInQuestion {
  /** The question holds some of its cells; leaves some out; holds a failing one; leaves a failing one out. */
  inside: boolean;
  outside: boolean;
  failingInside: number;
  failingOutside: boolean;
}

/**
 * The verdict on one part of a question within one period (0 released, 1 threshold, 2 dominance): released when every
 * block the question touches passes and lies wholly inside it. `inQuestion` is, per cell of `period`, whether the
 * question selects it.
 */
export function periodVerdict(period: PeriodBlocks, part: PartBlocks, inQuestion: readonly boolean[]): number {
  const byDiscipline = new Map<string, DisciplineInQuestion>();
  let touched = false;
  let covers = true;
  period.cells.forEach((cell, n) => {
    let d = byDiscipline.get(cell.d);
    if (!d) byDiscipline.set(cell.d, (d = { inside: false, outside: false, failingInside: 0, failingOutside: false }));
    const verdict = part.cells[n]!;
    if (inQuestion[n]) {
      touched = d.inside = true;
      d.failingInside = Math.max(d.failingInside, verdict);
    } else {
      covers = false;
      d.outside = true;
      if (verdict !== 0) d.failingOutside = true;
    }
  });
  if (!touched) return 0;
  // Every cell of the period: the period's total is one sum of blocks.
  if (covers) return part.total;
  // The pool fails even with the smallest other discipline: the whole period is one block, and it is cut.
  if (part.pool !== 0 && part.poolWithPick !== 0) return part.pool;
  let split = 0;
  let poolInside = false;
  let poolOutside = false;
  let poolReason = 1;
  for (const [name, d] of byDiscipline) {
    const blocks = part.disciplines.get(name)!;
    // Mode 0: a failing cell inside and another failing one outside cut the remainder block.
    if (blocks.mode === 0 && d.failingInside !== 0 && d.failingOutside) split = Math.max(split, d.failingInside);
    // Mode 1: the whole discipline is one block, cut when the question holds part of it.
    if (blocks.mode === 1 && d.inside && d.outside) split = Math.max(split, blocks.remainder);
    const pooled = blocks.mode === 2 || (part.pool !== 0 && name === part.pick);
    if (pooled && d.inside) {
      poolInside = true;
      poolReason = Math.max(poolReason, blocks.remainder);
    }
    if (pooled && d.outside) poolOutside = true;
  }
  if (split !== 0) return split;
  // The pool is one block, cut when the question holds part of it.
  return poolInside && poolOutside ? poolReason : 0;
}
