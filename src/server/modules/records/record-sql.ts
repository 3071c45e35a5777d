import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { TERMS } from '../../../shared/constants.ts';
import { COUNT_FIELDS, MONEY_FIELDS, RECORD_FIELD_LABELS, type CountField } from '../../../shared/record-rules.ts';
import type { FindCriteriaParsed } from '../../../shared/schemas/find-criteria.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { institutions, programs } from '../../db/schema.ts';

/**
 * The SQL vocabulary of the record tables, written once: every query over records (the store, lists, reports, exports,
 * the import) takes its aliases, joins, column references, term order and filter from here. Columns are named through
 * typed references (a record field, or a Drizzle column of programs or institutions), so renaming a field or a column
 * fails the typecheck at every use instead of failing a query at run time.
 *
 * Aliases: `r` records, `i` institutions, `p` programs.
 */

/** A column of `records` by its wire name (the wire names are the column names). */
export type RecordColumn = Exclude<keyof RecordWire, 'institution_short_name' | 'institution_name' | 'program_name'>;

/** `r.<column>` of a record field. */
export const recordColumn = (field: RecordColumn): SQL => sql.raw(`r.${field}`);
/** `p.<column>` of a program column, named by its Drizzle key. */
export const programColumn = (key: keyof ReturnType<typeof getTableColumns<typeof programs>>): SQL =>
  sql.raw(`p.${getTableColumns(programs)[key].name}`);
/** `i.<column>` of an institution column, named by its Drizzle key. */
export const institutionColumn = (key: keyof ReturnType<typeof getTableColumns<typeof institutions>>): SQL =>
  sql.raw(`i.${getTableColumns(institutions)[key].name}`);

/** Records with their institution and program: the FROM of every query that shows names or groups by program. */
export const RECORDS_WITH_NAMES = sql`FROM records r
  JOIN institutions i ON i.id = r.institution_id
  JOIN programs p ON p.id = r.program_id`;

/** A timestamp as ISO 8601 text in UTC, so PGlite and node-postgres return the same JSON. */
export const isoTimestamp = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A term's position in its fiscal year (April to March), from 1: the order of TERMS. */
export const termPosition = (term: string): number => TERMS.indexOf(term as (typeof TERMS)[number]) + 1;

/** `r.term` as its position in the fiscal year; the terms are our own constants, so they are written as literals. */
export const TERM_ORDER = sql.raw(
  `(CASE r.term ${TERMS.slice(0, -1)
    .map((term, n) => `WHEN '${term}' THEN ${n + 1}`)
    .join(' ')} ELSE ${TERMS.length} END)`,
);

/** The sum of some count columns of one record, a missing value counting as 0. */
export const sumOfColumns = (fields: readonly CountField[]): SQL =>
  sql`(${sql.join(
    fields.map((f) => sql`coalesce(${recordColumn(f)}, 0)`),
    sql` + `,
  )})`;

/** `column IN (values…)` with each value a bind parameter. */
export const inList = <T>(column: SQL, values: readonly T[]): SQL =>
  sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * `column = ANY(…)` of whole-number ids as one bind parameter, an array literal (`{1,2,3}`): an import's 5,000 ids
 * as `IN` lists cost the query builder ten lists of 500 parameters, milliseconds of the event loop each (issue 28).
 */
export function anyOfIds(column: SQL, ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`Not an id: ${id}`);
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
}

/**
 * The wire record's select list (RecordWire): every column, money as text, timestamps as ISO text, and the display
 * names of its institution and program. Counts are int4, a JS number on both drivers.
 */
