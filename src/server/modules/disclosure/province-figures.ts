import { sql, type SQL } from 'drizzle-orm';
import { WORK_TERM_SPLITS } from '../../../shared/record-rules.ts';
import type { ReportFlag, ReportParams, ReportRow, SuppressionReason } from '../../../shared/schemas/report.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { inList, recordFilterSql } from '../records/record-sql.ts';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import { APPROVED_ONLY, flagOf, preliminary, RETURN_JOIN, revised } from '../reports/return-flags.ts';

/**
 * The one place that decides what a person who may not read every institution sees of the others: the province row
 * of a report, with each figure either exact or suppressed (PRODUCT.md §9; method in docs/disclosure-control.md,
 * reasoning in decision 020).
 *
 * Figures are sums of per-record parts (a percentage or an average rests on two). For each part, the records of the
 * institutions the viewer may not read are cut into blocks, the same for every question anyone asks, so that a sum of
 * released blocks is all anybody can learn, whatever reports they combine:
 *
 * - a cell is one fiscal year × term × discipline × credential × WIL type (the finest thing the filters select);
 * - within a discipline of a period, every cell that passes the rule is a block and the failing cells are pooled into
 *   one remainder block; if that remainder fails, the whole discipline is one block if it passes; if it fails too,
 *   its cells go up to the period's pool, which is a block if it passes; if it fails, the period's smallest other
 *   discipline joins it (one small discipline offered by one institution must not hide every discipline question of
 *   the period); if that fails too, the whole period is one block.
 *
 * A figure is released when every block it touches passes the rule and lies wholly inside the question. Because the
 * blocks do not depend on the question, subtracting one released figure from another only ever yields a sum of whole
 * blocks, each of which passes the rule.
 *
 * Cost: a question without a discipline, credential or WIL-type filter covers whole periods, where a period is
 * answerable exactly when its total passes the rule; those questions group the records by period and institution only,
 * no more work than the plain province sum (the bench's reports). A question with such a filter groups by cell.
 */

/** A measure as the rule sees it: the parts it rests on, the figure computed from their sums. */
export interface JudgedMeasure {
  key: string;
  parts: Record<string, SQL>;
  figure: (sums: Record<string, SQL>) => SQL;
  /** A figure computed from the records directly (a median): not from part sums; shown only by `direct` below. */
  direct?: { oneRecord?: boolean };
}

export interface ProvinceFigures {
  /** The measures over every institution; a suppressed one is null. */
  values: ReportRow;
  suppressed: Record<string, SuppressionReason>;
  /** The row's mark over every institution's records in the question: only whether their returns are approved. */
  flag: ReportFlag | null;
}

const REASONS: Record<number, SuppressionReason> = { 1: 'threshold', 2: 'dominance' };

/**
 * The rule as SQL over one value per institution (`v`, null for an institution none of whose records carries the
 * part), in the aggregate's group or the window `over`: 0 safe (or nothing there to protect), 1 threshold, 2 dominance. The same test as
 * `judgeContributions` in shared/disclosure.ts.
 */
function judge(v: SQL, rule: DisclosureRule, over: SQL = sql``): SQL {
  return sql`CASE WHEN count(${v}) ${over} = 0 THEN 0
    WHEN sum(${v}) ${over} = 0 THEN (CASE WHEN count(${v}) ${over} < ${rule.minInstitutions} THEN 1 ELSE 0 END)
    WHEN count(${v}) FILTER (WHERE ${v} <> 0) ${over} < ${rule.minInstitutions} THEN 1
    WHEN max(${v}) ${over} * 100 > ${rule.maxSharePercent} * sum(${v}) ${over} THEN 2 ELSE 0 END`;
}

/** Parts of all measures, each once, with the SQL column that carries it. */
function partsOf(measures: readonly JudgedMeasure[]): { name: string; value: SQL; column: string }[] {
  const byName = new Map<string, SQL>();
  for (const m of measures) for (const [name, value] of Object.entries(m.parts)) byName.set(name, value);
  return [...byName].map(([name, value], n) => ({ name, value, column: `_p${n}` }));
}

/** A numbered column of part `n`: `_j3`, `_mode3`, … */
const c = (name: string, n: number): SQL => sql`${sql.identifier(`_${name}${n}`)}`;

