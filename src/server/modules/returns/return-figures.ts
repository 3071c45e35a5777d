import { sql } from 'drizzle-orm';
import {
  DURATION_FIELDS,
  EDITABLE_FIELDS,
  farFromHistory,
  fiscalYearOf,
  RECORD_FIELD_LABELS,
} from '../../../shared/record-rules.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { KEY_FIGURES, type KeyFigure, type KeyFigures, type ReturnFigures } from '../../../shared/schemas/returns.ts';
import { previousTerm } from '../../../shared/term-calendar.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList } from '../records/record-sql.ts';
import { recordMedians } from '../records/records.repo.ts';
import { expectedPrograms, readReturn } from './returns.repo.ts';

/**
 * What an approver reads of a term (issue 30): each expected program's key figures beside the same term last year and
 * the term before, those far from the program's history marked by the record form's own rule, the totals, and what
 * changed after the return was first approved. Sums are exact: counts as integers, the wage in cents.
 */

type Row = Pick<RecordWire, 'id' | 'program_id' | 'fiscal_year' | 'term' | 'status' | 'avg_hourly_wage'> &
  Record<
    'students_enrolled' | 'students_seeking' | 'students_placed' | 'employers_total' | (typeof DURATION_FIELDS)[number],
    number | null
  >;

const figuresOf = (r: Row): KeyFigures => ({
  students_enrolled: r.students_enrolled,
  students_seeking: r.students_seeking,
  students_placed: r.students_placed,
  work_terms: DURATION_FIELDS.every((f) => r[f] === null) ? null : DURATION_FIELDS.reduce((s, f) => s + (r[f] ?? 0), 0),
  employers_total: r.employers_total,
  avg_hourly_wage: r.avg_hourly_wage,
});

const cents = (money: string) => {
  const [whole = '0', part = ''] = money.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
};

/** The sum of some records' key figures; the wage weighted by students placed (rounded to the cent). */
function totalOf(rows: readonly Row[]): KeyFigures {
  const sum = (f: Exclude<KeyFigure, 'avg_hourly_wage'>) => {
    const values = rows.map((r) => figuresOf(r)[f]).filter((v): v is number => v !== null);
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

/** Changes to the return's records after its first approval, from the audit log, field by field. */
async function changesSince(db: Db, recordIds: number[], since: string, names: Map<number, string>) {
  if (recordIds.length === 0) return [];
  const audits = await queryRows<{ before: RecordWire | null; after: RecordWire | null; by: string | null; at: string }>(
    db,
    sql`SELECT a.before, a.after, coalesce(nullif(u.pref_name, ''), u.username) AS by,
          to_char(a.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM audit_log a LEFT JOIN users u ON u.id = a.changed_by
        WHERE a.entity_type = 'record' AND ${inList(sql`a.entity_id`, recordIds)} AND a.changed_at > ${since}::timestamptz
        ORDER BY a.changed_at, a.id LIMIT 500`,
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

/** The figures of return `id`, or null when there is no such return. */
export async function returnFigures(db: Db, id: number): Promise<ReturnFigures | null> {
  const ret = await readReturn(db, id);
  if (!ret) return null;
  const programs = await expectedPrograms(db, id);
  const now = { fiscal_year: ret.fiscal_year, term: ret.term };
  const lastYear = { fiscal_year: fiscalYearOf(Number(ret.fiscal_year.slice(0, 4)) - 1), term: ret.term };
  const previous = previousTerm(now);
  const periods = [now, lastYear, previous];
  const ids = programs.map((p) => p.program_id);
  const rows =
    ids.length === 0
      ? []
      : await queryRows<Row>(
          db,
          sql`SELECT id, program_id, fiscal_year, term, status, students_enrolled, students_seeking, students_placed,
                employers_total, ${sql.raw(DURATION_FIELDS.join(', '))}, avg_hourly_wage::text AS avg_hourly_wage
              FROM records
              WHERE ${inList(sql`program_id`, ids)}
                AND (fiscal_year, term) IN (${sql.join(
                  periods.map((p) => sql`(${p.fiscal_year}, ${p.term})`),
                  sql`, `,
                )})`,
        );
  const at = (programId: number, p: { fiscal_year: string; term: string }) =>
    rows.find((r) => r.program_id === programId && r.fiscal_year === p.fiscal_year && r.term === p.term);
  const lines = [];
  for (const p of programs) {
    const record = at(p.program_id, now);
    const medians = record ? await recordMedians(db, p.program_id, now.fiscal_year, now.term) : null;
    const figures = record ? figuresOf(record) : null;
    const far = KEY_FIGURES.filter((f) => {
      if (!figures || !medians || f === 'work_terms') return false;
      const value = figures[f];
      return farFromHistory(value === null ? null : Number(value), medians.medians[f], medians.terms) !== null;
    });
    const before = at(p.program_id, lastYear);
    const prior = at(p.program_id, previous);
    lines.push({
      program_id: p.program_id,
      program_name: p.program_name,
      status: record?.status ?? null,
      now: figures,
      last_year: before ? figuresOf(before) : null,
      previous_term: prior ? figuresOf(prior) : null,
      far,
    });
  }
  const of = (p: { fiscal_year: string; term: string }) =>
    rows.filter((r) => r.fiscal_year === p.fiscal_year && r.term === p.term && ids.includes(r.program_id));
  const names = new Map(programs.map((p) => [p.program_id, p.program_name]));
  return {
    last_year: lastYear,
    previous_term: previous,
    programs: lines,
    totals: { now: totalOf(of(now)), last_year: totalOf(of(lastYear)), previous_term: totalOf(of(previous)) },
    changes: ret.first_approved_at
      ? await changesSince(
          db,
          of(now).map((r) => r.id),
          ret.first_approved_at,
          names,
        )
      : [],
  };
}