export const RECORD_WIRE_COLUMNS = sql.join(
  [
    recordColumn('id'),
    recordColumn('institution_id'),
    sql`${institutionColumn('shortName')} AS institution_short_name`,
    sql`${institutionColumn('name')} AS institution_name`,
    recordColumn('program_id'),
    sql`${programColumn('name')} AS program_name`,
    recordColumn('fiscal_year'),
    recordColumn('term'),
    ...COUNT_FIELDS.map((f) => recordColumn(f)),
    ...MONEY_FIELDS.map((f) => sql`${recordColumn(f)}::text AS ${sql.identifier(f)}`),
    recordColumn('notes'),
    recordColumn('status'),
    recordColumn('version'),
    sql`${isoTimestamp(recordColumn('created_at'))} AS created_at`,
    recordColumn('created_by'),
    sql`${isoTimestamp(recordColumn('updated_at'))} AS updated_at`,
    recordColumn('updated_by'),
  ],
  sql`, `,
);

/** Columns beyond the record's own fields that lists, reports and exports show, each with its one label. */
export const NAME_COLUMNS = {
  institution: { label: RECORD_FIELD_LABELS.institution_id, value: institutionColumn('shortName') },
  institution_name: { label: 'Institution name', value: institutionColumn('name') },
  program: { label: RECORD_FIELD_LABELS.program_id, value: programColumn('name') },
  discipline: { label: 'Discipline grouping', value: programColumn('discipline') },
  credential: { label: 'Credential', value: programColumn('credential') },
  wil_type: { label: 'WIL type', value: programColumn('wilType') },
  coop_model: { label: 'Co-op model', value: programColumn('coopModel') },
  cip_code: { label: 'CIP code', value: programColumn('cipCode') },
} as const satisfies Record<string, { label: string; value: SQL }>;
export type NameColumn = keyof typeof NAME_COLUMNS;

/** Criteria without paging, plus the institutions the caller may read ('all', or a list that may be empty). */
export type RecordFilter = Omit<FindCriteriaParsed, 'page' | 'pageSize' | 'sort'> & { readable: 'all' | number[] };

/**
 * The WHERE clause of a filter over `records r` (and `programs p` when `needsProgram`): for lists, and for exports
 * and reports that take the same find criteria.
 */
export function recordFilterSql(filter: RecordFilter): { where: SQL; needsProgram: boolean } {
  const clauses: SQL[] = [];
  const institutionId = recordColumn('institution_id');
  const placed = recordColumn('students_placed');
  if (filter.readable !== 'all') {
    clauses.push(filter.readable.length === 0 ? sql`false` : inList(institutionId, filter.readable));
  }
  if (filter.institutionIds?.length) clauses.push(inList(institutionId, filter.institutionIds));
  if (filter.programIds?.length) clauses.push(inList(recordColumn('program_id'), filter.programIds));
  // Fiscal years are fixed-width `YYYY/YY`, so text order is year order.
  if (filter.fiscalYearFrom) clauses.push(sql`${recordColumn('fiscal_year')} >= ${filter.fiscalYearFrom}`);
  if (filter.fiscalYearTo) clauses.push(sql`${recordColumn('fiscal_year')} <= ${filter.fiscalYearTo}`);
  if (filter.terms?.length) clauses.push(inList(recordColumn('term'), filter.terms));
  if (filter.status) clauses.push(sql`${recordColumn('status')} = ${filter.status}`);
  if (filter.placedMin !== undefined) clauses.push(sql`${placed} >= ${filter.placedMin}`);
  if (filter.placedMax !== undefined) clauses.push(sql`${placed} <= ${filter.placedMax}`);
  if (filter.disciplines?.length) clauses.push(inList(programColumn('discipline'), filter.disciplines));
  if (filter.wilTypes?.length) clauses.push(inList(programColumn('wilType'), filter.wilTypes));
  if (filter.credentials?.length) clauses.push(inList(programColumn('credential'), filter.credentials));
  // strpos, not ILIKE: the text is matched literally, % and _ included.
  if (filter.programName) clauses.push(sql`strpos(lower(${programColumn('name')}), lower(${filter.programName})) > 0`);
  const needsProgram = !!(
    filter.disciplines?.length ||
    filter.wilTypes?.length ||
    filter.credentials?.length ||
    filter.programName
  );
  return { where: clauses.length > 0 ? sql.join(clauses, sql` AND `) : sql`true`, needsProgram };
}
