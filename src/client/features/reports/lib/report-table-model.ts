import type { Report, ReportColumn, ReportRow, SuppressionReason } from '../../../../shared/schemas/report.ts';
import { compareValues, type SortState } from '../../../ui/list-state.ts';
import { numericValue } from './report-format.ts';

/**
 * A report's table: the grouped rows in the order asked for, then the two rows that always stay at the bottom. A
 * pinned row's `hidden` names the cells withheld by disclosure control, with the reason (only the province's can be).
 */
export interface ReportTableModel {
  rows: ReportRow[];
  pinned: { kind: 'totals' | 'province'; row: ReportRow; hidden: Record<string, SuppressionReason> }[];
}

/** `key` ascending, `-key` descending; null (the API's own order) for anything that names no column. */
export function parseReportSort(raw: string | null, columns: readonly Pick<ReportColumn, 'key'>[]): SortState | null {
  if (!raw) return null;
  const direction = raw.startsWith('-') ? 'desc' : 'asc';
  const key = direction === 'desc' ? raw.slice(1) : raw;
  return columns.some((c) => c.key === key) ? { key, direction } : null;
}

/** What a heading's click does: a new column sorts ascending, the same column flips. */
export function nextReportSort(current: SortState | null, key: string): SortState {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

function sortValue(column: ReportColumn | undefined, value: ReportRow[string] | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  if (!column || column.kind === 'text') return value;
  return numericValue(value);
}

/**
 * The table's rows: sorted by one column (numbers as numbers, money text too; empty values last whatever the
 * direction; ties keep the API's order), the totals and province rows pinned below whatever the sort, the
 * province's hidden figures marked as such (a hidden figure is null, which alone would read as "no data").
 */
export function reportTableModel(
  report: Pick<Report, 'columns' | 'rows' | 'totals' | 'province' | 'suppressed'>,
  sort: SortState | null,
): ReportTableModel {
  const column = sort ? report.columns.find((c) => c.key === sort.key) : undefined;
  const indexed = report.rows.map((row, index) => ({ row, index }));
  if (sort && column) {
    indexed.sort(
      (a, b) =>
        compareValues(sortValue(column, a.row[sort.key]), sortValue(column, b.row[sort.key]), sort.direction) ||
        a.index - b.index,
    );
  }
  return {
    rows: indexed.map((i) => i.row),
    pinned: [
      { kind: 'totals', row: report.totals, hidden: {} },
      { kind: 'province', row: report.province, hidden: report.suppressed },
    ],
  };
}

/** How many columns at the start are groupings (text): the pinned rows' label spans them. */
export function leadingTextColumns(columns: readonly Pick<ReportColumn, 'kind'>[]): number {
  const index = columns.findIndex((c) => c.kind !== 'text');
  return index === -1 ? columns.length : index;
}

/** The sort arrow after a heading's last word, counted in characters. */
const ARROW_CHARACTERS = 2;

/**
 * A heading in at most two lines, with the sort arrow after its last word: the break (after a space, a slash or a
 * hyphen) that makes the longer line shortest, or the heading whole when it has no place to break. The heading shows
 * each part unbroken, so a narrow column sets it on two lines, never three or four, and a wide one on one line.
 */
export function headingLines(label: string): [string] | [string, string] {
  let best: [string] | [string, string] = [label];
  let bestWidth = label.length + ARROW_CHARACTERS;
  for (let i = 0; i < label.length - 1; i++) {
    const c = label[i];
    if (c !== ' ' && c !== '/' && c !== '-') continue;
    const first = label.slice(0, i + 1);
    const second = label.slice(i + 1);
    const width = Math.max(first.trimEnd().length, second.length + ARROW_CHARACTERS);
    if (width < bestWidth) [best, bestWidth] = [[first, second], width];
  }
  return best;
}

/**
 * The least width of a column: a figure column (4.5rem: a five-digit count) or a text column (6rem). No more, so that
 * a report's figures fit the screen at 1366 px (issue 30); its heading's own width comes from headingLines.
 */
export function headingMinWidth(column: Pick<ReportColumn, 'kind'>): string {
  return column.kind === 'text' ? '6rem' : '4.5rem';
}
