import { sql, type SQL } from 'drizzle-orm';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import { WORK_TERM_SPLITS, type MoneyField } from '../../../shared/record-rules.ts';
import { queryHeavyRows, queryRows, type Db } from '../../db/client.ts';
import { dataPeriodsIn, periodKey, type Period, type PeriodRange } from '../../db/data-versions.ts';
import {
  cellKey,
  compactState,
  serveRelease,
  type Contributions,
  type PeriodData,
  type ServedBlocks,
  type ServedState,
} from './release-blocks.ts';

/**
 * Reads releases (decision 024) and keeps, per viewer and period, the blocks they are served (release-blocks.ts).
 * Releases never change once made, so nothing kept here ever goes stale: a new release of a period only adds a step
 * to its chain, and the viewer's blocks of that period are computed again from the whole chain.
 */

/** A part: its name and its per-record value as SQL over `release_records r`. */
export interface Part {
  name: string;
  value: SQL;
}

export interface ReleaseOfPeriod {
  number: number;
  releasedAt: string;
  final: boolean;
}

/** A period's releases, oldest first. */
export interface PeriodChain extends Period {
  releases: ReleaseOfPeriod[];
}

/**
 * The periods of `range` that hold submitted records now or are in a release, each with its releases (none: not yet
 * released). Drafts count in no figure, so a period holding only drafts is not one: it made a question over it
 * answer "not yet released" instead of nothing, so the first draft anyone saved there showed to every reader (found
 * by a statistician's audit).
 */
export async function periodChains(db: Db, range: PeriodRange): Promise<PeriodChain[]> {
  const rows = await queryRows<{ fy: string; term: string; releases: ReleaseOfPeriod[] | null }>(
    db,
    sql`WITH periods AS (
          SELECT dp.fiscal_year, dp.term FROM data_periods dp WHERE ${dataPeriodsIn(range)}
            AND EXISTS (SELECT 1 FROM records r
                        WHERE r.fiscal_year = dp.fiscal_year AND r.term = dp.term AND r.status = 'submitted')
          UNION SELECT rp.fiscal_year, rp.term FROM release_periods rp WHERE ${dataPeriodsIn(range, 'rp')})
        SELECT pe.fiscal_year AS fy, pe.term,
          (SELECT json_agg(json_build_object('number', rp.release_id, 'final', rp.final,
              'releasedAt', to_char(rl.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY rp.release_id)
            FROM release_periods rp JOIN releases rl ON rl.id = rp.release_id
            WHERE rp.fiscal_year = pe.fiscal_year AND rp.term = pe.term) AS releases
        FROM periods pe ORDER BY pe.fiscal_year, pe.term`,
  );
  return rows.map((r) => ({ fy: r.fy, term: r.term, releases: r.releases ?? [] }));
}

/** One release's records of one period, summed per cell and institution for every part, as compact arrays. */
interface ReleaseData {
  cells: string[];
  /** Per row: its cell (index into `cells`) and institution; values row-major, one per part, NaN for none. */
  cell: Int32Array;
  institution: Int32Array;
  values: Float64Array;
}

const MAX_KEPT_RELEASE_DATA = 400;
const MAX_KEPT_VIEWERS = 32;
// Promises, so that concurrent first questions share one read instead of each running it.
const releaseData = new WeakMap<Db, Map<string, Promise<ReleaseData>>>();

/** Cents, so sums of money are exact in a double and add up exactly across institutions and periods. */
const SCALE = 100;

/**
 * A release as the keys of what is kept: its number with the time it was made, since a number names one release only
 * while releases are never deleted (a restore, or a test starting over, can bring another release under the number).
 */
const releaseKey = (release: ReleaseOfPeriod) => `${release.number}@${release.releasedAt}`;

