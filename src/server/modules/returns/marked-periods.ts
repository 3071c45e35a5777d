import { sql, type SQL } from 'drizzle-orm';
import { queryHeavyRows, queryRows, type Db } from '../../db/client.ts';
import { dataPeriodsIn, periodKey, periodRows, periodVersion, type Period, type PeriodRange } from '../../db/data-versions.ts';
import { preliminary, RETURN_JOIN, revised } from './return-flags.ts';

/**
 * The periods that hold a marked record (decision 023). A figure's mark needs each of its records judged by its return,
 * a join per record that cost reports 1.2–1.7× their plain sums at a million records. Almost every record rests on an
 * approved return it was not changed after, so reports read their figures without the returns and their marks from the
 * records of these periods only. Which periods hold a marked record does not depend on the question or the viewer: it
 * is kept per database, per period, labelled with the period's data version (records and returns, db/data-versions.ts)
 * and computed again only for periods whose version changed.
 */
interface Entry {
  version: string;
  marked: boolean;
}

const kept = new WeakMap<Db, Map<string, Entry>>();

export interface MarkedPeriods {
  /** The periods in range holding a record that is preliminary or revised. */
  periods: Period[];
  /** How many periods with records the range holds. */
  inRange: number;
  /** Every period in range with its version, as `rangeLabel` writes it. */
  label: string;
}

/**
 * The records whose marks a statement reads, as two conditions on `records r`, for two parts of one statement. `kept`:
 * the marked periods' records, while the range's periods and versions are still those `markedPeriods` saw. `changed`:
 * every record, when they are not (a change committed in between). Which one holds is decided once, in the statement's
 * own snapshot (PostgreSQL runs a condition on no row as a one-time filter), so the other part reads nothing and the
 * marks always agree with the figures read beside them.
 */
export function markedRecords(marked: MarkedPeriods, range: PeriodRange): { kept: SQL; changed: SQL } {
  const unchanged = sql`${rangeLabel(range)} = ${marked.label}`;
  return { kept: sql`${inPeriods(marked.periods)} AND ${unchanged}`, changed: sql`NOT (${unchanged})` };
}

/** The label of every period in range and its version, as SQL: the same text `markedPeriods` answers while nothing changed. */
function rangeLabel(range: PeriodRange): SQL {
  return sql`(SELECT coalesce(string_agg(dp.fiscal_year || '|' || dp.term || '|' ||
      ${periodVersion(sql`dp.fiscal_year`, sql`dp.term`, true)}, ',' ORDER BY dp.fiscal_year, dp.term), '')
    FROM data_periods dp WHERE ${dataPeriodsIn(range)})`;
}

/** The condition on `records r` that keeps the records of `periods` (false for none). */
function inPeriods(periods: readonly Period[]): SQL {
  if (periods.length === 0) return sql`false`;
  return sql`(r.fiscal_year, r.term) IN (${periodRows(periods)})`;
}

/** The periods in range holding a marked record, from what is kept where current, computed for the rest. */
export async function markedPeriods(db: Db, range: PeriodRange): Promise<MarkedPeriods> {
  let entries = kept.get(db);
  if (!entries) kept.set(db, (entries = new Map()));
  const [{ label } = { label: '' }] = await queryRows<{ label: string }>(db, sql`SELECT ${rangeLabel(range)} AS label`);
  const periods = label === '' ? [] : label.split(',').map(parsePeriod);
  const stale = periods.filter((p) => entries.get(periodKey(p))?.version !== p.version);
  if (stale.length > 0) {
    // Any record counts, drafts too: a period wrongly kept as marked only costs its records being read for marks.
    // Grouped, not an EXISTS per period: an EXISTS joined each record to the returns by a nested loop (5 s cold at a
    // million records), grouping hashes them (under a second).
    const want = sql`(VALUES ${periodRows(stale)})`;
    const fresh = await queryHeavyRows<{ fy: string; term: string; version: string; marked: boolean }>(
      db,
      sql`SELECT want.fy, want.term, ${periodVersion(sql`want.fy`, sql`want.term`, true)} AS version,
          coalesce(x.marked, false) AS marked
        FROM ${want} AS want (fy, term) LEFT JOIN (
          SELECT r.fiscal_year AS fy, r.term, bool_or(${preliminary()} OR ${revised()}) AS marked
          FROM records r ${RETURN_JOIN}
          WHERE (r.fiscal_year, r.term) IN ${want}
          GROUP BY r.fiscal_year, r.term
        ) x ON x.fy = want.fy AND x.term = want.term`,
    );
    // Kept at the version it was computed at; when that is newer than the label's, the statement's label differs
    // from `label` and it reads every record's mark (markedRecords).
    for (const f of fresh) entries.set(periodKey(f), { version: f.version, marked: f.marked });
  }
  const marked = periods.filter((p) => entries.get(periodKey(p))?.marked !== false);
  return { periods: marked.map(({ fy, term }) => ({ fy, term })), inRange: periods.length, label };
}

function parsePeriod(text: string): Period & { version: string } {
  const [fy, term, version] = text.split('|') as [string, string, string];
  return { fy, term, version };
}
