import { sql, type SQL } from 'drizzle-orm';
import type { ReportType } from '../../../shared/reports.ts';
import {
  REPORT_FLAG_KEY,
  type Report,
  type ReportColumn,
  type ReportParams,
  type ReportRow,
} from '../../../shared/schemas/report.ts';
import { queryHeavyRows, queryRows, type Db } from '../../db/client.ts';
import { recordFilterSql, RECORDS_WITH_NAMES, type RecordFilter } from '../records/record-sql.ts';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import { prepareProvinceFigures, provinceFigures, type ComputedAhead } from '../disclosure/province-figures.ts';
import { readableInstitutions } from '../../../shared/permissions.ts';
import { toSessionUser, userRowsWhere, type UserRow } from '../../session/session-user.ts';
import type { Period } from '../../db/data-versions.ts';
import { ALL_DIRECT_FIGURES, ALL_PARTS, measureValue, REPORT_DEFINITIONS, type ReportDefinition } from './report-definitions.ts';
import { APPROVED_ONLY, FLAG_AGGREGATE, flagOf, preliminary, RETURN_JOIN, revised } from '../returns/return-flags.ts';
import { markedPeriods, markedRecords } from '../returns/marked-periods.ts';

/*
 * A report, top to bottom (runReport):
 *   1. its definition (report-definitions.ts) and the question's filter, as SQL;
 *   2. how its marks are read (markingFor): with the figures, or apart from them for the periods that may hold one;
 *   3. its rows and totals over the institutions the viewer may read, marks joined in the same statement;
 *   4. the province row: exact over every institution for a viewer who reads them all, else their own part live and
 *      the others' part from releases (province-figures.ts);
 *   5. the answer.
 * Each statement reads its figures and their marks in one snapshot, so they always agree.
 */

/**
 * How a report's statements read the marks. `each`: every record joined to its return, the mark an aggregate of the
 * same scan (needed anyway for approved figures only, and cheaper when most periods may hold a marked record). `apart`:
 * the figures read without the returns, and the marks from the records of the periods that may hold a marked record
 * only (returns/marked-periods.ts), grouped the same way and joined to the figures.
 */
type Marking = { kind: 'each' } | { kind: 'apart'; records: ReturnType<typeof markedRecords> };

const MARKED_FROM = sql`${RECORDS_WITH_NAMES} ${RETURN_JOIN}`;
const FLAG = sql.identifier(REPORT_FLAG_KEY);
const EACH: Marking = { kind: 'each' };

/**
 * The marks of the records matching `where`, read apart from the figures: per grouping when `grouped` gives its
 * select items (named `_key` and `_total`) and GROUP BY, else one row. Two parts, one of which reads nothing
 * (markedRecords); each says whether any record is preliminary or revised, and the marks combine them.
 */
function marksApart(where: SQL, records: ReturnType<typeof markedRecords>, grouped?: { select: SQL; groupBy: SQL }): SQL {
  const part = (which: SQL) =>
    sql`SELECT ${grouped ? sql`${grouped.select}, ` : sql``}bool_or(${preliminary()}) AS _p, bool_or(${revised()}) AS _r
      ${MARKED_FROM} WHERE ${where} AND ${which} ${grouped?.groupBy ?? sql``}`;
  return sql`SELECT ${grouped ? sql`x._key, x._total, ` : sql``}${flagOf(sql`bool_or(x._p)`, sql`bool_or(x._r)`)} AS _mark
    FROM (${part(records.kept)} UNION ALL ${part(records.changed)}) x ${grouped ? sql`GROUP BY x._key, x._total` : sql``}`;
}

/** A one-row report's grouping or year-over-year columns, all null. */
const nulls = (keys: { key: string }[]) => Object.fromEntries(keys.map(({ key }) => [key, null]));

/** The report's columns: its groupings, then its measures, then the year-over-year measures. */
export function reportColumns(definition: ReportDefinition): ReportColumn[] {
  return [
    ...definition.dimensions.map(({ key, label }) => ({ key, label, kind: 'text' as const })),
    ...definition.measures.map(({ key, label, kind }) => ({ key, label, kind })),
    ...(definition.windowMeasures ?? []).map(({ key, label, kind }) => ({ key, label, kind })),
  ];
}