function readReleaseData(db: Db, release: ReleaseOfPeriod, period: Period, parts: readonly Part[]): Promise<ReleaseData> {
  let kept = releaseData.get(db);
  if (!kept) releaseData.set(db, (kept = new Map()));
  const key = `${releaseKey(release)}|${periodKey(period)}|${parts.map((p) => p.name).join(',')}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const reading = queryReleaseData(db, release.number, period, parts);
  kept.set(key, reading);
  reading.catch(() => kept.delete(key));
  if (kept.size > MAX_KEPT_RELEASE_DATA) kept.delete(kept.keys().next().value!);
  return reading;
}

async function queryReleaseData(db: Db, release: number, period: Period, parts: readonly Part[]): Promise<ReleaseData> {
  const rows = await queryHeavyRows<{ d: string; cr: string; w: string; inst: number; v: (number | null)[] }>(
    db,
    sql`SELECT p.discipline AS d, p.credential AS cr, p.wil_type AS w, r.institution_id AS inst,
          ARRAY[${sql.join(
            parts.map((part) => sql`round(sum(${part.value}) * ${SCALE})::float8`),
            sql`, `,
          )}]::float8[] AS v
        FROM release_records r JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
        WHERE r.release_id = ${release} AND r.fiscal_year = ${period.fy} AND r.term = ${period.term}
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  const cells: string[] = [];
  const index = new Map<string, number>();
  const data: ReleaseData = {
    cells,
    cell: new Int32Array(rows.length),
    institution: new Int32Array(rows.length),
    values: new Float64Array(rows.length * parts.length),
  };
  rows.forEach((row, n) => {
    const k = cellKey(row.d, row.cr, row.w);
    if (!index.has(k)) index.set(k, cells.push(k) - 1);
    data.cell[n] = index.get(k)!;
    data.institution[n] = row.inst;
    row.v.forEach((v, p) => (data.values[n * parts.length + p] = v === null ? NaN : v));
  });
  return data;
}

/** One part of a release's period, the viewer's own institutions left out. */
function othersData(data: ReleaseData, part: number, parts: number, readable: ReadonlySet<number>): PeriodData {
  const cells = new Map<string, Contributions>();
  for (let n = 0; n < data.cell.length; n++) {
    if (readable.has(data.institution[n]!)) continue;
    const key = data.cells[data.cell[n]!]!;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = new Map()));
    const v = data.values[n * parts + part]!;
    c.set(data.institution[n]!, Number.isNaN(v) ? null : v);
  }
  return { cells };
}

export interface Viewer {
  readable: readonly number[];
  rule: DisclosureRule;
}

type ViewerPeriods = Map<string, { chain: string; names: string; parts: Promise<Map<string, ServedBlocks>> }>;
const viewers = new WeakMap<Db, Map<string, { viewer: Viewer; periods: ViewerPeriods }>>();

/** A viewer as the key of what is kept for them: whom they may read, and the rule. */
export const viewerKey = (viewer: Viewer) =>
  `${[...viewer.readable].sort((a, b) => a - b).join(',')}|${viewer.rule.minInstitutions}|${viewer.rule.maxSharePercent}`;

function keptFor(db: Db, viewer: Viewer): ViewerPeriods {
  let byViewer = viewers.get(db);
  if (!byViewer) viewers.set(db, (byViewer = new Map()));
  const key = viewerKey(viewer);
  const found = byViewer.get(key) ?? { viewer, periods: new Map() };
  byViewer.delete(key); // re-inserted last: Map order is the order of last use
  byViewer.set(key, found);
  if (byViewer.size > MAX_KEPT_VIEWERS) byViewer.delete(byViewer.keys().next().value!);
  return found.periods;
}

/** The viewers whose blocks are kept, the one who asked last first (what a new release computes ahead for). */
export function keptViewers(db: Db): Viewer[] {
  return [...(viewers.get(db)?.values() ?? [])].map((kept) => kept.viewer).reverse();
}

/** How many viewers' blocks are kept at most: a release computes ahead for no more. */
export const MAX_VIEWERS_AHEAD = MAX_KEPT_VIEWERS;

/**
 * Lets requests waiting on the event loop in before going on: work ahead of questions computes blocks and sorts records
 * in turns of a few milliseconds to some tens, and no request should wait for more than one of them.
 */
export const letRequestsIn = (signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve)).then(() => signal?.throwIfAborted());

/**
 * Computes and keeps the served blocks of `chains` for each of `viewers` (decision 043): after a release or a start,
 * so that a viewer's first question finds them. One period at a time, its release data read while the previous
 * period's blocks are computed, each viewer's period a turn of its own (letRequestsIn).
 */
export async function serveAhead(
  db: Db,
  viewersAhead: readonly Viewer[],
  chains: readonly PeriodChain[],
  parts: readonly Part[],
  signal?: AbortSignal,
): Promise<void> {
  const read = withChangeParts(parts);
  const readAll = (chain: PeriodChain) => {
    const reading = Promise.all(chain.releases.map((r) => readReleaseData(db, r, chain, read)));
    reading.catch(() => {}); // awaited below; a failure then fails the whole
    return reading;
  };
  let next = chains[0] ? readAll(chains[0]) : null;
  try {
    for (const [n, chain] of chains.entries()) {
      await next;
      next = chains[n + 1] ? readAll(chains[n + 1]!) : null;
      for (const viewer of viewersAhead) {
        await servedBlocks(db, viewer, chain, parts);
        await letRequestsIn(signal);
      }
    }
  } finally {
    // Stopped or failed, it leaves no read behind: the database may be closed next.
    await next?.catch(() => {});
  }
}

