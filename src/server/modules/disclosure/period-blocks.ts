import { sql, type SQL } from 'drizzle-orm';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { periodKey, periodRows, periodVersion, type Period } from '../../db/data-versions.ts';
import { inList } from '../records/record-sql.ts';
import { APPROVED_ONLY, RETURN_JOIN } from '../returns/return-flags.ts';

/**
 * The blocks of each period as one viewer sees them (province-figures.ts says what a block is): for the records of
 * the institutions the viewer may not read, per part, each cell's verdict, how each discipline is blocked and the
 * verdicts of the period's pool and total. None of it depends on the question asked, so it is computed once per
 * period and kept (block-cache.ts) until the period's data changes.
 */

/** A cell: one discipline × credential × WIL type within a period. */
export interface Cell {
  d: string;
  cr: string;
  w: string;
}

/**
 * One part's blocks in one period. Verdicts: 0 passes (or nothing to protect), 1 threshold, 2 dominance. A
 * discipline's mode: 0 each passing cell is a block and the failing ones are pooled, which passes; 1 the whole
 * discipline is one block; 2 its cells go up to the period's pool.
 */
export interface PartBlocks {
  /** Verdict per cell, in the order of `PeriodBlocks.cells`. */
  cells: number[];
  /** Per discipline: its mode and the verdict of its remainder (what a failing block in it is reported as). */
  disciplines: Map<string, { mode: number; remainder: number }>;
  /** The period's smallest discipline outside the pool, which joins the pool when the pool fails alone. */
  pick: string | null;
  /** Verdicts of the pool alone, the pool with `pick`, and the period's total. */
  pool: number;
  poolWithPick: number;
  total: number;
}

export interface PeriodBlocks {
  /** The data version the blocks were computed at (data_changes; decision 022). */
  version: string | null;
  /** The cells holding records of institutions the viewer may not read. */
  cells: Cell[];
  parts: Map<string, PartBlocks>;
}

/** A part: its name and its per-record value. */
export interface Part {
  name: string;
  value: SQL;
}

/** The rule as SQL over one value per institution in a window: the same test as `judgeContributions`. */
function judge(v: SQL, rule: DisclosureRule, over: SQL = sql``): SQL {
  return sql`CASE WHEN count(${v}) ${over} = 0 THEN 0
    WHEN sum(${v}) ${over} = 0 THEN (CASE WHEN count(${v}) ${over} < ${rule.minInstitutions} THEN 1 ELSE 0 END)
    WHEN count(${v}) FILTER (WHERE ${v} <> 0) ${over} < ${rule.minInstitutions} THEN 1
    WHEN max(${v}) ${over} * 100 > ${rule.maxSharePercent} * sum(${v}) ${over} THEN 2 ELSE 0 END`;
}

/** A numbered column of part `n`: `_j3`, `_mode3`, … */
const c = (name: string, n: number): SQL => sql`${sql.identifier(`_${name}${n}`)}`;

/**
 * The blocks of `periods` for a viewer who reads `readable`, per part, with each period's version read in the same
 * statement (so the blocks and their label come from one snapshot). One scan of those periods' records.
 */