/**
 * The blocks of each period, as CTEs over `ci` (one row per cell × institution). Per part n:
 * `cell._j` the cell's verdict; `dis._mode` how a discipline's cells are blocked (0: each passing cell alone and the
 * failing ones pooled, which pass; 1: the whole discipline is one block; 2: its cells go up to the period's pool);
 * `pick._pick` the period's smallest discipline not in the pool, which joins the pool when the pool fails alone;
 * `per._l` the verdict of the pool alone, `per._lp` with that discipline, `per._t` of the period's total.
 */
function blockCtes(n: number[], cellKeys: SQL, rule: DisclosureRule, partColumn: (n: number) => SQL): SQL {
  const each = (fn: (n: number) => SQL) => sql.join(n.map(fn), sql`, `);
  // Windows rather than grouping and joining back: the planner cannot estimate these CTEs' sizes and chose nested
  // loops over them (5 s of 8 on a million records).
  const cellWindow = sql`OVER (PARTITION BY fy, term, d ${cellKeys})`;
  const disWindow = sql`OVER (PARTITION BY fy, term, d)`;
  return sql`cj AS (
      SELECT fy, term, d, inst, in_q, ${each(
        (k) => sql`${partColumn(k)} AS ${c('p', k)}, ${judge(partColumn(k), rule, cellWindow)} AS ${c('j', k)}`,
      )}
      FROM ci WHERE NOT own
    ),
    dis_inst AS (
      SELECT fy, term, d, inst, ${each(
        (k) => sql`sum(${c('p', k)}) FILTER (WHERE ${c('j', k)} <> 0) AS ${c('r', k)}, sum(${c('p', k)}) AS ${c('t', k)}`,
      )}
      FROM cj GROUP BY fy, term, d, inst
    ),
    dis_w AS (
      SELECT fy, term, d, inst, ${each(
        (
          k,
        ) => sql`${c('t', k)}, ${judge(c('r', k), rule, disWindow)} AS ${c('r', k)}, sum(${c('t', k)}) ${disWindow} AS ${c('ts', k)},
          CASE WHEN ${judge(c('r', k), rule, disWindow)} = 0 THEN 0 WHEN ${judge(c('t', k), rule, disWindow)} = 0 THEN 1
            ELSE 2 END AS ${c('mode', k)}`,
      )}
      FROM dis_inst
    ),
    dis_p AS (
      SELECT *, ${each(
        (k) => sql`first_value(d) OVER (PARTITION BY fy, term ORDER BY ${c('mode', k)} = 2, ${c('ts', k)}, d) AS ${c('pick', k)}`,
      )}
      FROM dis_w
    ),
    per AS (
      SELECT fy, term, ${each(
        (k) => sql`${judge(c('l', k), rule)} AS ${c('l', k)}, ${judge(c('lp', k), rule)} AS ${c('lp', k)},
          ${judge(c('t', k), rule)} AS ${c('t', k)}`,
      )}
      FROM (
        SELECT fy, term, inst, ${each(
          (k) => sql`sum(${c('t', k)}) FILTER (WHERE ${c('mode', k)} = 2) AS ${c('l', k)},
            sum(${c('t', k)}) FILTER (WHERE ${c('mode', k)} = 2 OR d = ${c('pick', k)}) AS ${c('lp', k)},
            sum(${c('t', k)}) AS ${c('t', k)}`,
        )}
        FROM dis_p GROUP BY fy, term, inst
      ) per_inst
      GROUP BY fy, term
    ),
    dis AS (
      SELECT DISTINCT fy, term, d, ${each((k) => sql`${c('r', k)}, ${c('mode', k)}, ${c('pick', k)}`)} FROM dis_p
    ),
    dis_q AS (
      SELECT fy, term, d, bool_or(in_q) AS q_any, bool_or(NOT in_q) AS o_any, ${each(
        (k) => sql`bool_or(in_q AND ${c('j', k)} <> 0) AS ${c('qu', k)},
          bool_or(NOT in_q AND ${c('j', k)} <> 0) AS ${c('ou', k)},
          max(CASE WHEN in_q THEN ${c('j', k)} ELSE 0 END) AS ${c('qj', k)}`,
      )}
      FROM cj GROUP BY fy, term, d
    ),
    per_q AS (
      SELECT q.fy, q.term, bool_or(q.q_any) AS touched, NOT bool_or(q.o_any) AS covers,
        ${each((k) => {
          // In the period's pool: the disciplines that failed whole, and the smallest other one when the pool failed
          // without it.
          const pooled = sql`(dis.${c('mode', k)} = 2 OR (per.${c('l', k)} <> 0 AND q.d = dis.${c('pick', k)}))`;
          return sql`max(CASE
              WHEN dis.${c('mode', k)} = 0 AND q.${c('qu', k)} AND q.${c('ou', k)} THEN q.${c('qj', k)}
              WHEN dis.${c('mode', k)} = 1 AND q.q_any AND q.o_any THEN dis.${c('r', k)}
              ELSE 0 END) AS ${c('split', k)},
            bool_or(${pooled} AND q.q_any) AS ${c('lin', k)},
            bool_or(${pooled} AND q.o_any) AS ${c('lout', k)},
            greatest(1, max(CASE WHEN ${pooled} AND q.q_any THEN dis.${c('r', k)} ELSE 0 END)) AS ${c('lr', k)}`;
        })}
      FROM dis_q q JOIN dis USING (fy, term, d) JOIN per USING (fy, term)
      GROUP BY q.fy, q.term
    )`;
}

