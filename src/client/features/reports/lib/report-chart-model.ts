import { CREDENTIALS } from '../../../../shared/constants.ts';
import type { ReportType } from '../../../../shared/reports.ts';
import type { Report, ReportRow } from '../../../../shared/schemas/report.ts';
import { REPORT_UI } from '../messages.ts';
import { numericValue } from './report-format.ts';

const C = REPORT_UI.chart;

/** The chart that fits a report: lines over years, stacked bars for splits, grouped bars for comparisons. */
export type ChartKind = 'line' | 'stacked' | 'grouped';

export interface ChartSeriesSpec {
  /** The key in each data point (`s0`, `s1`, …: safe for the chart library whatever the label holds). */
  key: string;
  label: string;
}

export type ChartPoint = { category: string } & Record<string, string | number | null>;

export interface ChartSpec {
  kind: ChartKind;
  /** The heading of the category axis (the grouping). */
  categoryLabel: string;
  valueKind: 'count' | 'percent' | 'money';
  /** Long category names (institutions, disciplines) read better as bars running sideways. */
  sideways: boolean;
  data: ChartPoint[];
  series: ChartSeriesSpec[];
  /** A line across the chart, such as the province's rate. */
  reference?: { value: number; label: string };
  /** Said next to the chart when a province figure it would draw is hidden by disclosure control and left out. */
  hiddenNote?: string;
  /** What the chart shows, in words, for its accessible name. */
  description: string;
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

const REST_OF_BC = ['wt_thompson_okanagan', 'wt_kootenay', 'wt_cariboo', 'wt_north_coast', 'wt_nechako', 'wt_northeast'];

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
    description: C.descriptions[type],
  };
}

/** Work terms by region, the rest of B.C. summed into one series. */
function regionChart(report: Report, description: string): ChartSpec {
  const measures = [
    (r: ReportRow) => num(r.wt_vancouver_island_coast),
    (r: ReportRow) => num(r.wt_mainland_southwest),
    (r: ReportRow) => REST_OF_BC.reduce<number | null>((sum, key) => addNullable(sum, num(r[key])), null),
    (r: ReportRow) => num(r.wt_other_canada),
    (r: ReportRow) => num(r.wt_international),
  ];
  return {
    kind: 'stacked',
    categoryLabel: labelOf(report, 'fiscal_year'),
    valueKind: 'count',
    sideways: false,
    data: sumByCategory(report.rows, 'fiscal_year', measures),
    series: seriesOf([
      labelOf(report, 'wt_vancouver_island_coast'),
      labelOf(report, 'wt_mainland_southwest'),
      C.restOfBc,
      labelOf(report, 'wt_other_canada'),
      labelOf(report, 'wt_international'),
    ]),
    description,
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

/** Placement rate by institution, beside the province's (unless that is hidden). */
function placementChart(report: Report, description: string): ChartSpec {
  const data = [...groupRows(report.rows, 'institution')].map(([category, rows]): ChartPoint => ({
    category,
    s0: placementRate(rows),
  }));
  const province = provinceFigure(report, 'placement_pct');
  return {
    kind: 'grouped',
    categoryLabel: labelOf(report, 'institution'),
    valueKind: 'percent',
    sideways: true,
    data,
    series: seriesOf([C.placementRate]),
    ...(typeof province === 'number' ? { reference: { value: province, label: C.province(`${province.toFixed(1)}%`) } } : {}),
    ...(province === 'hidden' ? { hiddenNote: C.provinceHidden } : {}),
    description: province === 'hidden' ? C.placementWithoutProvince : description,
  };
}

/** Average hourly wage by credential, a series per fiscal year. */
function salaryChart(report: Report, description: string): ChartSpec {
  const years = categoriesOf(report.rows, 'fiscal_year');
  const byCredential = groupRows(report.rows, 'credential');
  const data = byCredentialLadder(
    [...byCredential].map(([category, rows]): ChartPoint => {
      const point: ChartPoint = { category };
      years.forEach((year, i) => {
        point[`s${i}`] = weightedWage(
          rows.filter((r) => text(r.fiscal_year) === year),
          'avg_hourly_wage',
          'placed_with_wage',
        );
      });
      return point;
    }),
  );
  return {
    kind: 'grouped',
    categoryLabel: labelOf(report, 'credential'),
    valueKind: 'money',
    sideways: false,
    data,
    series: seriesOf(years),
    description,
  };
}

/** The lowest and highest co-op fees by credential. */
function tuitionChart(report: Report, description: string): ChartSpec {
  const extreme = (rows: ReportRow[], key: string, pick: (a: number, b: number) => number) =>
    rows.reduce<number | null>((acc, r) => {
      const v = num(r[key]);
      return v === null ? acc : acc === null ? v : pick(acc, v);
    }, null);
  const data = byCredentialLadder(
    [...groupRows(report.rows, 'credential')].map(([category, rows]): ChartPoint => ({
      category,
      s0: extreme(rows, 'coop_fee_domestic_min', Math.min),
      s1: extreme(rows, 'coop_fee_domestic_max', Math.max),
      s2: extreme(rows, 'coop_fee_international_min', Math.min),
      s3: extreme(rows, 'coop_fee_international_max', Math.max),
    })),
  );
  return {
    kind: 'grouped',
    categoryLabel: labelOf(report, 'credential'),
    valueKind: 'money',
    sideways: true,
    data,
    series: seriesOf([C.lowestDomestic, C.highestDomestic, C.lowestInternational, C.highestInternational]),
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
  const description = C.descriptions[type];
  switch (type) {
    case 'fiscal':
      // Not work terms: on submitted records they equal students placed, and one line would hide the other.
      return columnsChart(report, type, 'line', 'fiscal_year', ['students_enrolled', 'students_seeking', 'students_placed']);
    case 'region':
      return regionChart(report, description);
    case 'employer':
      return columnsChart(report, type, 'stacked', 'fiscal_year', ['wt_private', 'wt_public', 'wt_nonprofit']);
    case 'duration':
      return columnsChart(report, type, 'stacked', 'discipline', ['wt_4_month', 'wt_8_month', 'wt_12_month_plus'], true);
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
        description,
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
