import { sql, type SQL } from 'drizzle-orm';
import {
  DURATION_FIELDS,
  EDITABLE_FIELDS,
  farFromHistory,
  fiscalYearOf,
  RECORD_FIELD_LABELS,
} from '../../../shared/record-rules.ts';
import { figureFlags } from '../../../shared/return-figure-flags.ts';
import type { MedianField } from '../../../shared/schemas/record-medians.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import {
  KEY_FIGURES,
  type KeyFigure,
  type KeyFigures,
  type ReturnApprovalFlags,
  type ReturnFigures,
} from '../../../shared/schemas/returns.ts';
import { previousTerm, type PeriodKey } from '../../../shared/term-calendar.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList, isoTimestamp, termPosition } from '../records/record-sql.ts';
import { recentMedians } from '../records/records.repo.ts';
import { EXPECTED_PROGRAM } from './returns.repo.ts';

/**
 * What an approver reads of a term (issue 30): each expected program's key figures beside the same term last year and
 * the term before, those far from the program's history marked by the record form's own rule, the totals, and what
 * changed after the return was first approved. Sums are exact: counts as integers, the wage in cents.
 *
 * Read for many returns at once (the bulk approval's flags) as for one: a light query for the returns' periods, then
 * one statement for every expected program of them with its record of the term, of the same term last year and of the
 * term before, and its medians (records.repo.ts `recentMedians`, joined laterally); then, for one return, its changes.
 */

const cents = (money: string) => {
  const [whole = '0', part = ''] = money.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
};

/** The sum of some records' key figures; the wage weighted by students placed (rounded to the cent). */
function totalOf(rows: readonly KeyFigures[]): KeyFigures {
  const sum = (f: Exclude<KeyFigure, 'avg_hourly_wage'>) => {
    const values = rows.map((r) => r[f]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
  };
  const paid = rows.filter((r) => r.avg_hourly_wage !== null && (r.students_placed ?? 0) > 0);
  const placed = paid.reduce((s, r) => s + r.students_placed!, 0);
  const weighted = paid.reduce((s, r) => s + cents(r.avg_hourly_wage!) * r.students_placed!, 0);
  const wage = placed === 0 ? null : Math.round(weighted / placed);
  return {
    students_enrolled: sum('students_enrolled'),
    students_seeking: sum('students_seeking'),
    students_placed: sum('students_placed'),
    work_terms: sum('work_terms'),
    employers_total: sum('employers_total'),
    avg_hourly_wage: wage === null ? null : `${Math.floor(wage / 100)}.${String(wage % 100).padStart(2, '0')}`,
  };
}

const shown = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The audit rows of some records after `since`, oldest first (at most 500): what changed after a first approval. */
function changesSql(recordIds: readonly number[], since: string): SQL {
  return sql`SELECT a.before, a.after, coalesce(nullif(u.pref_name, ''), u.username) AS by, ${isoTimestamp(sql`a.changed_at`)} AS at
      FROM audit_log a LEFT JOIN users u ON u.id = a.changed_by
      WHERE a.entity_type = 'record' AND ${inList(sql`a.entity_id`, recordIds)} AND a.changed_at > ${since}::timestamptz
      ORDER BY a.changed_at, a.id LIMIT 500`;
}

/** Changes to the return's records after its first approval, from the audit log, field by field. */
async function changesSince(db: Db, recordIds: number[], since: string, names: Map<number, string>) {
  if (recordIds.length === 0) return [];
  const audits = await queryRows<{ before: RecordWire | null; after: RecordWire | null; by: string | null; at: string }>(
    db,
    changesSql(recordIds, since),
  );
  return audits.flatMap(({ before, after, by, at }) =>
    EDITABLE_FIELDS.filter((f) => shown(before?.[f]) !== shown(after?.[f])).map((f) => ({
      program_name: names.get((after ?? before)!.program_id) ?? '',
      field: RECORD_FIELD_LABELS[f],
      before: shown(before?.[f]),
      after: shown(after?.[f]),
      by,
      at,
    })),
  );
}

/** A return's term, the same term last year and the term before, and its first approval. */
interface FigureKey {
  return_id: number;
  institution_id: number;
  now: PeriodKey;
  last_year: PeriodKey;
  previous_term: PeriodKey;
  first_approved_at: string | null;
}

/** The light first query: each return's institution (for the rights check), period and first approval. */
function keysSql(ids: readonly number[]): SQL {
  return sql`SELECT tr.id AS return_id, tr.institution_id, pe.fiscal_year, pe.term,
        CASE WHEN tr.first_approved_at IS NULL THEN NULL ELSE ${isoTimestamp(sql`tr.first_approved_at`)} END AS first_approved_at
      FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
      WHERE ${inList(sql`tr.id`, ids)}`;
}

async function figureKeys(db: Db, ids: readonly number[]): Promise<FigureKey[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ return_id: number; institution_id: number; first_approved_at: string | null } & PeriodKey>(
    db,
    keysSql(ids),
  );
  return rows.map(({ return_id, institution_id, fiscal_year, term, first_approved_at }) => ({
    return_id,
    institution_id,
    now: { fiscal_year, term },
    last_year: { fiscal_year: fiscalYearOf(Number(fiscal_year.slice(0, 4)) - 1), term },
    previous_term: previousTerm({ fiscal_year, term }),
    first_approved_at,
  }));
}