/**
 * The viewer's served blocks of every part of a released period, and of the change-only parts (CHANGE_PARTS): computed
 * by playing the period's releases in order (release-blocks.ts), kept until the period has another release.
 */
export async function servedBlocks(
  db: Db,
  viewer: Viewer,
  chain: PeriodChain,
  parts: readonly Part[],
): Promise<Map<string, ServedBlocks>> {
  const kept = keptFor(db, viewer);
  const chainKey = chain.releases.map(releaseKey).join(',');
  const names = parts.map((p) => p.name).join(',');
  const found = kept.get(periodKey(chain));
  if (found && found.chain === chainKey && found.names === names) return found.parts;
  const serving = serveChain(db, viewer, chain, parts);
  kept.set(periodKey(chain), { chain: chainKey, names, parts: serving });
  serving.catch(() => kept.delete(periodKey(chain)));
  return serving;
}

/** The name of the change-only part of a money column's values (CHANGE_PARTS): its served blocks say what was held back. */
export const changePartOf = (column: MoneyField): string => `${column}_changes`;

/**
 * Parts that only show whether an institution's fees changed between releases (decision 047): a sum of a hash of each
 * fee, in the fee family. The fee figures are no sums (a median, a lowest and a highest), so a fee changed with no
 * count changing moved them with no part changing: one institution's correction showed in the next release.
 */
const CHANGE_PARTS: readonly Part[] = (['coop_fee_domestic', 'coop_fee_international'] as const).map((column) => ({
  name: changePartOf(column),
  value: sql`hashint8((${sql.raw(`r.${column}`)} * 100)::bigint)`,
}));

/** The parts a release's period is read and served in: those asked for, then the change-only ones. */
const withChangeParts = (parts: readonly Part[]): Part[] => [...parts, ...CHANGE_PARTS];

/**
 * The families of parts tied by identities (decision 025), by name. The first chooses a period's partition: the
 * participation figures every report shows (work terms are students placed, counted by duration), students placed
 * first: a failing pool takes in the discipline with the fewest placed (decision 020). Each split of work
 * terms adds up to students placed; placed with and without a wage add up to placed, and wage × placed rests on the
 * first; new employers are among all employers; the fee counts are counts of records. A part named in none is a
 * family of its own.
 */
const FAMILIES: readonly (readonly string[])[] = [
  ['students_placed', 'work_terms', 'students_seeking', 'students_enrolled', 'records'],
  ...Object.values(WORK_TERM_SPLITS).map(({ fields }) => fields),
  ['placed_with_wage', 'placed_without_wage', 'wage_x_placed'],
  ['employers_total', 'employers_new'],
  ['coop_fee_domestic_records', 'coop_fee_international_records', ...CHANGE_PARTS.map((p) => p.name)],
];

/** `parts` by family, as indices, in the order of FAMILIES (every report asks for every part, ALL_PARTS). */
function familiesOf(parts: readonly Part[]): number[][] {
  const index = (name: string) => parts.findIndex((p) => p.name === name);
  const named = FAMILIES.map((family) => family.map(index).filter((p) => p >= 0));
  const listed = new Set(named.flat());
  const alone = parts.flatMap((_, p) => (listed.has(p) ? [] : [[p]]));
  return [...named, ...alone].filter((family) => family.length > 0);
}

async function serveChain(
  db: Db,
  viewer: Viewer,
  chain: PeriodChain,
  parts: readonly Part[],
): Promise<Map<string, ServedBlocks>> {
  const readable = new Set(viewer.readable);
  const read = withChangeParts(parts);
  const families = familiesOf(read);
  const changeOnly = new Set(read.flatMap((part, p) => (CHANGE_PARTS.includes(part) ? [p] : [])));
  let states: ServedState[] | null = null;
  for (const release of chain.releases) {
    const data = await readReleaseData(db, release, chain, read);
    const each = read.map((_, p) => othersData(data, p, read.length, readable));
    states = serveRelease(states, each, viewer.rule, families, changeOnly);
  }
  return new Map(read.map((part, p) => [part.name, compactState(states![p]!)]));
}

/** Cents back to the part's own unit. */
export const fromCents = (cents: number): number => cents / SCALE;