/**
 * One query: the province's figures over the question (`values`) and, per part, the worst verdict over the periods
 * the question touches (`verdicts`), from one scan of the records in the question's years and terms.
 */
function provinceQuery(measures: readonly JudgedMeasure[], params: ReportParams, readable: number[], rule: DisclosureRule): SQL {
  const parts = partsOf(measures);
  const byCell = !!(params.disciplines?.length || params.credentials?.length || params.wilTypes?.length);
  const periods = recordFilterSql({
    fiscalYearFrom: params.fiscalYearFrom,
    fiscalYearTo: params.fiscalYearTo,
    terms: params.terms,
    status: 'submitted',
    programName: undefined,
    readable: 'all',
  }).where;
  // approvedOnly narrows the records everything here is judged on, so the rule protects exactly what is summed.
  const approved = params.approvedOnly ? sql` AND ${APPROVED_ONLY}` : sql``;
  const inQuestion = byCell
    ? recordFilterSql({
        disciplines: params.disciplines,
        credentials: params.credentials,
        wilTypes: params.wilTypes,
        programName: undefined,
        readable: 'all',
      }).where
    : sql`true`;
  const own = readable.length > 0 ? inList(sql`r.institution_id`, readable) : sql`false`;
  // Without a discipline, credential or WIL-type filter a question covers whole periods: one cell per period is
  // enough to judge it (a covered period is answerable exactly when its total passes), and no program join is needed.
  const cellColumns = byCell ? sql`p.discipline AS d, p.credential AS cr, p.wil_type AS w` : sql`'' AS d`;
  const cellKeys = byCell ? sql`, cr, w` : sql``;
  const col = (name: string) => sql.identifier(name);
  const numbers = parts.map((_, k) => k);
  const each = (fn: (p: (typeof parts)[number], n: number) => SQL) => sql.join(parts.map(fn), sql`, `);
  // Each figure over the question, every institution's records included, from its parts' sums.
  const figures = measures
    .filter((m) => !m.direct)
    .map((m) => {
      const sums = Object.fromEntries(
        parts.filter((p) => p.name in m.parts).map((p) => [p.name, sql`sum(${col(p.column)}) FILTER (WHERE in_q)`]),
      );
      return sql`${m.key}::text, ${m.figure(sums)}`;
    });

  return sql`WITH ci AS MATERIALIZED (
      SELECT r.fiscal_year AS fy, r.term AS term, ${cellColumns},
        r.institution_id AS inst, ${own} AS own, ${inQuestion} AS in_q,
        ${each((p) => sql`sum(${p.value}) AS ${col(p.column)}`)},
        bool_or(${preliminary()}) AS _pre, bool_or(${revised()}) AS _rev
      FROM records r ${byCell ? sql`JOIN programs p ON p.id = r.program_id` : sql``} ${RETURN_JOIN}
      WHERE ${periods}${approved}
      GROUP BY r.fiscal_year, r.term ${byCell ? sql`, p.discipline, p.credential, p.wil_type` : sql``}, r.institution_id
    ),
    ${blockCtes(numbers, cellKeys, rule, (k) => sql`${col(parts[k]!.column)}`)}
    SELECT
      ${figures.length === 0 ? sql`'{}'::json` : sql`(SELECT json_build_object(${sql.join(figures, sql`, `)}) FROM ci)`} AS "values",
      (SELECT json_build_object(${each(
        (p, k) => sql`${p.name}::text, coalesce(max(CASE
          WHEN NOT q.touched THEN 0
          WHEN q.covers THEN per.${c('t', k)}
          WHEN per.${c('l', k)} <> 0 AND per.${c('lp', k)} <> 0 THEN per.${c('l', k)}
          WHEN q.${c('split', k)} <> 0 THEN q.${c('split', k)}
          WHEN q.${c('lin', k)} AND q.${c('lout', k)} THEN q.${c('lr', k)}
          ELSE 0 END), 0)`,
      )}) FROM per_q q JOIN per USING (fy, term)) AS verdicts,
      (SELECT json_build_object(${each(
        (p) => sql`${p.name}::text, coalesce(sum(${col(p.column)}) FILTER (WHERE NOT own AND in_q), 0) <> 0`,
      )}) FROM ci) AS unreadable_present,
      (SELECT ${flagOf(sql`bool_or(_pre) FILTER (WHERE in_q)`, sql`bool_or(_rev) FILTER (WHERE in_q)`)} FROM ci) AS flag`;
}