const measureList = (definition: ReportDefinition): SQL =>
  sql.join(
    definition.measures.map((m) => sql`${measureValue(m)} AS ${sql.identifier(m.key)}`),
    sql`, `,
  );

/**
 * One row per grouping in the definition's order, with year-over-year measures computed over the grouped rows, and the
 * totals over the same filter, from one scan of the records: GROUPING SETS ((dimensions), ()). Two queries (grouped,
 * then totals) read the records twice; on PGlite, which runs one query at a time, that made every report 1.4–2× slower
 * (decision 012). Read apart, the marks are a second grouped scan of the marked periods' records in the same
 * statement, joined to the figures' rows by grouping.
 */
async function rowsAndTotals(
  db: Db,
  definition: ReportDefinition,
  where: SQL,
  marking: Marking,
): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const dims = definition.dimensions;
  const orderKeys = dims.map((_, n) => sql.identifier(`_order${n}`));
  const dimValues = sql.join(
    dims.map((d) => d.value),
    sql`, `,
  );
  const groupings = sql`GROUP BY GROUPING SETS ((${dimValues}), ())`;
  const total = sql`GROUPING(${dims[0]!.value}) AS _total`;
  const each = marking.kind === 'each';
  // Read apart, a grouping's marks find its figures by this key: one text, so the join hashes (a join on each
  // dimension IS NOT DISTINCT FROM, needed for null values, compares every pair of rows).
  const groupKey = sql`json_build_array(${dimValues})::text AS _key`;
  const grouped = sql`SELECT ${sql.join(
    dims.map((d, n) => sql`${d.value} AS ${sql.identifier(d.key)}, ${d.order ?? d.value} AS ${orderKeys[n]!}`),
    sql`, `,
  )}, ${measureList(definition)}, ${each ? sql`${FLAG_AGGREGATE} AS ${FLAG}` : groupKey}, ${total}
    ${each ? MARKED_FROM : RECORDS_WITH_NAMES} WHERE ${where} ${groupings}`;
  const windowMeasures = definition.windowMeasures ?? [];
  const windows = windowMeasures.map((w) => sql`, ${w.value} AS ${sql.identifier(w.key)}`);
  const noWindows = windowMeasures.map((w) => sql`, NULL AS ${sql.identifier(w.key)}`);
  const marks =
    marking.kind === 'apart'
      ? sql`, m AS (${marksApart(where, marking.records, { select: sql`${groupKey}, ${total}`, groupBy: groupings })})`
      : sql``;
  const markJoin = marking.kind === 'apart' ? sql`LEFT JOIN m ON m._total = u._total AND m._key = u._key` : sql``;
  // Only the report's own columns and the row's mark come back, the totals row last: copying 200,000 rows in
  // JavaScript to drop helper columns took 150 ms of the placement report's server time.
  const output = sql.join(
    [...reportColumns(definition).map((c) => sql`u.${sql.identifier(c.key)}`), each ? sql`u.${FLAG}` : sql`m._mark AS ${FLAG}`],
    sql`, `,
  );
  const all = await queryHeavyRows<ReportRow>(
    db,
    sql`WITH g AS MATERIALIZED (${grouped})${marks}
      SELECT ${output} FROM (
        (SELECT g.* ${sql.join(windows, sql``)} FROM g WHERE g._total = 0)
        UNION ALL (SELECT g.* ${sql.join(noWindows, sql``)} FROM g WHERE g._total = 1)
      ) u ${markJoin}
      ORDER BY u._total, ${sql.join(
        orderKeys.map((k) => sql`u.${k}`),
        sql`, `,
      )}`,
  );
  // The empty grouping set always yields its row, even over no records.
  return { rows: all.slice(0, -1), totals: all.at(-1)! };
}

/** The measures and mark over every record the filter matches, with the grouping and year-over-year columns null. */
async function summaryRow(db: Db, definition: ReportDefinition, where: SQL, marking: Marking): Promise<ReportRow> {
  const query =
    marking.kind === 'each'
      ? sql`SELECT ${measureList(definition)}, ${FLAG_AGGREGATE} AS ${FLAG} ${MARKED_FROM} WHERE ${where}`
      : sql`SELECT ${measureList(definition)}, (${marksApart(where, marking.records)}) AS ${FLAG}
          ${RECORDS_WITH_NAMES} WHERE ${where}`;
  const [figures] = await queryHeavyRows<ReportRow>(db, query);
  return { ...nulls(definition.dimensions), ...figures!, ...nulls(definition.windowMeasures ?? []) };
}

