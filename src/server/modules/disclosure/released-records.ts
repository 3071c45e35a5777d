import { sql, type SQL } from 'drizzle-orm';
import type { MoneyField } from '../../../shared/record-rules.ts';
import { queryHeavyRows, queryRows, type Db } from '../../db/client.ts';
import { periodKey, type Period } from '../../db/data-versions.ts';
import { cellKey } from './release-blocks.ts';
import { letRequestsIn } from './served-releases.ts';

/**
 * The figures of a report that are no sums (a median, a lowest or highest fee, a count of distinct programs), over a
 * viewer's own live records and the others' records of each period's latest release (decision 024). They cannot be
 * added up from blocks, so they read records; at a million records a question reads about as many released records,
 * and sorting them on every question made the tuition report of a one-institution reader 1.27× that of someone who
 * reads every institution (docs/benchmarks.md). So the records of a release's period are read once and kept, each
 * money column's values already in order: a question keeps the rows it covers of each period's run, still in order,
 * and merges the runs (decision 043).
 *
 * The answers are those of the SQL aggregates they replace, exactly: values are kept in cents (exact in a double), a
 * median is `percentile_cont(0.5)`'s (the two middle values of the same sorted list, mixed in SQL as it mixes them)
 * and a lowest or highest is the value as `numeric::text` writes it.
 */

/** What a direct figure computes, and over which column of `records` and `release_records`. */
export type DirectFigure = { stat: 'distinct'; column: 'program_id' } | { stat: 'min' | 'median' | 'max'; column: MoneyField };

/** A release's period, as the question reads it: the release number with the time it was made, and the period. */
export interface ReleasedPeriod extends Period {
  release: number;
  /** With the number, names the release even if the releases were restored under the same numbers. */
  releasedAt: string;
}

type Chain = Period & { releases: readonly { number: number; releasedAt: string }[] };

/** A period's release at `step` (its releases oldest first, as `periodChains` gives them), as the direct figures read it. */
export const releaseAt = (chain: Chain, step: number): ReleasedPeriod => ({
  fy: chain.fy,
  term: chain.term,
  release: chain.releases[step]!.number,
  releasedAt: chain.releases[step]!.releasedAt,
});

/** A period's latest release. */
export const latestRelease = (chain: Chain): ReleasedPeriod => releaseAt(chain, chain.releases.length - 1);

/** A release of a period and the cells of a question it serves (a block held back serves an earlier release's). */
export interface ReleasedCells {
  period: ReleasedPeriod;
  selects: (cell: string) => boolean;
}

/** One release's records of one period: the columns direct figures read, as arrays. */
interface PeriodRecords {
  cells: string[];
  cell: Int32Array;
  institution: Int32Array;
  program: Int32Array;
  /** Per money column: the rows with a value, ordered by it, and the values (cents) in the same order. */
  sorted: Map<MoneyField, { rows: Int32Array; cents: Float64Array }>;
}

const MAX_KEPT_PERIODS = 400;
// Promises, so that concurrent first questions share one read.
const kept = new WeakMap<Db, Map<string, Promise<PeriodRecords>>>();

function periodRecords(db: Db, period: ReleasedPeriod, columns: readonly MoneyField[]): Promise<PeriodRecords> {
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const key = `${period.release}@${period.releasedAt}|${periodKey(period)}|${columns.join(',')}`;
  const found = byKey.get(key);
  if (found) {
    byKey.delete(key); // re-inserted last: Map order is the order of last use
    byKey.set(key, found);
    return found;
  }
  const reading = readPeriodRecords(db, period, columns);
  byKey.set(key, reading);
  reading.catch(() => byKey.delete(key));
  if (byKey.size > MAX_KEPT_PERIODS) byKey.delete(byKey.keys().next().value!);
  return reading;
}

/** Cents of a numeric(10,2) column as an exact float8. */
const cents = (column: string): SQL => sql`(${sql.raw(`r.${column}`)} * 100)::float8`;

async function readPeriodRecords(db: Db, period: ReleasedPeriod, columns: readonly MoneyField[]): Promise<PeriodRecords> {
  const rows = await queryHeavyRows<{ d: string; cr: string; w: string; inst: number; prog: number; v: (number | null)[] }>(
    db,
    sql`SELECT p.discipline AS d, p.credential AS cr, p.wil_type AS w, r.institution_id AS inst, r.program_id AS prog,
          ARRAY[${sql.join(
            columns.map((c) => cents(c)),
            sql`, `,
          )}]::float8[] AS v
        FROM release_records r JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
        WHERE r.release_id = ${period.release} AND r.fiscal_year = ${period.fy} AND r.term = ${period.term}`,
  );
  const cells: string[] = [];
  const index = new Map<string, number>();
  const records: PeriodRecords = {
    cells,
    cell: new Int32Array(rows.length),
    institution: new Int32Array(rows.length),
    program: new Int32Array(rows.length),
    sorted: new Map(),
  };
  rows.forEach((row, n) => {
    const k = cellKey(row.d, row.cr, row.w);
    if (!index.has(k)) index.set(k, cells.push(k) - 1);
    records.cell[n] = index.get(k)!;
    records.institution[n] = row.inst;
    records.program[n] = row.prog;
  });
  columns.forEach((column, c) => {
    const withValue = rows.flatMap((row, n) => (row.v[c] === null || row.v[c] === undefined ? [] : [n]));
    withValue.sort((a, b) => rows[a]!.v[c]! - rows[b]!.v[c]!);
    records.sorted.set(column, {
      rows: Int32Array.from(withValue),
      cents: Float64Array.from(withValue, (n) => rows[n]!.v[c]!),
    });
  });
  return records;
}

