import {
  REPORT_FLAG_KEY,
  REPORT_FLAGS,
  type Report,
  type ReportFlag,
  type ReportRow,
} from '../../../../shared/schemas/report.ts';

/** A row's mark (docs/product.md §11.3): `p`, `r`, or null for none or anything the page does not know. */
export function rowFlag(row: ReportRow): ReportFlag | null {
  const flag = row[REPORT_FLAG_KEY];
  return (REPORT_FLAGS as readonly unknown[]).includes(flag) ? (flag as ReportFlag) : null;
}

/** The marks present anywhere in the report, in legend order: the legend names only those. */
export function reportFlagsPresent(report: Pick<Report, 'rows' | 'totals' | 'province'>): ReportFlag[] {
  const present = new Set([...report.rows, report.totals, report.province].map(rowFlag));
  return REPORT_FLAGS.filter((flag) => present.has(flag));
}