/** The figures farFromHistory judges: every key figure but work terms, which the form does not mark either. */
const JUDGED = KEY_FIGURES.filter((f): f is Exclude<KeyFigure, 'work_terms'> => f !== 'work_terms');
/** The row's median column of each judged figure, named once rather than per row. */
const MEDIAN_COLUMN = Object.fromEntries(JUDGED.map((f) => [f, `m_${f}`])) as Record<(typeof JUDGED)[number], string>;

/** Each key figure of record `a` in SQL: work terms of every duration (null when none is given), the wage as text. */
const FIGURE_SQL: Record<KeyFigure, (a: string) => string> = {
  students_enrolled: (a) => `${a}.students_enrolled`,
  students_seeking: (a) => `${a}.students_seeking`,
  students_placed: (a) => `${a}.students_placed`,
  work_terms: (a) =>
    `CASE WHEN coalesce(${DURATION_FIELDS.map((f) => `${a}.${f}`).join(', ')}) IS NULL THEN NULL
      ELSE ${DURATION_FIELDS.map((f) => `coalesce(${a}.${f}, 0)`).join(' + ')} END`,
  employers_total: (a) => `${a}.employers_total`,
  avg_hourly_wage: (a) => `${a}.avg_hourly_wage::text`,
};

/**
 * Record `a`'s key figures as one JSON object in KEY_FIGURES order (the wire's), or null when there is no record.
 * Built by the database and parsed whole by the driver: reading sixteen columns of each of three records into objects
 * in JavaScript cost the route more than its JSON answer (npm run bench, "GET /api/returns/{id}/figures").
 */
const figuresJson = (a: string) =>
  sql.raw(
    `CASE WHEN ${a}.id IS NULL THEN NULL ELSE json_build_object(${KEY_FIGURES.map((f) => `'${f}', ${FIGURE_SQL[f](a)}`).join(', ')}) END`,
  );

/**
 * The one statement of the figures of many returns: a row per expected program of each (docs/reporting-cycle.md,
 * EXPECTED_PROGRAM over `pr`, `r` and `pe`), by return, then program name, with its record of the term (its id and
 * status, n_ columns) and the key figures of its three records (n, y, p; null when it has none) and the medians of
 * its recent terms before this one (m_ columns).
 */
function rowsSql(keys: readonly FigureKey[]): SQL {
  const values = keys.map(
    (k) =>
      sql`(${k.return_id}::int, ${k.last_year.fiscal_year}::text, ${k.previous_term.fiscal_year}::text, ${k.previous_term.term}::text, ${termPosition(k.now.term)}::int)`,
  );
  const medians = sql.raw(JUDGED.map((f) => `m.${f} AS ${MEDIAN_COLUMN[f]}`).join(', '));
  return sql`SELECT k.return_id, pr.id AS program_id, pr.name AS program_name, r.id AS n_id, r.status AS n_status,
        ${figuresJson('r')} AS n, ${figuresJson('y')} AS y, ${figuresJson('p')} AS p, m.terms AS m_terms, ${medians}
      FROM (VALUES ${sql.join(values, sql`, `)}) AS k(return_id, ly_year, pv_year, pv_term, term_order)
      JOIN term_returns tr ON tr.id = k.return_id
      JOIN reporting_periods pe ON pe.id = tr.period_id
      JOIN programs pr ON pr.institution_id = tr.institution_id
      LEFT JOIN records r ON r.program_id = pr.id AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term
      LEFT JOIN records y ON y.program_id = pr.id AND y.fiscal_year = k.ly_year AND y.term = pe.term
      LEFT JOIN records p ON p.program_id = pr.id AND p.fiscal_year = k.pv_year AND p.term = k.pv_term
      LEFT JOIN LATERAL ${recentMedians(sql`pr.id`, sql`pe.fiscal_year`, sql`k.term_order`, JUDGED as readonly MedianField[])} m
        ON r.id IS NOT NULL
      WHERE ${EXPECTED_PROGRAM}
      ORDER BY k.return_id, pr.name, pr.id`;
}

