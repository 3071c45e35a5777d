import { CREDENTIALS } from '../../../../shared/constants.ts';
import { LOCATION_FIELDS } from '../../../../shared/record-rules.ts';
import type { ReportType } from '../../../../shared/reports.ts';
import type { Report, ReportRow } from '../../../../shared/schemas/report.ts';
import { REPORT_UI } from '../messages.ts';
import { reportFlagsPresent } from './report-flags.ts';
import { formatNumber, numericValue } from './report-format.ts';

const C = REPORT_UI.chart;

/**
 * The chart that answers a report's question: lines over years; stacked bars for a split of a whole (`percent` when
 * the shares matter more than the sizes); grouped bars for comparisons; dots on a fitted axis when the values are
 * close together (a bar's length would mislead there); small multiples, one panel per series, for many series.
 */
export type ChartKind = 'line' | 'stacked' | 'percent' | 'grouped' | 'dot' | 'multiples';

export interface ChartSeriesSpec {
  /** The key in each data point (`s0`, `s1`, …: safe for the chart library whatever the label holds). */
  key: string;
  label: string;
}

export type ChartPoint = { category: string } & Record<string, string | number | null>;

/** A line across the chart, such as the province's rate; `series` ties it to the series it is compared with. */
export interface ChartReference {
  value: number;
  label: string;
  series?: number;
}

export interface ChartSpec {
  kind: ChartKind;
  /** The heading of the category axis (the grouping). */
  categoryLabel: string;
  valueKind: 'count' | 'percent' | 'money';
  /** Long category names (institutions, disciplines) read better as bars running sideways. */
  sideways: boolean;
  data: ChartPoint[];
  series: ChartSeriesSpec[];
  /** Lines across the chart from province figures it may show. */
  references: ChartReference[];
  /** The value axis fitted to the data, when it does not start at 0 (`axisNote` says so). */
  domain?: [number, number];
  axisNote?: string;
  /** What the report has that the chart leaves out or combines, said in its legend. */
  leftOut?: string;
  /** Said next to the chart when a province figure it would draw is hidden by disclosure control and left out. */
  hiddenNote?: string;
  /** What the chart shows, in words, for its accessible name. */
  description: string;
  /** Some figures drawn are preliminary or revised (docs/product.md §11.3): the chart says so, the table marks which. */
  flagged?: boolean;
}

type Value = ReportRow[string] | undefined;
const num = (value: Value): number | null => numericValue(value ?? null);
const text = (value: Value): string => (value === null || value === undefined ? '' : String(value));

/** Sum of numbers where there are any; null when every value is missing. */
function addNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a + b;
}

/** The label of a report column, or the key when the report does not have it. */
function labelOf(report: Pick<Report, 'columns'>, key: string): string {
  return report.columns.find((c) => c.key === key)?.label ?? key;
}

function seriesOf(labels: readonly string[]): ChartSeriesSpec[] {
  return labels.map((label, i) => ({ key: `s${i}`, label }));
}

/** Distinct values of a column in the order the rows give them (the API orders groupings meaningfully). */
function categoriesOf(rows: readonly ReportRow[], key: string): string[] {
  return [...new Set(rows.map((r) => text(r[key])))];
}

/**
 * One point per distinct value of `categoryKey`, each series the sum of a measure over the rows of that category
 * (rows are already one per category in most reports; the sum only merges rows of finer groupings).
 */
export function sumByCategory(
  rows: readonly ReportRow[],
  categoryKey: string,
  measures: readonly ((row: ReportRow) => number | null)[],
): ChartPoint[] {
  const points = new Map<string, ChartPoint>();
  for (const row of rows) {
    const category = text(row[categoryKey]);
    let point = points.get(category);
    if (!point) {
      point = { category };
      measures.forEach((_, i) => (point![`s${i}`] = null));
      points.set(category, point);
    }
    measures.forEach((measure, i) => {
      point![`s${i}`] = addNullable(point![`s${i}`] as number | null, measure(row));
    });
  }
  return [...points.values()];
}