export async function computePeriodBlocks(
  db: Db,
  periods: readonly Period[],
  parts: readonly Part[],
  readable: readonly number[],
  rule: DisclosureRule,
  approvedOnly: boolean,
): Promise<Map<string, PeriodBlocks>> {
  const n = parts.map((_, k) => k);
  const each = (fn: (k: number) => SQL) => sql.join(n.map(fn), sql`, `);
  const array = (fn: (k: number) => SQL) => sql`ARRAY[${each(fn)}]::int[]`;
  const others = readable.length > 0 ? sql`NOT ${inList(sql`r.institution_id`, [...readable])}` : sql`true`;
  // Windows rather than grouping and joining back: the planner cannot estimate these CTEs' sizes and chose nested
  // loops over them (5 s of 8 on a million records).
  const cellWindow = sql`OVER (PARTITION BY fy, term, d, cr, w)`;
  const disWindow = sql`OVER (PARTITION BY fy, term, d)`;
  const rows = await queryHeavyRows<BlockRow>(
    db,
    sql`WITH want (fy, term) AS (VALUES ${periodRows(periods)}),
    v AS (SELECT fy, term, ${periodVersion(sql`want.fy`, sql`want.term`, approvedOnly)} AS version FROM want),
    ci AS MATERIALIZED (
      SELECT r.fiscal_year AS fy, r.term AS term, p.discipline AS d, p.credential AS cr, p.wil_type AS w,
        r.institution_id AS inst, ${each((k) => sql`sum(${parts[k]!.value}) AS ${c('p', k)}`)}
      FROM records r JOIN programs p ON p.id = r.program_id ${approvedOnly ? RETURN_JOIN : sql``}
      WHERE r.status = 'submitted' AND (r.fiscal_year, r.term) IN (SELECT fy, term FROM want) AND ${others}
        ${approvedOnly ? sql`AND ${APPROVED_ONLY}` : sql``}
      GROUP BY r.fiscal_year, r.term, p.discipline, p.credential, p.wil_type, r.institution_id
    ),
    cj AS (
      SELECT fy, term, d, cr, w, inst, ${each((k) => sql`${c('p', k)}, ${judge(c('p', k), rule, cellWindow)} AS ${c('j', k)}`)}
      FROM ci
    ),
    dis_inst AS (
      SELECT fy, term, d, inst, ${each(
        (k) => sql`sum(${c('p', k)}) FILTER (WHERE ${c('j', k)} <> 0) AS ${c('r', k)}, sum(${c('p', k)}) AS ${c('t', k)}`,
      )}
      FROM cj GROUP BY fy, term, d, inst
    ),
    dis_w AS (
      SELECT fy, term, d, inst, ${each(
        (
          k,
        ) => sql`${c('t', k)}, ${judge(c('r', k), rule, disWindow)} AS ${c('r', k)}, sum(${c('t', k)}) ${disWindow} AS ${c('ts', k)},
          CASE WHEN ${judge(c('r', k), rule, disWindow)} = 0 THEN 0 WHEN ${judge(c('t', k), rule, disWindow)} = 0 THEN 1
            ELSE 2 END AS ${c('mode', k)}`,
      )}
      FROM dis_inst
    ),
    dis_p AS (
      SELECT *, ${each(
        (k) => sql`first_value(d) OVER (PARTITION BY fy, term ORDER BY ${c('mode', k)} = 2, ${c('ts', k)}, d) AS ${c('pick', k)}`,
      )}
      FROM dis_w
    ),
    per AS (
      SELECT fy, term, ${each(
        (k) => sql`${judge(c('l', k), rule)} AS ${c('l', k)}, ${judge(c('lp', k), rule)} AS ${c('lp', k)},
          ${judge(c('t', k), rule)} AS ${c('t', k)}`,
      )}
      FROM (
        SELECT fy, term, inst, ${each(
          (k) => sql`sum(${c('t', k)}) FILTER (WHERE ${c('mode', k)} = 2) AS ${c('l', k)},
            sum(${c('t', k)}) FILTER (WHERE ${c('mode', k)} = 2 OR d = ${c('pick', k)}) AS ${c('lp', k)},
            sum(${c('t', k)}) AS ${c('t', k)}`,
        )}
        FROM dis_p GROUP BY fy, term, inst
      ) per_inst
      GROUP BY fy, term
    ),
    dis AS (
      SELECT DISTINCT fy, term, d, ${each((k) => sql`${c('r', k)}, ${c('mode', k)}, ${c('pick', k)}`)} FROM dis_p
    ),
    cells AS (SELECT DISTINCT fy, term, d, cr, w, ${array((k) => c('j', k))} AS j FROM cj)
    SELECT v.fy, v.term, v.version, cells.d, cells.cr, cells.w, cells.j,
      ${array((k) => sql`dis.${c('mode', k)}`)} AS mode, ${array((k) => sql`dis.${c('r', k)}`)} AS remainder,
      ARRAY[${each((k) => sql`dis.${c('pick', k)}`)}]::text[] AS pick,
      ${array((k) => sql`per.${c('l', k)}`)} AS pool, ${array((k) => sql`per.${c('lp', k)}`)} AS pool_with_pick,
      ${array((k) => sql`per.${c('t', k)}`)} AS total
    FROM v LEFT JOIN cells USING (fy, term) LEFT JOIN dis USING (fy, term, d) LEFT JOIN per USING (fy, term)
    ORDER BY v.fy, v.term, cells.d, cells.cr, cells.w`,
  );

  return blocksOfRows(rows, parts);
}

/** One cell of a period (null for a period without records of the others) with its discipline's and period's blocks. */
type BlockRow = {
  fy: string;
  term: string;
  version: string | null;
  d: string | null;
  cr: string;
  w: string;
  j: number[];
  mode: number[];
  remainder: number[];
  pick: (string | null)[];
  pool: number[];
  pool_with_pick: number[];
  total: number[];
};

function blocksOfRows(rows: readonly BlockRow[], parts: readonly Part[]): Map<string, PeriodBlocks> {
  const nothing = (): PartBlocks => ({ cells: [], disciplines: new Map(), pick: null, pool: 0, poolWithPick: 0, total: 0 });
  const blocks = new Map<string, PeriodBlocks>();
  for (const row of rows) {
    const key = periodKey(row);
    let period = blocks.get(key);
    if (!period) {
      // A period with no records of the others (one row, its cell null) answers for every part: nothing to protect.
      period = { version: row.version, cells: [], parts: new Map(parts.map((part) => [part.name, nothing()])) };
      blocks.set(key, period);
      if (row.d !== null)
        parts.forEach((part, k) => {
          Object.assign(period!.parts.get(part.name)!, {
            pick: row.pick[k] ?? null,
            pool: row.pool[k]!,
            poolWithPick: row.pool_with_pick[k]!,
            total: row.total[k]!,
          });
        });
    }
    if (row.d === null) continue;
    period.cells.push({ d: row.d, cr: row.cr, w: row.w });
    parts.forEach((part, k) => {
      const blocksOfPart = period!.parts.get(part.name)!;
      blocksOfPart.cells.push(row.j[k]!);
      blocksOfPart.disciplines.set(row.d!, { mode: row.mode[k]!, remainder: row.remainder[k]! });
    });
  }
  return blocks;
}
