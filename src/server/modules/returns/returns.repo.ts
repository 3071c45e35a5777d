import { sql, type SQL } from 'drizzle-orm';
import { TERMS } from '../../../shared/constants.ts';
import {
  isLockedReturnState,
  shownReturnState,
  type ReturnState,
  type StoredReturnState,
} from '../../../shared/reporting-cycle.ts';
import type { ReturnEvent, ReturnsQuery, TermReturn } from '../../../shared/schemas/returns.ts';
import { BC_TODAY, bcDay } from '../../db/bc-time-sql.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList, isoTimestamp } from '../records/record-sql.ts';
import type { ReturnKey } from './return-lock.ts';

/**
 * Reading term returns with what they are made of: the stored sign-off state, the counts of expected, reported and
 * submitted programs (docs/reporting-cycle.md: "active in a period"), the state shown, overdue, and the history.
 */

/**
 * A program is expected in a period (active in it) when it has a record in that fiscal year and term, or when it is
 * active now and was added to the list of valid programs (in B.C. time) on or before the period's due date. `pr` is
 * the program, `r` its record of the period (or nulls), `pe` the period.
 */
export const EXPECTED_PROGRAM = sql`(r.id IS NOT NULL OR (pr.active_ind AND ${bcDay(sql`pr.created_at`)} <= pe.due_on))`;

/** The day (in B.C.) program `p` was added to the list of valid programs. */
const addedOn = (p: string) => bcDay(sql.raw(`${p}.created_at`));

/**
 * The counts of the returns `sel` (id, institution_id, fiscal_year, term, due_on) holds, by return id, set-based so a
 * matrix of thousands of returns reads each record once (a per-return subquery took 6.5 s for 5,400 returns at a
 * million records). The records `recordsWhere` picks (a superset of the returns' own) are counted first by
 * institution, fiscal year, term and their program's listing; expected is EXPECTED_PROGRAM in two parts: the
 * programs with a record of the period (reported), and the active programs listed by the due date that have none
 * (listed by then, less those of them that reported). Records belong to their program's institution
 * (records.service.ts), so a record is found by its own institution.
 */
function returnCounts(recordsWhere: SQL): SQL {
  return sql`
  rec AS (
    SELECT r.institution_id, r.fiscal_year, r.term, pr.active_ind, pr.added_on,
           count(*)::int AS reported, (count(*) FILTER (WHERE r.status = 'submitted'))::int AS submitted
    FROM records r JOIN (SELECT p.id, p.active_ind, ${addedOn('p')} AS added_on FROM programs p) pr ON pr.id = r.program_id
    WHERE ${recordsWhere}
    GROUP BY 1, 2, 3, 4, 5
  ),
  counts AS (
    SELECT s.id, sum(c.reported)::int AS reported, sum(c.submitted)::int AS submitted,
           (sum(c.reported) FILTER (WHERE c.active_ind AND c.added_on <= s.due_on))::int AS reported_listed
    FROM sel s JOIN rec c ON c.institution_id = s.institution_id AND c.fiscal_year = s.fiscal_year AND c.term = s.term
    GROUP BY s.id
  ),
  listed AS (
    SELECT s.id, sum(a.programs)::int AS listed
    FROM sel s
    -- The programs of the selected returns' institutions only: reading one return (an approval did, twice) grouped
    -- all 18,169 programs of the bench's million records (EXPLAIN: 30 ms of 70 under load). The same filter in rec
    -- above doubled the whole matrix's query (2.1–2.8 s to 4.5–6.9 s), so it is left out there.
    JOIN (SELECT p.institution_id, ${addedOn('p')} AS added_on, count(*) AS programs FROM programs p
          WHERE p.active_ind AND p.institution_id IN (SELECT institution_id FROM sel) GROUP BY 1, 2) a
      ON a.institution_id = s.institution_id AND a.added_on <= s.due_on
    GROUP BY s.id
  )`;
}

/**
 * The first sign-off of each selected return, from its history (docs/reporting-cycle.md, "Timeliness"): the same
 * set-based read as the counts, one pass over the selected returns' events by the (return_id, at) index.
 */