/** A cross-tab: categories down, one series per distinct value of `seriesKey`, each cell one measure. */
export function pivot(
  rows: readonly ReportRow[],
  categoryKey: string,
  seriesKey: string,
  measure: (row: ReportRow) => number | null,
): { data: ChartPoint[]; series: ChartSeriesSpec[] } {
  const seriesLabels = categoriesOf(rows, seriesKey);
  const series = seriesOf(seriesLabels);
  const index = new Map(seriesLabels.map((label, i) => [label, `s${i}`]));
  const points = new Map<string, ChartPoint>();
  for (const row of rows) {
    const category = text(row[categoryKey]);
    let point = points.get(category);
    if (!point) {
      point = { category };
      for (const s of series) point[s.key] = null;
      points.set(category, point);
    }
    const key = index.get(text(row[seriesKey]))!;
    point[key] = addNullable(point[key] as number | null, measure(row));
  }
  return { data: [...points.values()], series };
}

/** Whole cents of a money text ("23.45" → 2345), or null. */
function cents(value: Value): number | null {
  const n = num(value);
  return n === null ? null : Math.round(n * 100);
}

/**
 * The mean wage over rows, weighted by the students placed with a wage, in whole cents so nothing is lost to float
 * sums; null when no row has a wage. (Each row's wage was rounded to the cent by the database.)
 */
export function weightedWage(rows: readonly ReportRow[], wageKey: string, weightKey: string): number | null {
  let weighted = 0;
  let weight = 0;
  for (const row of rows) {
    const c = cents(row[wageKey]);
    const n = num(row[weightKey]);
    if (c === null || n === null || n <= 0) continue;
    weighted += c * n;
    weight += n;
  }
  return weight === 0 ? null : Math.round(weighted / weight) / 100;
}

/** Placement % from summed counts, to one decimal (never an average of percentages); null when nobody sought. */
export function placementRate(rows: readonly ReportRow[]): number | null {
  let placed = 0;
  let seeking = 0;
  for (const row of rows) {
    placed += num(row.students_placed) ?? 0;
    seeking += num(row.students_seeking) ?? 0;
  }
  return seeking === 0 ? null : Math.round((1000 * placed) / seeking) / 10;
}

