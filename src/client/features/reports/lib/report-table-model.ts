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

/**
 * The least width of a column's heading: room for half its words on a line beside the sort arrow, so a long heading
 * takes two lines rather than four in a narrow column (the whole head row is as tall as its tallest heading). Never
 * less than a figure column (6.5rem) or a text column (8rem) needs.
 */
export function headingMinWidth(column: Pick<ReportColumn, 'kind' | 'label'>): string {
  const floor = column.kind === 'text' ? '8rem' : '6.5rem';
  return `max(${floor}, calc(${Math.ceil(column.label.length / 2) + 1}ch + 2.5rem))`;
}