/** A row of rowsSql as read: the program, its record of the term, the three records' figures and the medians. */
type FigureRow = {
  return_id: number;
  program_id: number;
  program_name: string;
  n_id: number | null;
  n_status: string | null;
  n: KeyFigures | null;
  y: KeyFigures | null;
  p: KeyFigures | null;
  m_terms: number | null;
} & Record<string, unknown>;

/**
 * The statements a return's figures run and the keys the second takes, for `npm run bench` to time the bare SQL
 * against the route (scripts/bench-return-figures.ts).
 */
export const RETURN_FIGURES_SQL = { keysSql, figureKeys, rowsSql, changesSql };

type Figures = Omit<ReturnFigures, 'changes'>;

/** One return's figures (all but its changes) from its key and its rows. */
function figuresFrom(key: FigureKey, rows: readonly FigureRow[]): { figures: Figures; recordIds: number[] } {
  const lines = rows.map((row) => {
    const figures = row.n;
    const far = JUDGED.filter((f) => {
      const value = figures?.[f];
      if (value === null || value === undefined) return false;
      const median = row[MEDIAN_COLUMN[f]] as number | null;
      return farFromHistory(Number(value), median, row.m_terms ?? 0) !== null;
    });
    return {
      program_id: row.program_id,
      program_name: row.program_name,
      status: row.n_status,
      now: figures,
      last_year: row.y,
      previous_term: row.p,
      far,
    };
  });
  const of = (period: 'n' | 'y' | 'p') => rows.flatMap((row) => row[period] ?? []);
  return {
    figures: {
      last_year: key.last_year,
      previous_term: key.previous_term,
      programs: lines,
      totals: { now: totalOf(of('n')), last_year: totalOf(of('y')), previous_term: totalOf(of('p')) },
    },
    recordIds: rows.flatMap((row) => (row.n_id === null ? [] : [row.n_id])),
  };
}

/** The figures (all but their changes) of the returns of some keys, in one statement. */
async function figuresOfKeys(db: Db, keys: readonly FigureKey[]) {
  const rows = keys.length === 0 ? [] : await queryRows<FigureRow>(db, rowsSql(keys));
  const byReturn = new Map<number, FigureRow[]>(keys.map((k) => [k.return_id, []]));
  for (const row of rows) byReturn.get(row.return_id)!.push(row);
  return keys.map((key) => ({ key, ...figuresFrom(key, byReturn.get(key.return_id)!) }));
}

/**
 * The figures of return `id` for someone who may read the institutions `mayRead` says: 'not-found', 'forbidden'
 * (decided on the first, light query, before any figure is read), or the figures. Two statements, three for a return
 * approved before (its changes since): the route's whole work in the database.
 */
export async function returnFigures(
  db: Db,
  id: number,
  mayRead: (institutionId: number) => boolean,
): Promise<ReturnFigures | 'not-found' | 'forbidden'> {
  const [key] = await figureKeys(db, [id]);
  if (!key) return 'not-found';
  if (!mayRead(key.institution_id)) return 'forbidden';
  const { figures, recordIds } = (await figuresOfKeys(db, [key]))[0]!;
  const names = new Map(figures.programs.map((p) => [p.program_id, p.program_name]));
  return {
    ...figures,
    changes: key.first_approved_at ? await changesSince(db, recordIds, key.first_approved_at, names) : [],
  };
}

/**
 * What the bulk approval's confirmation flags of each return (src/shared/return-figure-flags.ts), from the same
 * figures as the return page, computed for all of them at once; in the order asked, unknown ids left out.
 */
export async function approvalFlags(db: Db, ids: readonly number[]): Promise<ReturnApprovalFlags[]> {
  const found = new Map((await figuresOfKeys(db, await figureKeys(db, ids))).map((f) => [f.key.return_id, f.figures]));
  return ids.flatMap((id) => {
    const figures = found.get(id);
    return figures ? [figureFlags(id, figures)] : [];
  });
}
