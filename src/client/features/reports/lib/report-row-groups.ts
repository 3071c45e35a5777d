import type { ReportColumn, ReportRow } from '../../../../shared/schemas/report.ts';

/** A report with more rows than this gets a filter box over its rows (issue 30: 781 rows were ~35,000 px). */
export const LONG_REPORT_ROWS = 50;

/** The grouping column long reports may be grouped by. */
export const GROUP_COLUMN = 'institution';

export interface ReportRowGroup {
  /** The institution's name as the rows give it ('' when a row has none). */
  label: string;
  rows: ReportRow[];
}

const words = (query: string) => query.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * The rows whose text cells (institution, discipline, fiscal year, term…) hold every word of the query, in any of
 * them and in any order: "uvic engineering" finds UVic's Engineering rows. Figures are not searched (a "12" would
 * match counts at random). An empty query keeps every row; the order is kept.
 */
export function filterReportRows(
  rows: readonly ReportRow[],
  columns: readonly Pick<ReportColumn, 'key' | 'kind'>[],
  query: string,
): ReportRow[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...rows];
  const textKeys = columns.filter((c) => c.kind === 'text').map((c) => c.key);
  return rows.filter((row) => {
    const text = textKeys.map((key) => String(row[key] ?? '').toLocaleLowerCase()).join(' ');
    return wanted.every((word) => text.includes(word));
  });
}

/** Rows by institution, groups in the order their first row comes (so a sort orders the groups too), rows kept in order. */
export function groupReportRows(rows: readonly ReportRow[], key: string = GROUP_COLUMN): ReportRowGroup[] {
  const groups = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const label = String(row[key] ?? '');
    const group = groups.get(label);
    if (group) group.push(row);
    else groups.set(label, [row]);
  }
  return [...groups].map(([label, grouped]) => ({ label, rows: grouped }));
}

/** Rows per institution, on average, from which a long report starts grouped: its groups are worth opening one by one. */
export const GROUPED_ROWS_PER_INSTITUTION = 4;

/**
 * Whether a long report starts grouped by institution (issue 30: the placement report for a global reader was a
 * 781-row wall). Only when there is more than one institution and their groups are long enough to be worth closing:
 * a report of one or two rows per institution (the tuition report) reads better whole.
 */
export function groupedByDefault(rows: readonly ReportRow[], tools: { group: boolean }, key: string = GROUP_COLUMN): boolean {
  if (!tools.group) return false;
  const institutions = new Set(rows.map((row) => String(row[key] ?? ''))).size;
  return institutions > 1 && rows.length >= GROUPED_ROWS_PER_INSTITUTION * institutions;
}

/** Whether a report is long enough for the filter box, and whether it can be grouped by institution. */
export function longReportTools(
  rowCount: number,
  columns: readonly Pick<ReportColumn, 'key'>[],
): { filter: boolean; group: boolean } {
  const filter = rowCount > LONG_REPORT_ROWS;
  return { filter, group: filter && columns.some((c) => c.key === GROUP_COLUMN) };
}