/**
 * The province row for a viewer who may read only `readable`: exact figures where the rule allows, null with a reason
 * where it does not. `directValues` are the figures computed from the records directly (medians, lowest and highest
 * fees, counts of distinct programs), which the caller reads over the province as before.
 */
export async function provinceFigures(
  db: Db,
  measures: readonly JudgedMeasure[],
  params: ReportParams,
  readable: number[],
  rule: DisclosureRule,
  directValues: () => Promise<ReportRow>,
): Promise<ProvinceFigures> {
  const hasDirect = measures.some((m) => m.direct);
  const [[row], direct] = await Promise.all([
    queryHeavyRows<{
      values: ReportRow;
      verdicts: Record<string, number>;
      unreadable_present: Record<string, boolean>;
      flag: ReportFlag | null;
    }>(db, provinceQuery(measures, params, readable, rule)),
    hasDirect ? directValues() : Promise.resolve({} as ReportRow),
  ]);
  const partReason = (name: string): SuppressionReason | undefined => REASONS[row!.verdicts[name] ?? 0];
  const suppressed: Record<string, SuppressionReason> = {};
  const allowsOneInstitution = rule.minInstitutions <= 1 && rule.maxSharePercent >= 100;
  for (const m of measures) {
    const names = Object.keys(m.parts);
    const reason = names.map(partReason).find((r) => r !== undefined);
    if (reason) suppressed[m.key] = reason;
    // A lowest or highest fee is one record's own value: all of it from one institution, which the rule allows only
    // when set to (1, 100).
    else if (m.direct?.oneRecord && !allowsOneInstitution && names.some((name) => row!.unreadable_present[name])) {
      suppressed[m.key] = 'dominance';
    }
  }
  linkSplits(measures, suppressed);
  const values: ReportRow = {};
  for (const m of measures)
    values[m.key] = m.key in suppressed ? null : ((m.direct ? direct[m.key] : row!.values[m.key]) ?? null);
  return { values, suppressed, flag: row!.flag };
}

/**
 * The members of a work-term split add up to students placed on every record, so one hidden member could be worked
 * out from the others: when any member is hidden, every member shown beside it is hidden too ("linked").
 */
function linkSplits(measures: readonly JudgedMeasure[], suppressed: Record<string, SuppressionReason>): void {
  for (const { fields } of Object.values(WORK_TERM_SPLITS)) {
    const members = measures.filter((m) => (fields as readonly string[]).includes(m.key));
    if (!members.some((m) => m.key in suppressed)) continue;
    for (const m of members) suppressed[m.key] ??= 'linked';
  }
}
