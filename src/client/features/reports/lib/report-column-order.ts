import type { ReportColumn } from '../../../../shared/schemas/report.ts';

/** A year-on-year column of the fiscal year compare: `<measure>_change` or `<measure>_change_pct`. */
export const isYearOnYearColumn = (column: Pick<ReportColumn, 'key'>) => /_change(_pct)?$/.test(column.key);

/**
 * The order a report's table shows its columns in: the groupings (text), then the year-on-year changes, then the
 * other figures. The changes are the fiscal year compare's answer, and placed last they were cut off at 1366 px
 * (issue 30); first, they fit beside the fiscal year and the figures they come from follow. Reports without such
 * columns keep the server's order. The server's order stays that of the files.
 */
export function answerColumnsFirst<C extends Pick<ReportColumn, 'key' | 'kind'>>(columns: readonly C[]): C[] {
  const groupings = columns.filter((c) => c.kind === 'text');
  const figures = columns.filter((c) => c.kind !== 'text');
  return [...groupings, ...figures.filter(isYearOnYearColumn), ...figures.filter((c) => !isYearOnYearColumn(c))];
}
