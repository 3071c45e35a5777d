import { sql, type SQL } from 'drizzle-orm';
import { EDITABLE_FIELDS, RECORD_FIELD_LABELS } from '../../../shared/record-rules.ts';
import { MEDIAN_FIELDS } from '../../../shared/schemas/record-medians.ts';
import type { MedianField, RecordMedians } from '../../../shared/schemas/record-medians.ts';
import type { RecordHistoryEntry } from '../../../shared/schemas/record-history.ts';
import type { RecordListItem, RecordPage } from '../../../shared/schemas/record-list.ts';
import type { RecordSort, RecordSortKey } from '../../../shared/schemas/record-sort.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { readRecord } from './record-store.ts';
import {
  institutionColumn,
  isoTimestamp,
  programColumn,
  recordColumn,
  recordFilterSql,
  RECORDS_WITH_NAMES,
  TERM_ORDER,
  termPosition,
  type RecordFilter,
} from './record-sql.ts';

/** Reads of records for lists, history and medians; writes go through the record store (record-store.ts). */

/** One record with its display names, or null. */
export async function findRecord(db: Db, id: number): Promise<RecordWire | null> {
  return readRecord(db, id);
}

/** The institution a record belongs to, or null when there is no such record (a cheap look-up for rights checks). */
export async function recordInstitutionId(db: Db, id: number): Promise<number | null> {
  const [row] = await queryRows<{ institution_id: number }>(db, sql`SELECT institution_id FROM records WHERE id = ${id}`);
  return row?.institution_id ?? null;
}

// ---- Lists ---------------------------------------------------------------------------------------------

const INSTITUTION_ORDER = sql`lower(${institutionColumn('shortName')})`;
const PROGRAM_ORDER = sql`lower(${programColumn('name')})`;
const FISCAL_YEAR = recordColumn('fiscal_year');

const SORT_COLUMNS: Record<Exclude<RecordSortKey, 'term'>, SQL> = {
  institution: INSTITUTION_ORDER,
  program: PROGRAM_ORDER,
  fiscal_year: FISCAL_YEAR,
  status: recordColumn('status'),
  students_enrolled: recordColumn('students_enrolled'),
  students_seeking: recordColumn('students_seeking'),
  students_placed: recordColumn('students_placed'),
  updated_at: recordColumn('updated_at'),
  id: recordColumn('id'),
};

/** ORDER BY for the requested keys, then newest term, institution, program and id so pages never shuffle. */
function orderOf(sort: RecordSort): SQL {
  const terms: SQL[] = [];
  for (const { key, dir } of sort) {
    const direction = sql.raw(dir === 'desc' ? 'DESC' : 'ASC');
    if (key === 'term') terms.push(sql`${FISCAL_YEAR} ${direction}`, sql`${TERM_ORDER} ${direction}`);
    // Never null, so no NULLS LAST: with it the year index no longer gives the order, and the default sort (latest
    // year first) sorted every matching record on each page instead of reading the newest years' first.
    else if (key === 'fiscal_year') terms.push(sql`${FISCAL_YEAR} ${direction}`);
    else terms.push(sql`${SORT_COLUMNS[key]} ${direction} NULLS LAST`);
  }
  terms.push(sql`${FISCAL_YEAR} DESC`, sql`${TERM_ORDER} DESC`, INSTITUTION_ORDER, PROGRAM_ORDER, recordColumn('id'));
  return sql.join(terms, sql`, `);
}

/** A list row's select list (RecordListItem): the record's own columns, its names, and its last change as ISO text. */
const LIST_COLUMNS = sql.join(
  [
    ...(['id', 'institution_id'] as const).map(recordColumn),
    sql`${institutionColumn('shortName')} AS institution_short_name`,
    recordColumn('program_id'),
    sql`${programColumn('name')} AS program_name`,
    ...(['fiscal_year', 'term', 'status', 'students_enrolled', 'students_seeking', 'students_placed'] as const).map(recordColumn),
    sql`${isoTimestamp(recordColumn('updated_at'))} AS updated_at`,
  ],
  sql`, `,
);

/** One page of records matching the filter, in the requested order, with the total over the same filter. */
export async function listRecords(
  db: Db,
  filter: RecordFilter,
  paging: { page: number; pageSize: number; sort: RecordSort },
): Promise<RecordPage> {
  const { where, needsProgram } = recordFilterSql(filter);
  const offset = (paging.page - 1) * paging.pageSize;
  const items = await queryRows<RecordListItem>(
    db,
    sql`SELECT ${LIST_COLUMNS}
        ${RECORDS_WITH_NAMES}
        WHERE ${where}
        ORDER BY ${orderOf(paging.sort)}
        LIMIT ${paging.pageSize} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM records r
        ${needsProgram ? sql`JOIN programs p ON p.id = r.program_id` : sql``}
        WHERE ${where}`,
  );
  return { items, total: count?.total ?? 0, page: paging.page, pageSize: paging.pageSize };
}

