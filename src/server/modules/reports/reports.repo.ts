import { sql, type SQL } from 'drizzle-orm';
import type { ReportType } from '../../../shared/reports.ts';
import type { Report, ReportColumn, ReportFlag, ReportParams, ReportRow } from '../../../shared/schemas/report.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { recordFilterSql, RECORDS_WITH_NAMES, type RecordFilter } from '../records/record-sql.ts';
import { DEFAULT_DISCLOSURE_RULE, type DisclosureRule } from '../../../shared/disclosure.ts';
import { provinceFigures } from '../disclosure/province-figures.ts';
import { ALL_PARTS, measureValue, REPORT_DEFINITIONS, type ReportDefinition } from './report-definitions.ts';
import { APPROVED_ONLY, FLAG_AGGREGATE, RETURN_JOIN } from '../returns/return-flags.ts';
import { inPeriods, markedPeriods, rangeLabel, type MarkedPeriods } from '../returns/marked-periods.ts';
import { REPORT_FLAG_KEY } from '../../../shared/schemas/report.ts';

/**
 * What a report's queries read and how they mark a row. `each`: every record joined to its return, the mark an
 * aggregate of the same scan (always exact; needed anyway when approved figures only are asked for). `kept`: the
 * figures read without the returns and the marks from the records of the periods that hold a marked record only
 * (returns/marked-periods.ts), with the periods' label read in the same statement to show the data did not change.
 */
interface Marking {
  from: SQL;
  /** The `_flag` select item of a grouped query over `from`. */
  flag: SQL;
  kept?: MarkedPeriods & { labelSql: SQL };
}

const MARKED_FROM = sql`${RECORDS_WITH_NAMES} ${RETURN_JOIN}`;
const FLAG = sql.identifier(REPORT_FLAG_KEY);
const NO_FLAG = sql`NULL::text AS ${FLAG}`;
/** The column a one-row query reads the kept marks' label into. */
const LABEL = '_marks_label';
const EACH: Marking = { from: MARKED_FROM, flag: sql`${FLAG_AGGREGATE} AS ${FLAG}` };
/** No marks and, unless approved figures are asked for, no join to the returns: only for measuring what marks cost. */
const unmarked = (approvedOnly: boolean | undefined): Marking => ({
  from: approvedOnly ? MARKED_FROM : RECORDS_WITH_NAMES,
  flag: NO_FLAG,
});
const keptMarking = (kept: MarkedPeriods, params: ReportParams): Marking => ({
  from: RECORDS_WITH_NAMES,
  flag: NO_FLAG,
  kept: { ...kept, labelSql: rangeLabel(params) },
});

/** The marks of the records matching `where` in the marked periods, as SQL, for a query over marked periods only. */
const keptFlag = (kept: MarkedPeriods, where: SQL): SQL =>
  sql`SELECT ${FLAG_AGGREGATE} ${MARKED_FROM} WHERE ${where} AND ${inPeriods(kept.periods)}`;

