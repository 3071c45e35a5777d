import { sql, type SQL } from 'drizzle-orm';

/**
 * Data versions (migration 0004, decision 022): statement-level triggers append a row to `data_changes` for every
 * period (fiscal year × term) a statement changed, of kind `records` (its records, or `*` for every period's) or
 * `returns` (its returns and reporting period). Whatever is computed from one period's data and kept between requests
 * (disclosure control's blocks, the periods that hold marked records) is labelled with the period's version and used
 * only while the label still equals the version read with the figures it serves.
 */

/**
 * A period's data version as SQL over columns `fy` and `term`: how many changes its records (and every period's) have
 * seen and the newest, and with `returns` the same of its returns. Equal versions, equal data.
 *
 * The newest alone is not enough: numbers are taken when a change is written, not when it commits, so a change
 * committing after a later-numbered one would leave the newest as it was. Changes are only ever added, so their count
 * grows with every commit, whatever its number.
 */
export function periodVersion(fy: SQL, term: SQL, returns: boolean): SQL {
  const changes = (kind: string, fyValue: SQL, termValue: SQL) =>
    sql`(SELECT count(*) || ':' || coalesce(max(c.seq), 0) FROM data_changes c
      WHERE c.kind = ${kind} AND c.fiscal_year = ${fyValue} AND c.term = ${termValue})`;
  const of = (kind: string) => sql`${changes(kind, fy, term)}, ${changes(kind, sql`'*'`, sql`'*'`)}`;
  return sql`concat_ws('.', ${of('records')}${returns ? sql`, ${of('returns')}` : sql``})`;
}

/** One fiscal year × term. */
export interface Period {
  fy: string;
  term: string;
}

/** A period as a map key. */
export const periodKey = (p: Period): string => `${p.fy}|${p.term}`;

/** Periods as SQL rows `(fy, term), …`, for a VALUES list or a row IN list. */
export const periodRows = (periods: readonly Period[]): SQL =>
  sql.join(
    periods.map((p) => sql`(${p.fy}::text, ${p.term}::text)`),
    sql`, `,
  );

/** Which periods a question covers: its fiscal-year range and terms (every period when none is given). */
export interface PeriodRange {
  fiscalYearFrom?: string;
  fiscalYearTo?: string;
  terms?: readonly string[];
}

/**
 * The condition on `data_periods dp` (every period that has held records) for the periods in `range`; `alias` names
 * another table of periods (`release_periods rp`).
 */
export function dataPeriodsIn(range: PeriodRange, alias = 'dp'): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (range.fiscalYearFrom) parts.push(sql`${column('fiscal_year')} >= ${range.fiscalYearFrom}`);
  if (range.fiscalYearTo) parts.push(sql`${column('fiscal_year')} <= ${range.fiscalYearTo}`);
  if (range.terms?.length)
    parts.push(
      sql`${column('term')} IN (${sql.join(
        range.terms.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}