/**
 * Runs one report. Only submitted records count (a draft may be incomplete); with `approvedOnly`, only those of
 * approved returns. Every row, the totals and the province row carry their mark (`_flag`, return-flags.ts). Rows and
 * totals cover the chosen institutions among those the caller may read; the province row covers every institution,
 * other parameters kept, and for a caller who may not read them all its other institutions' part comes from releases
 * (`provinceFigures`).
 */
export async function runReport(
  db: Db,
  type: ReportType,
  params: ReportParams,
  readable: 'all' | number[],
  rule: DisclosureRule,
): Promise<Report> {
  const definition = REPORT_DEFINITIONS[type];
  const columns = reportColumns(definition);
  const filter: RecordFilter = { ...params, programName: undefined, status: 'submitted', readable };
  const approved = params.approvedOnly ? sql` AND ${APPROVED_ONLY}` : sql``;
  const where = sql`${recordFilterSql(filter).where}${approved}`;
  const marking = await markingFor(db, params);

  if (readable !== 'all') {
    // Their own institutions' part of the province is live; the others' comes from releases (province-figures.ts).
    const own = recordFilterSql({ ...filter, institutionIds: undefined, readable }).where;
    const [grouped, province] = await Promise.all([
      rowsAndTotals(db, definition, where, marking),
      provinceFigures(
        db,
        {
          measures: definition.measures,
          parts: ALL_PARTS,
          directFigures: ALL_DIRECT_FIGURES,
          ownFrom: MARKED_FROM,
          ownWhere: sql`${own}${approved}`,
          ownFlag: FLAG_AGGREGATE,
          releasedWhere: recordFilterSql({ ...filter, status: undefined, institutionIds: undefined, readable: 'all' }).where,
        },
        params,
        readable,
        rule,
      ),
    ]);
    const provinceRow = {
      ...nulls(definition.dimensions),
      ...province.values,
      ...nulls(definition.windowMeasures ?? []),
      [REPORT_FLAG_KEY]: province.flag,
    };
    return {
      type,
      params,
      columns,
      ...grouped,
      province: provinceRow,
      suppressed: province.suppressed,
      release: province.release,
    };
  }
  // Over every institution the totals are the province row: one query fewer, which PGlite (one connection) would
  // otherwise run after the first.
  const provinceWhere = sql`${recordFilterSql({ ...filter, institutionIds: undefined }).where}${approved}`;
  const [grouped, province] = await Promise.all([
    rowsAndTotals(db, definition, where, marking),
    params.institutionIds?.length ? summaryRow(db, definition, provinceWhere, marking) : null,
  ]);
  return { type, params, columns, ...grouped, province: province ?? grouped.totals, suppressed: {}, release: null };
}

/**
 * How a report with these parameters reads its marks. When most periods may hold a marked record (nothing approved
 * yet, say), reading their records twice would cost more than judging every record in one scan.
 */
async function markingFor(db: Db, params: ReportParams): Promise<Marking> {
  if (params.approvedOnly) return EACH;
  const marked = await markedPeriods(db, params);
  return marked.periods.length * 2 > marked.inRange ? EACH : { kind: 'apart', records: markedRecords(marked, params) };
}

/**
 * The one place that decides what is computed ahead (decision 043): the province figures of `periods` for every
 * active user who may read some institutions but not all, and for the viewers whose figures are kept, as their
 * questions would compute them. After a release (the releases module's port) of its periods; at the server's start
 * of every released period (app.ts).
 */
export async function prepareReleasedReports(
  db: Db,
  periods: readonly Period[] | 'every released period',
  rule: DisclosureRule,
  signal?: AbortSignal,
): Promise<ComputedAhead> {
  const users = await queryRows<UserRow>(db, userRowsWhere(sql`u.active`));
  const viewers = users.flatMap((row) => {
    const readable = readableInstitutions(toSessionUser(row, []).privileges);
    return readable === 'all' ? [] : [{ readable, rule }];
  });
  return prepareProvinceFigures(db, periods, viewers, ALL_PARTS, ALL_DIRECT_FIGURES, signal);
}
