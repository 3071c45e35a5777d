import type { ReportColumn } from '../../../../shared/schemas/report.ts';

/**
 * Most columns a report's table may have and still print whole on a portrait page (the tuition report's ten, at the
 * print size of 8 pt, fill a Letter or A4 page's width); a wider one is printed in landscape.
 */
export const PORTRAIT_MAX_COLUMNS = 10;

export type PrintOrientation = 'portrait' | 'landscape';

/** Which way up the report is printed: landscape when its table has more columns than a portrait page holds. */
export function printOrientation(columns: readonly Pick<ReportColumn, 'key'>[]): PrintOrientation {
  return columns.length > PORTRAIT_MAX_COLUMNS ? 'landscape' : 'portrait';
}