// ---- History -------------------------------------------------------------------------------------------

interface AuditRow {
  id: number;
  action: string;
  changed_at: string;
  changed_by: number | null;
  username: string | null;
  pref_name: string | null;
  before: Partial<RecordWire> | null;
  after: Partial<RecordWire> | null;
}

type HistoryValue = string | number | null;

/** The values that differ between two audit snapshots, in form order, with their labels. */
function changesBetween(before: Partial<RecordWire> | null, after: Partial<RecordWire> | null): RecordHistoryEntry['changes'] {
  const changes: RecordHistoryEntry['changes'] = [];
  for (const field of EDITABLE_FIELDS) {
    const b = (before?.[field] ?? null) as HistoryValue;
    const a = (after?.[field] ?? null) as HistoryValue;
    if (b !== a) changes.push({ field, label: RECORD_FIELD_LABELS[field], before: b, after: a });
  }
  return changes;
}

/** A record's audit history, newest first: who, when, what, and each changed value before → after. */
export async function recordHistory(db: Db, id: number): Promise<RecordHistoryEntry[]> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT a.id::float8 AS id, a.action, ${isoTimestamp(sql`a.changed_at`)} AS changed_at, a.changed_by,
               u.username, u.pref_name, a.before, a.after
        FROM audit_log a LEFT JOIN users u ON u.id = a.changed_by
        WHERE a.entity_type = 'record' AND a.entity_id = ${id}
        ORDER BY a.changed_at DESC, a.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    changed_at: r.changed_at,
    changed_by: r.changed_by,
    username: r.username,
    prefName: r.pref_name,
    changes: changesBetween(r.before, r.after),
  }));
}

// ---- Medians -------------------------------------------------------------------------------------------

/** How many of a program's earlier terms the medians cover. */
export const MEDIAN_TERMS = 6;

/** The program's institution, or null when there is no such program (for the medians route's rights check). */
export async function programInstitutionId(db: Db, programId: number): Promise<number | null> {
  const [row] = await queryRows<{ institution_id: number }>(db, sql`SELECT institution_id FROM programs WHERE id = ${programId}`);
  return row?.institution_id ?? null;
}

/**
 * The medians of `fields` over program `programId`'s up to MEDIAN_TERMS most recent records strictly before
 * `fiscalYear`/`termOrder` (chronological: fiscal year, then Summer, Fall, Spring; `termOrder` as `termPosition`
 * numbers it), drafts included, as a one-row subquery (`terms`, then one column per field) that a query may join
 * laterally for many programs at once (the approver's figures, return-figures.ts). Cast to float8 so both drivers
 * answer numbers; a field no record holds is null.
 */
export function recentMedians(
  programId: SQL,
  fiscalYear: SQL,
  termOrder: SQL,
  fields: readonly MedianField[] = MEDIAN_FIELDS,
): SQL {
  const medians = fields.map(
    (f) => sql`(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${recordColumn(f)}::float8))::float8 AS ${sql.identifier(f)}`,
  );
  return sql`(SELECT count(*)::int AS terms, ${sql.join(medians, sql`, `)}
      FROM (
        SELECT r.* FROM records r
        WHERE r.program_id = ${programId}
          AND (r.fiscal_year < ${fiscalYear} OR (r.fiscal_year = ${fiscalYear} AND ${TERM_ORDER} < ${termOrder}))
        ORDER BY r.fiscal_year DESC, ${TERM_ORDER} DESC
        LIMIT ${MEDIAN_TERMS}
      ) r)`;
}

/** The median of every count and amount over the program's recent records before `fiscalYear`/`term` (above). */
export async function recordMedians(db: Db, programId: number, fiscalYear: string, term: string): Promise<RecordMedians> {
  const [row] = await queryRows<Record<MedianField, number | null> & { terms: number }>(
    db,
    sql`SELECT m.* FROM ${recentMedians(sql`${programId}::int`, sql`${fiscalYear}`, sql`${termPosition(term)}::int`)} m`,
  );
  const result = { terms: row?.terms ?? 0, medians: {} as RecordMedians['medians'] };
  for (const f of MEDIAN_FIELDS) result.medians[f] = row?.[f] ?? null;
  return result;
}
