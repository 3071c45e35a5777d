import { sql, type SQL } from 'drizzle-orm';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import { WORK_TERM_SPLITS } from '../../../shared/record-rules.ts';
import { REPORT_FLAG_KEY } from '../../../shared/schemas/report.ts';
import type { ReportFlag, ReportParams, ReportRow, SuppressionReason } from '../../../shared/schemas/report.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { dataPeriodsIn, periodVersion } from '../../db/data-versions.ts';
import { inList } from '../records/record-sql.ts';
import { blocksFor } from './block-cache.ts';
import type { Part } from './period-blocks.ts';
import { cellMatcher, periodVerdict } from './question-verdict.ts';

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
 * Cost: the blocks of a period take a scan of all its records, however narrow the question, so they are kept between
 * questions until the period's data changes (block-cache.ts, decision 022); a question itself costs one scan of its
 * own records, as the plain province sum does.
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
  /** The question's `_marks_label` when its select list has one (reports.repo.ts: marks kept per period). */
  marksLabel?: unknown;
}

const REASONS: Record<number, SuppressionReason> = { 1: 'threshold', 2: 'dominance' };

/** Parts of all measures, each once. */
function partsOf(measures: readonly JudgedMeasure[]): Part[] {
  const byName = new Map<string, SQL>();
  for (const m of measures) for (const [name, value] of Object.entries(m.parts)) byName.set(name, value);
  return [...byName].map(([name, value]) => ({ name, value }));
}

/** The question's figures over every institution: the report's select list, its FROM clause and WHERE clause. */
export interface ProvinceQuestion {
  measures: readonly JudgedMeasure[];
  /** The measures (each `AS` its key) and the row's mark (`AS _flag`) over `from`, and maybe `_marks_label`. */
  select: SQL;
  /** The FROM clause, keyword included, over `records r`. */
  from: SQL;
  where: SQL;
}

/** Reading the question again when a period's data changed between its figures and its blocks; after that, nothing. */
const ATTEMPTS = 3;

/**
 * The province row for a viewer who may read only `readable`: exact figures where the rule allows, null with a reason
 * where it does not.
 *
 * Two steps. The question's figures come from one scan of its records, as for anyone, with the data version of every
 * period in its years and terms read in the same statement. The verdicts come from each period's blocks (kept between
 * questions by block-cache.ts, computed for the periods whose version changed), combined with what the question
 * selects in JavaScript (question-verdict.ts).
 */
export async function provinceFigures(
  db: Db,
  question: ProvinceQuestion,
  params: ReportParams,
  readable: number[],
  rule: DisclosureRule,
): Promise<ProvinceFigures> {
  const parts = partsOf(question.measures);
  const viewer = { readable, rule, approvedOnly: !!params.approvedOnly };
  const inQuestion = cellMatcher(params);
  for (let attempt = 1; ; attempt++) {
    const [row] = await queryHeavyRows<
      ReportRow & {
        _versions: { fy: string; term: string; version: string | null }[];
        _present: Record<string, boolean>;
      }
    >(db, figuresQuery(question, params, readable));
    const periods = row!._versions;
    const blocks = await blocksFor(db, viewer, periods, parts);
    const changed = blocks.some((b, n) => b.version === null || b.version !== periods[n]!.version);
    if (changed && attempt < ATTEMPTS) continue;
    const selected = blocks.map((period) => period.cells.map(inQuestion));
    const verdicts = new Map<string, number>();
    for (const part of parts) {
      // Data changed between the figures and the blocks three times running: nothing of the question is released.
      let worst = changed ? 1 : 0;
      blocks.forEach((period, n) => {
        worst = Math.max(worst, periodVerdict(period, period.parts.get(part.name)!, selected[n]!));
      });
      verdicts.set(part.name, worst);
    }
    return released(question.measures, row!, verdicts, row!._present, rule);
  }
}

/** The figures and marks of the question, with the reasons of those hidden. */
function released(
  measures: readonly JudgedMeasure[],
  row: ReportRow,
  verdicts: Map<string, number>,
  present: Record<string, boolean>,
  rule: DisclosureRule,
): ProvinceFigures {
  const suppressed: Record<string, SuppressionReason> = {};
  const allowsOneInstitution = rule.minInstitutions <= 1 && rule.maxSharePercent >= 100;
  for (const m of measures) {
    const names = Object.keys(m.parts);
    const reason = names.map((name) => REASONS[verdicts.get(name) ?? 0]).find((r) => r !== undefined);
    if (reason) suppressed[m.key] = reason;
    // A lowest or highest fee is one record's own value: all of it from one institution, which the rule allows only
    // when set to (1, 100).
    else if (m.direct?.oneRecord && !allowsOneInstitution && names.some((name) => present[name])) {
      suppressed[m.key] = 'dominance';
    }
  }
  linkSplits(measures, suppressed);
  const values: ReportRow = {};
  for (const m of measures) values[m.key] = m.key in suppressed ? null : (row[m.key] ?? null);
  return { values, suppressed, flag: (row[REPORT_FLAG_KEY] as ReportFlag | null) ?? null, marksLabel: row._marks_label };
}

/**
 * Per part of a figure that is one record's own value (a lowest or highest fee), whether the institutions the viewer
 * may not read contribute anything to it: such a figure is hidden whenever they do.
 */
function presentColumn(measures: readonly JudgedMeasure[], others: SQL): SQL {
  const parts = partsOf(measures.filter((m) => m.direct?.oneRecord));
  if (parts.length === 0) return sql`'{}'::json`;
  return sql`json_build_object(${sql.join(
    parts.map((p) => sql`${p.name}::text, coalesce(sum(${p.value}) FILTER (WHERE ${others}), 0) <> 0`),
    sql`, `,
  )})`;
}

/**
 * The question's figures over every institution, with, per part of a one-record figure, whether the institutions the viewer may not read
 * contribute anything to it (`_present`), and the version of every period in the question's years and terms
 * (`_versions`), read in the same statement as the figures.
 */
function figuresQuery(question: ProvinceQuestion, params: ReportParams, readable: number[]): SQL {
  const others = readable.length > 0 ? sql`NOT ${inList(sql`r.institution_id`, readable)}` : sql`true`;
  const versions = sql`SELECT coalesce(json_agg(json_build_object('fy', dp.fiscal_year, 'term', dp.term,
      'version', ${periodVersion(sql`dp.fiscal_year`, sql`dp.term`, !!params.approvedOnly)}) ORDER BY dp.fiscal_year, dp.term), '[]')
    FROM data_periods dp WHERE ${dataPeriodsIn(params)}`;
  return sql`SELECT ${question.select},
      ${presentColumn(question.measures, others)} AS _present,
      (${versions}) AS _versions
    ${question.from} WHERE ${question.where}`;
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