function firstSignOffs(): SQL {
  return sql`first_sign_off AS (
    SELECT e.return_id, min(e.at) AS at FROM return_events e JOIN sel s ON s.id = e.return_id
    WHERE e.action = 'submit' GROUP BY e.return_id
  )`;
}

/**
 * Whether a return was signed off on time (docs/reporting-cycle.md, "Timeliness"; `f` its first sign-off, `pe` its
 * period, `tr` the return): its first sign-off on or before the period's due date, a B.C. day. The due date again
 * of a send-back or reopening never enters: both follow a sign-off, so the first sign-off always met the period's.
 * Never signed off: late once the period's due date has passed, else not yet known. A return signed off or approved
 * whose history holds no sign-off (arranged by hand) cannot be judged: null.
 */
const ON_TIME = sql`CASE
        WHEN f.at IS NOT NULL THEN ${bcDay(sql`f.at`)} <= pe.due_on
        WHEN tr.state <> 'open' THEN NULL
        WHEN pe.due_on < ${BC_TODAY} THEN false
        ELSE NULL END`;

const TERM_POSITION = sql.raw(`array_position(ARRAY[${TERMS.map((t) => `'${t}'`).join(', ')}], pe.term)`);

/** A return row as the queries read it, before the shown state and history are added. */
interface ReturnRow {
  id: number;
  institution_id: number;
  institution_name: string;
  period_id: number;
  fiscal_year: string;
  term: TermReturn['term'];
  stored_state: StoredReturnState;
  expected: number;
  reported: number;
  submitted: number;
  opens_on: string;
  due_on: string;
  due_again_on: string | null;
  past_due: boolean;
  version: number;
  first_approved_at: string | null;
  first_signed_off_at: string | null;
  on_time: boolean | null;
}

/**
 * The return rows `where` picks (over `tr`, its period `pe` and institution `i`), in `order`, with their counts;
 * `recordsWhere` (over `r`) must pick at least their records.
 */
function selectReturns(where: SQL, recordsWhere: SQL, order: SQL = sql``): SQL {
  return sql`WITH sel AS MATERIALIZED (
      SELECT tr.id, tr.institution_id, pe.fiscal_year, pe.term, pe.due_on
      FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id JOIN institutions i ON i.id = tr.institution_id
      ${where}
    ), ${returnCounts(recordsWhere)},
    ${firstSignOffs()}
    SELECT tr.id, tr.institution_id, i.short_name AS institution_name, tr.period_id,
      pe.fiscal_year, pe.term, tr.state AS stored_state,
      coalesce(l.listed, 0) + coalesce(c.reported, 0) - coalesce(c.reported_listed, 0) AS expected,
      coalesce(c.reported, 0) AS reported, coalesce(c.submitted, 0) AS submitted,
      to_char(pe.opens_on, 'YYYY-MM-DD') AS opens_on, to_char(pe.due_on, 'YYYY-MM-DD') AS due_on,
      -- A return sent back or reopened is due on its own date, not its period's (issue 30), but never before its
      -- period's: a period's due date moved later carries it along (returnDueOn in shared/return-due.ts).
      CASE WHEN tr.due_again_on IS NULL THEN NULL
        ELSE to_char(greatest(tr.due_again_on, pe.due_on), 'YYYY-MM-DD') END AS due_again_on,
      greatest(tr.due_again_on, pe.due_on) < ${BC_TODAY} AS past_due, tr.version,
      CASE WHEN tr.first_approved_at IS NULL THEN NULL ELSE ${isoTimestamp(sql`tr.first_approved_at`)} END AS first_approved_at,
      CASE WHEN f.at IS NULL THEN NULL ELSE ${isoTimestamp(sql`f.at`)} END AS first_signed_off_at,
      ${ON_TIME} AS on_time
    FROM sel
    JOIN term_returns tr ON tr.id = sel.id
    JOIN reporting_periods pe ON pe.id = tr.period_id
    JOIN institutions i ON i.id = tr.institution_id
    LEFT JOIN counts c ON c.id = sel.id
    LEFT JOIN listed l ON l.id = sel.id
    LEFT JOIN first_sign_off f ON f.return_id = sel.id
    ${order}`;
}