/** Two ascending runs merged into one. */
function mergeTwo(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** Ascending runs merged pairwise, so each value is copied about log2(runs) times. */
function mergeRuns(runs: Float64Array[]): Float64Array {
  let level = runs.filter((r) => r.length > 0);
  while (level.length > 1) {
    const next: Float64Array[] = [];
    for (let n = 0; n < level.length; n += 2) next.push(n + 1 < level.length ? mergeTwo(level[n]!, level[n + 1]!) : level[n]!);
    level = next;
  }
  return level[0] ?? new Float64Array(0);
}

/** Cents as `numeric(10,2)::text` writes them. */
function centsText(value: number): string {
  const whole = Math.abs(value);
  const units = Math.floor(whole / 100);
  const rest = whole - units * 100;
  return `${value < 0 ? '-' : ''}${units}.${String(rest).padStart(2, '0')}`;
}

/** A direct figure's value as SQL of the same type and text as the aggregate it replaces. */
function figureSql(figure: DirectFigure, programs: number, values: Float64Array): SQL {
  if (figure.stat === 'distinct') return sql`${programs}::float8`;
  if (values.length === 0) return sql`NULL::text`;
  if (figure.stat === 'min') return sql`${centsText(values[0]!)}::text`;
  if (figure.stat === 'max') return sql`${centsText(values.at(-1)!)}::text`;
  // percentile_cont(0.5) over float8: the values at floor and ceil of (n − 1) / 2, mixed half and half.
  const lo = sql`${centsText(values[Math.floor((values.length - 1) / 2)]!)}::numeric::float8`;
  const hi = sql`${centsText(values[Math.ceil((values.length - 1) / 2)]!)}::numeric::float8`;
  return sql`round((${lo} + 0.5::float8 * (${hi} - ${lo}))::numeric, 2)::text`;
}

/** The money columns `figures` read, in a fixed order. */
const columnsOf = (figures: readonly DirectFigure[]): MoneyField[] =>
  [...new Set(figures.flatMap((f) => (f.stat === 'distinct' ? [] : [f.column])))].sort();

/**
 * Each of `figures` over the viewer's own live records (`own.from` WHERE `own.where`, over `records r`) and, of each of
 * `periods`, the release's records in its cells that are not of `readable` institutions; as SQL values. `kept`: every
 * direct figure any report shows, so that a period's records are read and kept once for all of them.
 */
export async function directFigures(
  db: Db,
  figures: readonly DirectFigure[],
  kept: readonly DirectFigure[],
  own: { from: SQL; where: SQL },
  periods: readonly ReleasedCells[],
  readable: readonly number[],
): Promise<SQL[]> {
  const columns = columnsOf(figures);
  const keptColumns = columnsOf(kept);
  const [mine] = await queryRows<Record<string, number[] | null>>(
    db,
    sql`SELECT ${sql.join(
      [
        sql`array_agg(DISTINCT r.program_id) AS programs`,
        ...columns.map(
          (c) =>
            sql`array_agg(${cents(c)} ORDER BY ${sql.raw(`r.${c}`)}) FILTER (WHERE ${sql.raw(`r.${c}`)} IS NOT NULL) AS ${sql.identifier(c)}`,
        ),
      ],
      sql`, `,
    )} ${own.from} WHERE ${own.where}`,
  );
  const programs = new Set<number>(mine?.programs ?? []);
  const runs = new Map<MoneyField, Float64Array[]>(columns.map((c) => [c, [Float64Array.from(mine?.[c] ?? [])]]));
  const theirOwn = new Set(readable);
  // One period at a time, as the blocks are read (served-releases.ts): other people's requests keep their connections.
  for (const { period, selects } of periods) {
    const records = await periodRecords(db, period, keptColumns);
    const cellIn = records.cells.map(selects);
    const covered = new Uint8Array(records.cell.length);
    for (let n = 0; n < covered.length; n++) {
      if (!cellIn[records.cell[n]!] || theirOwn.has(records.institution[n]!)) continue;
      covered[n] = 1;
      programs.add(records.program[n]!);
    }
    for (const column of columns) {
      const { rows, cents: values } = records.sorted.get(column)!;
      const run = new Float64Array(rows.length);
      let k = 0;
      for (let i = 0; i < rows.length; i++) if (covered[rows[i]!]) run[k++] = values[i]!;
      runs.get(column)!.push(run.subarray(0, k));
    }
  }
  const merged = new Map(columns.map((c) => [c, mergeRuns(runs.get(c)!)]));
  return figures.map((f) => figureSql(f, programs.size, f.stat === 'distinct' ? new Float64Array(0) : merged.get(f.column)!));
}

/**
 * Reads ahead the records of released periods for `figures` (every direct figure any report shows), so that a first
 * question after a release or a start finds them kept; a period at a time, each a turn of its own (letRequestsIn).
 */
export async function keepReleasedRecords(
  db: Db,
  periods: readonly ReleasedPeriod[],
  figures: readonly DirectFigure[],
  signal?: AbortSignal,
) {
  for (const period of periods) {
    await periodRecords(db, period, columnsOf(figures));
    await letRequestsIn(signal);
  }
}