/** The `_flag` select item (and, kept, `_marks_label`) of a one-row query over `marking.from` with `where`. */
function oneRowFlag(marking: Marking, where: SQL): SQL {
  if (!marking.kept) return marking.flag;
  return sql`(${keptFlag(marking.kept, where)}) AS ${FLAG}, ${marking.kept.labelSql} AS ${sql.identifier(LABEL)}`;
}
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
  { from, flag, kept }: Marking,
): Promise<{ rows: ReportRow[]; totals: ReportRow } | null> {
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
  // Kept marks: the marked groups of the marked periods, [total?, mark, ...dimension values as text].
  const marks = kept
    ? sql`, m AS (SELECT ${sql.join(
        dims.map((d, n) => sql`(${d.value})::text AS ${sql.identifier(`_k${n}`)}`),
        sql`, `,
      )}, ${FLAG_AGGREGATE} AS _mark, GROUPING(${dims[0]!.value}) AS _total
        ${MARKED_FROM} WHERE ${where} AND ${inPeriods(kept.periods)}
        GROUP BY GROUPING SETS ((${dimValues}), ()))`
    : sql``;
  // Only the report's own columns and the row's mark come back, the totals row last: copying 200,000 rows in
  // JavaScript to drop helper columns took 150 ms of the placement report's server time. With kept marks, the totals
  // row's `_flag` carries the marked groups and the periods' label instead, as JSON, and the marks are set below.
  const output = sql.join(
    [
      ...reportColumns(definition).map((c) => sql`u.${sql.identifier(c.key)}`),
      kept
        ? sql`CASE WHEN u._total = 1 THEN json_build_object('label', ${kept.labelSql}, 'marks',
            (SELECT json_agg(json_build_array(m._total, m._mark, ${sql.join(
              dims.map((_, n) => sql`m.${sql.identifier(`_k${n}`)}`),
              sql`, `,
            )})) FROM m WHERE m._mark IS NOT NULL))::text END AS ${FLAG}`
        : sql`u.${FLAG}`,
    ],
    sql`, `,
  );
  const all = await queryHeavyRows<ReportRow>(
    db,
    sql`WITH g AS MATERIALIZED (${grouped})${marks}
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
  const rows = all.slice(0, -1);
  const totals = all.at(-1)!;
  if (!kept) return { rows, totals };
  const { label, marks: found } = JSON.parse(totals[REPORT_FLAG_KEY] as string) as {
    label: string;
    marks: [number, ReportFlag, ...(string | null)[]][] | null;
  };
  if (label !== kept.label) return null;
  const markOf = new Map((found ?? []).map(([total, mark, ...values]) => [JSON.stringify([total, ...values]), mark]));
  const keyOf = (row: ReportRow, total: number) =>
    JSON.stringify([total, ...dims.map((d) => (total === 1 || row[d.key] == null ? null : String(row[d.key])))]);
  for (const row of rows) row[REPORT_FLAG_KEY] = markOf.get(keyOf(row, 0)) ?? null;
  totals[REPORT_FLAG_KEY] = markOf.get(keyOf(totals, 1)) ?? null;
  return { rows, totals };
}

/**
 * The measures over every record the filter matches, with the grouping and year-over-year columns null; null when the
 * kept marks' periods changed meanwhile.
 */
async function summaryRow(db: Db, definition: ReportDefinition, where: SQL, marking: Marking): Promise<ReportRow | null> {
  const [row] = await queryHeavyRows<ReportRow>(
    db,
    sql`SELECT ${measureList(definition)}, ${oneRowFlag(marking, where)} ${marking.from} WHERE ${where}`,
  );
  const { [LABEL]: label, ...figures } = row!;
  if (marking.kept && label !== marking.kept.label) return null;
  const empty = (keys: { key: string }[]) => Object.fromEntries(keys.map(({ key }) => [key, null]));
  return { ...empty(definition.dimensions), ...figures, ...empty(definition.windowMeasures ?? []) };
}

/**
 * Runs one report. Only submitted records count (a draft may be incomplete); with `approvedOnly`, only those of
 * approved returns. Every row, the totals and the province row carry their mark (`_flag`, return-flags.ts). Rows and
 * totals cover the chosen institutions among those the caller may read; the province row covers every institution,
 * other parameters kept, and for a caller who may not read them all it passes disclosure control (`provinceFigures`).
 */
export async function runReport(
  db: Db,
  type: ReportType,
  params: ReportParams,
  readable: 'all' | number[],
  /** 'off' only for measuring what the rule costs (npm run bench): the province row exact for anyone. */
  rule: DisclosureRule | 'off' = DEFAULT_DISCLOSURE_RULE,
  /**
   * 'off' only for measuring what the marks cost (npm run bench): no marks and, unless approved figures only are
   * asked for, no returns read. For tests only: 'each', every record judged by its return; a `MarkedPeriods`, the
   * marked periods as chosen earlier, as when data changes between choosing them and reading the figures.
   */
  flags: 'on' | 'off' | 'each' | MarkedPeriods = 'on',
): Promise<Report> {
  const marking = await markingFor(db, params, flags);
  // The data changed between choosing the marked periods and reading the figures: every record is judged instead.
  return (
    (await reportWith(db, type, params, readable, rule, marking)) ?? (await reportWith(db, type, params, readable, rule, EACH))!
  );
}

/** How a report with these parameters reads its marks (`flags` as `runReport` takes them). */
async function markingFor(db: Db, params: ReportParams, flags: 'on' | 'off' | 'each' | MarkedPeriods): Promise<Marking> {
  if (flags === 'off') return unmarked(params.approvedOnly);
  if (flags === 'each' || params.approvedOnly) return EACH;
  const kept = flags === 'on' ? await markedPeriods(db, params) : flags;
  // When most periods hold marked records (nothing approved yet, say), reading their records twice would cost more
  // than judging every record in one scan.
  return kept.periods.length * 2 > kept.inRange ? EACH : keptMarking(kept, params);
}

/** The report with `marking`; null when kept marks turned out stale. */
async function reportWith(
  db: Db,
  type: ReportType,
  params: ReportParams,
  readable: 'all' | number[],
  rule: DisclosureRule | 'off',
  marking: Marking,
): Promise<Report | null> {
  const definition = REPORT_DEFINITIONS[type];
  const filter: RecordFilter = { ...params, programName: undefined, status: 'submitted', readable };
  const approved = params.approvedOnly ? sql` AND ${APPROVED_ONLY}` : sql``;
  const where = sql`${recordFilterSql(filter).where}${approved}`;
  const provinceWhere = sql`${recordFilterSql({ ...filter, institutionIds: undefined, readable: 'all' }).where}${approved}`;
  const columns = reportColumns(definition);
  if (readable !== 'all' && rule !== 'off') {
    // Their own institutions' part of the province is live; the others' comes from releases (province-figures.ts).
    const own = recordFilterSql({ ...filter, institutionIds: undefined, readable }).where;
    const [grouped, province] = await Promise.all([
      rowsAndTotals(db, definition, where, marking),
      provinceFigures(
        db,
        {
          measures: definition.measures,
          parts: ALL_PARTS,
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
    if (!grouped) return null;
    const empty = (keys: { key: string }[]) => Object.fromEntries(keys.map(({ key }) => [key, null]));
    const provinceRow = {
      ...empty(definition.dimensions),
      ...province.values,
      ...empty(definition.windowMeasures ?? []),
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
  const totalsAreProvince = readable === 'all' && !params.institutionIds?.length;
  const [grouped, province] = await Promise.all([
    rowsAndTotals(db, definition, where, marking),
    totalsAreProvince ? null : summaryRow(db, definition, provinceWhere, marking),
  ]);
  if (!grouped || (!totalsAreProvince && !province)) return null;
  return { type, params, columns, ...grouped, province: province ?? grouped.totals, suppressed: {}, release: null };
}
