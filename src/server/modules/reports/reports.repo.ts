import { sql, type SQL } from 'drizzle-orm';
import type { ReportType } from '../../../shared/reports.ts';
import type { Report, ReportColumn, ReportParams, ReportRow } from '../../../shared/schemas/report.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { recordFilterSql, RECORDS_WITH_NAMES, type RecordFilter } from '../records/record-sql.ts';
import { DEFAULT_DISCLOSURE_RULE, type DisclosureRule } from '../../../shared/disclosure.ts';
import { provinceFigures } from '../disclosure/province-figures.ts';
import { measureValue, REPORT_DEFINITIONS, type ReportDefinition } from './report-definitions.ts';
import { APPROVED_ONLY, FLAG_AGGREGATE, RETURN_JOIN } from '../returns/return-flags.ts';
import { REPORT_FLAG_KEY } from '../../../shared/schemas/report.ts';

/** What a report's queries read and how they mark a row: the records with their returns, and the mark. */
interface Marking {
  from: SQL;
  flag: SQL;
}

const MARKED: Marking = {
  from: sql`${RECORDS_WITH_NAMES} ${RETURN_JOIN}`,
  flag: sql`${FLAG_AGGREGATE} AS ${sql.identifier(REPORT_FLAG_KEY)}`,
};
/** No marks and, unless approved figures are asked for, no join to the returns: only for measuring what marks cost. */
const unmarked = (approvedOnly: boolean | undefined): Marking => ({
  from: approvedOnly ? MARKED.from : RECORDS_WITH_NAMES,
  flag: sql`NULL::text AS ${sql.identifier(REPORT_FLAG_KEY)}`,
});

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
 * (decision 012).
 */
async function rowsAndTotals(
  db: Db,
  definition: ReportDefinition,
  where: SQL,
  { from, flag }: Marking,
): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const dims = definition.dimensions;
  const orderKeys = dims.map((_, n) => sql.identifier(`_order${n}`));
  const dimValues = sql.join(
    dims.map((d) => d.value),
    sql`, `,
  );
  const grouped = sql`SELECT ${sql.join(
    dims.map((d, n) => sql`${d.value} AS ${sql.identifier(d.key)}, ${d.order ?? d.value} AS ${orderKeys[n]!}`),
    sql`, `,
  )}, ${measureList(definition)}, ${flag}, GROUPING(${dims[0]!.value}) AS _total
    ${from} WHERE ${where}
    GROUP BY GROUPING SETS ((${dimValues}), ())`;
  const windowMeasures = definition.windowMeasures ?? [];
  const windows = windowMeasures.map((w) => sql`, ${w.value} AS ${sql.identifier(w.key)}`);
  const noWindows = windowMeasures.map((w) => sql`, NULL AS ${sql.identifier(w.key)}`);
  // Only the report's own columns (and the row's mark) come back, the totals row last: copying 200,000 rows in JavaScript to drop the
  // helper columns took 150 ms of the placement report's server time.
  const output = sql.join(
    [...reportColumns(definition).map((c) => c.key), REPORT_FLAG_KEY].map((key) => sql`u.${sql.identifier(key)}`),
    sql`, `,
  );
  const all = await queryHeavyRows<ReportRow>(
    db,
    sql`WITH g AS MATERIALIZED (${grouped})
      SELECT ${output} FROM (
        (SELECT g.* ${sql.join(windows, sql``)} FROM g WHERE g._total = 0)
        UNION ALL (SELECT g.* ${sql.join(noWindows, sql``)} FROM g WHERE g._total = 1)
      ) u
      ORDER BY u._total, ${sql.join(
        orderKeys.map((k) => sql`u.${k}`),
        sql`, `,
      )}`,
  );
  // The empty grouping set always yields its row, even over no records.
  return { rows: all.slice(0, -1), totals: all.at(-1)! };
}

/** The measures over every record the filter matches, with the grouping and year-over-year columns null. */
async function summaryRow(db: Db, definition: ReportDefinition, where: SQL, { from, flag }: Marking): Promise<ReportRow> {
  const [row] = await queryHeavyRows<ReportRow>(db, sql`SELECT ${measureList(definition)}, ${flag} ${from} WHERE ${where}`);
  const empty = (keys: { key: string }[]) => Object.fromEntries(keys.map(({ key }) => [key, null]));
  return { ...empty(definition.dimensions), ...row, ...empty(definition.windowMeasures ?? []) };
}

/**
 * Runs one report. Only submitted records count (a draft may be incomplete); with `approvedOnly`, only those of
 * approved returns. Every row, the totals and the province row carry their mark (`_flag`, return-flags.ts). Rows and totals cover the chosen
 * institutions among those the caller may read; the province row covers every institution, other parameters kept,
 * and for a caller who may not read them all it passes disclosure control (`provinceFigures`).
 */
export async function runReport(
  db: Db,
  type: ReportType,
  params: ReportParams,
  readable: 'all' | number[],
  /** 'off' only for measuring what the rule costs (npm run bench): the province row exact for anyone. */
  rule: DisclosureRule | 'off' = DEFAULT_DISCLOSURE_RULE,
  /**
   * 'off' only for measuring what the marks cost (npm run bench): rows and totals unmarked, read without the returns
   * (a province row under disclosure control keeps its own mark).
   */
  flags: 'on' | 'off' = 'on',
): Promise<Report> {
  const definition = REPORT_DEFINITIONS[type];
  const marking = flags === 'on' ? MARKED : unmarked(params.approvedOnly);
  const filter: RecordFilter = { ...params, programName: undefined, status: 'submitted', readable };
  const approved = params.approvedOnly ? sql` AND ${APPROVED_ONLY}` : sql``;
  const where = sql`${recordFilterSql(filter).where}${approved}`;
  const provinceWhere = sql`${recordFilterSql({ ...filter, institutionIds: undefined, readable: 'all' }).where}${approved}`;
  const columns = reportColumns(definition);
  if (readable !== 'all' && rule !== 'off') {
    const [{ rows, totals }, province] = await Promise.all([
      rowsAndTotals(db, definition, where, marking),
      provinceFigures(
        db,
        {
          measures: definition.measures,
          select: sql`${measureList(definition)}, ${marking.flag}`,
          from: marking.from,
          where: provinceWhere,
        },
        params,
        readable,
        rule,
      ),
    ]);
    const empty = (keys: { key: string }[]) => Object.fromEntries(keys.map(({ key }) => [key, null]));
    const provinceRow = {
      ...empty(definition.dimensions),
      ...province.values,
      ...empty(definition.windowMeasures ?? []),
      [REPORT_FLAG_KEY]: province.flag,
    };
    return { type, params, columns, rows, totals, province: provinceRow, suppressed: province.suppressed };
  }
  // Over every institution the totals are the province row: one query fewer, which PGlite (one connection) would
  // otherwise run after the first.
  const totalsAreProvince = readable === 'all' && !params.institutionIds?.length;
  const [{ rows, totals }, province] = await Promise.all([
    rowsAndTotals(db, definition, where, marking),
    totalsAreProvince ? null : summaryRow(db, definition, provinceWhere, marking),
  ]);
  return { type, params, columns, rows, totals, province: province ?? totals, suppressed: {} };
}
