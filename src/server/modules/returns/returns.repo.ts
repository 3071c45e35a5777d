import { sql, type SQL } from 'drizzle-orm';
import { TERMS } from '../../../shared/constants.ts';
import {
  isLockedReturnState,
  shownReturnState,
  type ReturnState,
  type StoredReturnState,
} from '../../../shared/reporting-cycle.ts';
import type { ReturnEvent, TermReturn } from '../../../shared/schemas/returns.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList, isoTimestamp } from '../records/record-sql.ts';
import type { ReturnKey } from './return-lock.ts';

/**
 * Reading term returns with what they are made of: the stored sign-off state, the counts of expected, reported and
 * submitted programs (docs/reporting-cycle.md: "active in a period"), the state shown, overdue, and the history.
 */

/** The days of the reporting cycle are B.C. days: a return is overdue from the day after its due date there. */
export const BC_TIME_ZONE = 'America/Vancouver';
/** Today in B.C., as SQL. */
export const BC_TODAY = sql.raw(`(now() AT TIME ZONE '${BC_TIME_ZONE}')::date`);

/**
 * A program is expected in a period (active in it) when it has a record in that fiscal year and term, or when it is
 * active now and was added to the list of valid programs (in B.C. time) on or before the period's due date. `pr` is
 * the program, `r` its record of the period (or nulls), `pe` the period.
 */
const EXPECTED_PROGRAM = sql.raw(
  `(r.id IS NOT NULL OR (pr.active_ind AND (pr.created_at AT TIME ZONE '${BC_TIME_ZONE}')::date <= pe.due_on))`,
);

/** The counts of one return (`tr`, of period `pe`): a lateral subquery over the institution's programs and their records. */
const RETURN_COUNTS = sql`LEFT JOIN LATERAL (
    SELECT count(*)::int AS expected,
           count(r.id)::int AS reported,
           (count(r.id) FILTER (WHERE r.status = 'submitted'))::int AS submitted
    FROM programs pr
    LEFT JOIN records r ON r.program_id = pr.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term
    WHERE pr.institution_id = tr.institution_id AND ${EXPECTED_PROGRAM}
  ) c ON true`;

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
  past_due: boolean;
  version: number;
  first_approved_at: string | null;
}

const SELECT_RETURNS = sql`SELECT tr.id, tr.institution_id, i.short_name AS institution_name, tr.period_id,
    pe.fiscal_year, pe.term, tr.state AS stored_state,
    coalesce(c.expected, 0) AS expected, coalesce(c.reported, 0) AS reported, coalesce(c.submitted, 0) AS submitted,
    to_char(pe.opens_on, 'YYYY-MM-DD') AS opens_on, to_char(pe.due_on, 'YYYY-MM-DD') AS due_on,
    pe.due_on < ${BC_TODAY} AS past_due, tr.version,
    CASE WHEN tr.first_approved_at IS NULL THEN NULL ELSE ${isoTimestamp(sql`tr.first_approved_at`)} END AS first_approved_at
  FROM term_returns tr
  JOIN reporting_periods pe ON pe.id = tr.period_id
  JOIN institutions i ON i.id = tr.institution_id
  ${RETURN_COUNTS}`;

/** The state a return row shows: open is "not started" until the institution has a record of the period. */
const shownState = (row: Pick<ReturnRow, 'stored_state' | 'reported'>): ReturnState =>
  shownReturnState(row.stored_state, row.reported > 0);

/** The events of some returns, oldest first, by return. */
async function historiesOf(db: Db, ids: readonly number[]): Promise<Map<number, ReturnEvent[]>> {
  const byReturn = new Map<number, ReturnEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byReturn;
  const rows = await queryRows<ReturnEvent & { return_id: number }>(
    db,
    sql`SELECT e.id::int AS id, e.return_id, e.action, e.from_state, e.to_state, e.reason, e.user_id,
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
  readable: 'all' | number[];
  /** Only the returns of open periods (below). */
  openOnly?: boolean;
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
  const where: SQL[] = [];
  const institutionLimits = (column: SQL): SQL[] => [
    ...(filter.readable === 'all' ? [] : [inList(column, filter.readable)]),
    ...(filter.institutionIds?.length ? [inList(column, filter.institutionIds)] : []),
  ];
  if (filter.readable !== 'all' && filter.readable.length === 0) return [];
  where.push(...institutionLimits(sql`tr.institution_id`));
  if (filter.ids?.length) where.push(inList(sql`tr.id`, filter.ids));
  if (filter.openOnly) where.push(openPeriod(institutionLimits(sql`tr2.institution_id`)));
  if (filter.fiscalYears?.length) where.push(inList(sql`pe.fiscal_year`, filter.fiscalYears));
  if (filter.terms?.length) where.push(inList(sql`pe.term`, filter.terms));
  const rows = await queryRows<ReturnRow>(
    db,
    sql`${SELECT_RETURNS} ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY pe.fiscal_year, ${TERM_POSITION}, i.short_name, tr.id`,
  );
  return toTermReturns(db, rows);
}

/** One term return, or null. */
export async function readReturn(db: Db, id: number): Promise<TermReturn | null> {
  const rows = await queryRows<ReturnRow>(db, sql`${SELECT_RETURNS} WHERE tr.id = ${id}`);
  const [found] = await toTermReturns(db, rows);
  return found ?? null;
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