function groupRows(rows: readonly ReportRow[], key: string): Map<string, ReportRow[]> {
  const groups = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const k = text(row[key]);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/** Credentials up their ladder (Certificate … Doctoral Degree), not in the order rows happen to meet them. */
export function byCredentialLadder(points: ChartPoint[]): ChartPoint[] {
  const rank = (c: string) => {
    const i = (CREDENTIALS as readonly string[]).indexOf(c);
    return i === -1 ? CREDENTIALS.length : i;
  };
  return [...points].sort((a, b) => rank(a.category) - rank(b.category));
}

function columnsChart(
  report: Report,
  type: ReportType,
  kind: ChartKind,
  categoryKey: string,
  keys: readonly string[],
  sideways = false,
): ChartSpec {
  return {
    kind,
    categoryLabel: labelOf(report, categoryKey),
    valueKind: 'count',
    sideways,
    data: sumByCategory(
      report.rows,
      categoryKey,
      keys.map((key) => (row: ReportRow) => num(row[key])),
    ),
    series: seriesOf(keys.map((key) => labelOf(report, key))),
    references: [],
    description: C.descriptions[type],
  };
}

/**
 * A province figure a chart may draw: its number (null when there is none), or 'hidden' when disclosure control
 * withholds it (its value is null too, but the chart must say it left it out rather than pass over it in silence).
 */
export function provinceFigure(report: Pick<Report, 'province' | 'suppressed'>, key: string): number | null | 'hidden' {
  if (key in report.suppressed) return 'hidden';
  return num(report.province[key]);
}

/** The province's lines a chart may draw, and the note to add when disclosure control hides any of them. */
function provinceLines(
  report: Report,
  lines: readonly { key: string; label: (value: number) => string; series?: number }[],
): Pick<ChartSpec, 'references' | 'hiddenNote'> {
  const references: ChartReference[] = [];
  let hidden = false;
  for (const line of lines) {
    const value = provinceFigure(report, line.key);
    if (value === 'hidden') hidden = true;
    else if (value !== null)
      references.push({ value, label: line.label(value), ...(line.series === undefined ? {} : { series: line.series }) });
  }
  return { references, ...(hidden ? { hiddenNote: C.provinceHidden } : {}) };
}

/** A round step for an axis spanning `span` (1, 2, 5, 10, 20, 50, …). */
function niceStep(span: number): number {
  const raw = Math.max(span, 1) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

/**
 * The value axis of a dot chart, fitted to its values and lines with a step of room either side on round numbers;
 * undefined when the fit would start at 0 anyway. Percentages stay within 0–100.
 */
export function fittedDomain(values: readonly (number | null)[], kind: ChartSpec['valueKind']): [number, number] | undefined {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return undefined;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const step = niceStep(max - min);
  const low = Math.max(0, Math.floor(min / step) * step - step);
  let high = Math.ceil(max / step) * step + step;
  if (kind === 'percent') high = Math.min(100, high);
  return low === 0 ? undefined : [low, high];
}

/** A dot chart of one measure by category, largest first, its axis fitted to the dots and the province's line. */
function dotChart(
  report: Report,
  categoryKey: string,
  points: ChartPoint[],
  rest: Pick<ChartSpec, 'valueKind' | 'series' | 'references' | 'hiddenNote' | 'description' | 'leftOut'>,
): ChartSpec {
  const data = [...points].sort((a, b) => ((b.s0 as number | null) ?? -Infinity) - ((a.s0 as number | null) ?? -Infinity));
  const domain = fittedDomain(
    [...data.map((p) => p.s0 as number | null), ...rest.references.map((r) => r.value)],
    rest.valueKind,
  );
  return {
    kind: 'dot',
    categoryLabel: labelOf(report, categoryKey),
    sideways: true,
    data,
    ...rest,
    ...(domain ? { domain, axisNote: C.axisFrom(formatNumber(rest.valueKind, domain[0])) } : {}),
  };
}

/** Work terms by fiscal year in every one of the ten locations: one small chart each, on one scale. */
function regionChart(report: Report, description: string): ChartSpec {
  return {
    ...columnsChart(report, 'region', 'multiples', 'fiscal_year', LOCATION_FIELDS),
    leftOut: C.leftOut.region,
    description,
  };
}

/** Placement rate by institution, highest first, beside the province's (unless that is hidden). */
function placementChart(report: Report, description: string): ChartSpec {
  const points = [...groupRows(report.rows, 'institution')].map(([category, rows]): ChartPoint => ({
    category,
    s0: placementRate(rows),
  }));
  const lines = provinceLines(report, [{ key: 'placement_pct', label: (v) => C.province(formatNumber('percent', v)) }]);
  return dotChart(report, 'institution', points, {
    valueKind: 'percent',
    series: seriesOf([C.placementRate]),
    ...lines,
    leftOut: C.leftOut.placement,
    description: lines.hiddenNote ? C.placementWithoutProvince : description,
  });
}

/** Average hourly wage by discipline (weighted over credentials and years), highest first, beside the province's. */
function salaryChart(report: Report, description: string): ChartSpec {
  const points = [...groupRows(report.rows, 'discipline')].map(([category, rows]): ChartPoint => ({
    category,
    s0: weightedWage(rows, 'avg_hourly_wage', 'placed_with_wage'),
  }));
  return dotChart(report, 'discipline', points, {
    valueKind: 'money',
    series: seriesOf([C.wage]),
    ...provinceLines(report, [{ key: 'avg_hourly_wage', label: (v) => C.province(formatNumber('money', v)) }]),
    leftOut: C.leftOut.salary,
    description,
  });
}

/** The middle of some numbers (the mean of the middle two when even), or null when there are none. */
export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  const m = known.length % 2 === 1 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
  return Math.round(m * 100) / 100;
}

/** Median co-op fees by credential, domestic and international, beside the province's medians. */
function tuitionChart(report: Report, description: string): ChartSpec {
  const data = byCredentialLadder(
    [...groupRows(report.rows, 'credential')].map(([category, rows]): ChartPoint => ({
      category,
      s0: median(rows.map((r) => num(r.coop_fee_domestic_median))),
      s1: median(rows.map((r) => num(r.coop_fee_international_median))),
    })),
  );
  return {
    kind: 'grouped',
    categoryLabel: labelOf(report, 'credential'),
    valueKind: 'money',
    sideways: true,
    data,
    series: seriesOf([C.medianDomestic, C.medianInternational]),
    ...provinceLines(report, [
      { key: 'coop_fee_domestic_median', label: (v) => C.provinceOf(C.medianDomestic, formatNumber('money', v)), series: 0 },
      {
        key: 'coop_fee_international_median',
        label: (v) => C.provinceOf(C.medianInternational, formatNumber('money', v)),
        series: 1,
      },
    ]),
    leftOut: C.leftOut.tuition,
    description,
  };
}

/**
 * The chart of a report's rows (the totals and province rows are the table's), or null when there are no rows. The
 * rows cover only institutions the user may read, never hidden; only a reference line drawn from the province row can be, and
 * `provinceFigure` is the one way a chart reads the province.
 */
export function chartSpecFor(type: ReportType, report: Report): ChartSpec | null {
  if (report.rows.length === 0) return null;
  const spec = chartOf(type, report);
  return reportFlagsPresent({ rows: report.rows, totals: {}, province: {} }).length > 0 ? { ...spec, flagged: true } : spec;
}

function chartOf(type: ReportType, report: Report): ChartSpec {
  const description = C.descriptions[type];
  switch (type) {
    case 'fiscal':
      // Not work terms: on submitted records they equal students placed, and one line would hide the other.
      return {
        ...columnsChart(report, type, 'line', 'fiscal_year', ['students_enrolled', 'students_seeking', 'students_placed']),
        leftOut: C.leftOut.fiscal,
      };
    case 'region':
      return regionChart(report, description);
    case 'employer':
      return columnsChart(report, type, 'stacked', 'fiscal_year', ['wt_private', 'wt_public', 'wt_nonprofit']);
    case 'duration':
      return columnsChart(report, type, 'percent', 'discipline', ['wt_4_month', 'wt_8_month', 'wt_12_month_plus'], true);
    case 'discipline':
      return columnsChart(
        report,
        type,
        'grouped',
        'discipline',
        ['students_enrolled', 'students_seeking', 'students_placed'],
        true,
      );
    case 'institution':
      return columnsChart(report, type, 'grouped', 'institution', ['students_seeking', 'students_placed'], true);
    case 'term': {
      const { data, series } = pivot(report.rows, 'fiscal_year', 'term', (r) => num(r.students_placed));
      return {
        kind: 'grouped',
        categoryLabel: labelOf(report, 'fiscal_year'),
        valueKind: 'count',
        sideways: false,
        data,
        series,
        references: [],
        // The terms drawn: a report of Fall alone says Fall, not all three.
        description: series.length > 0 ? C.termsDescription(series.map((s) => s.label)) : description,
      };
    }
    case 'placement':
      return placementChart(report, description);
    case 'salary':
      return salaryChart(report, description);
    case 'tuition':
      return tuitionChart(report, description);
  }
}

/**
 * The value axis of a chart that starts at 0 (bars and lines): its end and its ticks on round numbers (1, 2, 2.5 or 5
 * times a power of ten), at most `count` of them, high enough for the tallest stack or value and the province's
 * lines. The chart library's own choice gives steps such as 8,500 that a reader cannot add up at a glance.
 */
export function valueAxis(
  spec: Pick<ChartSpec, 'kind' | 'data' | 'series' | 'references'>,
  count: number,
): { domain: [number, number]; ticks: number[] } {
  const valueOf = (p: ChartPoint, key: string) => (p[key] as number | null | undefined) ?? 0;
  const heights = spec.data.map((p) =>
    spec.kind === 'stacked'
      ? spec.series.reduce((sum, s) => sum + Math.max(0, valueOf(p, s.key)), 0)
      : Math.max(0, ...spec.series.map((s) => valueOf(p, s.key))),
  );
  const max = Math.max(1, ...heights, ...spec.references.map((r) => r.value));
  const raw = max / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  // Of the round steps that need no more ticks, the one whose axis ends nearest the data (the smaller on a tie).
  const [step, top] = [1, 2, 2.5, 5, 10, 20]
    .map((m) => m * power)
    .filter((s) => s >= raw)
    .map((s) => [s, Math.ceil(max / s) * s] as const)
    .reduce((best, next) => (next[1] < best[1] ? next : best));
  return { domain: [0, top], ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}