/** The state a return row shows: open is "not started" until the institution has a record of the period. */
const shownState = (row: Pick<ReturnRow, 'stored_state' | 'reported'>): ReturnState =>
  shownReturnState(row.stored_state, row.reported > 0);

/** The events of some returns, oldest first, by return. */
async function historiesOf(db: Db, ids: readonly number[]): Promise<Map<number, ReturnEvent[]>> {
  const byReturn = new Map<number, ReturnEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byReturn;
  const rows = await queryRows<ReturnEvent & { return_id: number }>(
    db,
    sql`SELECT e.id::int AS id, e.return_id, e.action, e.from_state, e.to_state, e.reason, e.on_behalf_reason,
               to_char(e.due_again_on, 'YYYY-MM-DD') AS due_again_on, e.user_id,
               coalesce(nullif(u.pref_name, ''), u.username) AS user_name, ${isoTimestamp(sql`e.at`)} AS at
        FROM return_events e LEFT JOIN users u ON u.id = e.user_id
        WHERE ${inList(sql`e.return_id`, ids)}
        ORDER BY e.at, e.id`,
  );
  for (const { return_id, ...event } of rows) byReturn.get(return_id)?.push(event);
  return byReturn;
}

/** Return rows as the API sends them, with their histories. */
async function toTermReturns(db: Db, rows: ReturnRow[]): Promise<TermReturn[]> {
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ stored_state, past_due, ...row }) => {
    const state = shownState({ stored_state, reported: row.reported });
    return { ...row, state, overdue: past_due && !isLockedReturnState(stored_state), history: histories.get(row.id) ?? [] };
  });
}

/** Which returns a list asks for; `readable` limits it to the institutions the user may read. */
export interface ReturnFilter {
  ids?: number[];
  fiscalYears?: string[];
  terms?: string[];
  institutionIds?: number[];
  /** Institutions of these regions and types only (the matrix's filters). */
  regions?: string[];
  institutionTypes?: string[];
  readable: 'all' | number[];
  /** Only the returns of open periods (below). */
  openOnly?: boolean;
}

/** The filter of a `GET /api/returns`-style query (the list and its download), limited to what the caller may read. */
export function returnFilterOf(query: ReturnsQuery, readable: 'all' | number[]): ReturnFilter {
  return {
    fiscalYears: query.fiscalYear,
    terms: query.term,
    institutionIds: query.institutionIds,
    regions: query.region,
    institutionTypes: query.institutionType,
    readable,
    openOnly: query.open,
  };
}

/**
 * A period is open when it has opened (a B.C. day) and some return of it that the list may show is not approved yet:
 * what is still due, or waiting for the province. Judged over the returns the caller may read (and asked for), so the
 * answer says nothing about other institutions' returns.
 */
function openPeriod(institutionLimits: SQL[]): SQL {
  const limits = institutionLimits.map((limit) => sql` AND ${limit}`);
  return sql`(pe.opens_on <= ${BC_TODAY} AND EXISTS (
    SELECT 1 FROM term_returns tr2 WHERE tr2.period_id = pe.id AND tr2.state <> 'approved'${sql.join(limits, sql``)}))`;
}

/** Term returns matching a filter, by fiscal year, term and institution short name. */
export async function listReturns(db: Db, filter: ReturnFilter): Promise<TermReturn[]> {
  // The same filter over the returns and over their records.
  const where: SQL[] = [];
  const recordsWhere: SQL[] = [];
  const both = (returns: SQL, records: SQL) => {
    where.push(returns);
    recordsWhere.push(records);
  };
  if (filter.readable !== 'all') {
    if (filter.readable.length === 0) return [];
    both(inList(sql`tr.institution_id`, filter.readable), inList(sql`r.institution_id`, filter.readable));
  }
  if (filter.institutionIds?.length)
    both(inList(sql`tr.institution_id`, filter.institutionIds), inList(sql`r.institution_id`, filter.institutionIds));
  if (filter.fiscalYears?.length)
    both(inList(sql`pe.fiscal_year`, filter.fiscalYears), inList(sql`r.fiscal_year`, filter.fiscalYears));
  if (filter.terms?.length) both(inList(sql`pe.term`, filter.terms), inList(sql`r.term`, filter.terms));
  if (filter.ids?.length) where.push(inList(sql`tr.id`, filter.ids));
  // The records of other institutions are not counted anyway (they join no return), so these limit the returns only.
  if (filter.regions?.length) where.push(inList(sql`i.region`, filter.regions));
  if (filter.institutionTypes?.length) where.push(inList(sql`i.institution_type`, filter.institutionTypes));
  if (filter.openOnly) {
    const institutionLimits = [
      ...(filter.readable === 'all' ? [] : [inList(sql`tr2.institution_id`, filter.readable)]),
      ...(filter.institutionIds?.length ? [inList(sql`tr2.institution_id`, filter.institutionIds)] : []),
    ];
    where.push(openPeriod(institutionLimits));
  }
  const rows = await queryRows<ReturnRow>(
    db,
    selectReturns(
      where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``,
      recordsWhere.length > 0 ? sql.join(recordsWhere, sql` AND `) : sql`true`,
      sql`ORDER BY pe.fiscal_year, ${TERM_POSITION}, i.short_name, tr.id`,
    ),
  );
  return toTermReturns(db, rows);
}

/** One term return, or null. */
export async function readReturn(db: Db, id: number): Promise<TermReturn | null> {
  const rows = await queryRows<ReturnRow>(
    db,
    selectReturns(
      sql`WHERE tr.id = ${id}`,
      sql`r.institution_id = (SELECT institution_id FROM sel) AND r.fiscal_year = (SELECT fiscal_year FROM sel)
          AND r.term = (SELECT term FROM sel)`,
    ),
  );
  const [found] = await toTermReturns(db, rows);
  return found ?? null;
}

/**
 * What a transition decides on, read under the return's lock (return-transitions.ts): the state shown, version, due
 * dates and whether the institution has a record of the period, as readReturn says them (its `reported > 0`: every
 * record is of a program of its own institution, and programs never move) without its counts and history.
 */
export async function readReturnState(
  db: Db,
  id: number,
): Promise<(Pick<TermReturn, 'state' | 'version' | 'due_on' | 'due_again_on'> & { reported: boolean }) | null> {
  const [row] = await queryRows<Pick<ReturnRow, 'stored_state' | 'version' | 'due_on' | 'due_again_on'> & { reported: boolean }>(
    db,
    sql`SELECT tr.state AS stored_state, tr.version, to_char(pe.due_on, 'YYYY-MM-DD') AS due_on,
          to_char(tr.due_again_on, 'YYYY-MM-DD') AS due_again_on,
          EXISTS (SELECT 1 FROM records r WHERE r.institution_id = tr.institution_id AND r.fiscal_year = pe.fiscal_year
            AND r.term = pe.term) AS reported
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.id = ${id}`,
  );
  if (!row) return null;
  const { stored_state, reported, ...rest } = row;
  return { ...rest, state: shownReturnState(stored_state, reported), reported };
}

/** A return's stored state and the key of its lock (institution, fiscal year, term), or null. */
export async function returnKeyOf(db: Db, id: number): Promise<(ReturnKey & { storedState: StoredReturnState }) | null> {
  const [row] = await queryRows<ReturnKey & { storedState: StoredReturnState }>(
    db,
    sql`SELECT tr.institution_id AS "institutionId", pe.fiscal_year AS "fiscalYear", pe.term, tr.state AS "storedState"
        FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.id = ${id}`,
  );
  return row ?? null;
}

/** The expected programs of a return (docs/reporting-cycle.md), each with its record of the period, if any. */
export async function expectedPrograms(
  db: Db,
  id: number,
): Promise<{ program_id: number; program_name: string; record_id: number | null; record_status: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT pr.id AS program_id, pr.name AS program_name, r.id AS record_id, r.status AS record_status
        FROM term_returns tr
        JOIN reporting_periods pe ON pe.id = tr.period_id
        JOIN programs pr ON pr.institution_id = tr.institution_id
        LEFT JOIN records r ON r.program_id = pr.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term
        WHERE tr.id = ${id} AND ${EXPECTED_PROGRAM}
        ORDER BY pr.name, pr.id`,
  );
}
