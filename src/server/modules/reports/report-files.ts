import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { REPORT_PROVINCE_LABEL, REPORT_TOTAL_LABEL } from '../../../shared/reports.ts';
import type { Report, ReportColumn, ReportColumnKind, ReportRow } from '../../../shared/schemas/report.ts';

/**
 * A report as a file, exactly as the result page shows it: the columns' labels, the rows, then the total and
 * province rows. In the workbook numbers stay numbers (money too, so
 * Excel can add them up) and only their display is formatted.
 */

type Cell = string | number | null;

/** Text that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Money arrives as text with two decimals: CSV keeps that text ("22.00"), a workbook takes the number. */
function cellOf(kind: ReportColumnKind, value: ReportRow[string] | undefined, money: 'text' | 'number'): Cell {
  if (value === null || value === undefined) return null;
  if (kind === 'text') return safeText(String(value));
  if (kind === 'money' && money === 'text') return String(value);
  return typeof value === 'number' ? value : Number(value);
}

/** The rows of the file: body rows, then the summary rows labelled in the first column. */
function fileRows(report: Report, money: 'text' | 'number'): Cell[][] {
  const line = (row: ReportRow) => report.columns.map((c) => cellOf(c.kind, row[c.key], money));
  const summary = (label: string, row: ReportRow) => {
    const cells = line(row);
    cells[0] = label;
    return cells;
  };
  return [...report.rows.map(line), summary(REPORT_TOTAL_LABEL, report.totals), summary(REPORT_PROVINCE_LABEL, report.province)];
}

/** CSV with a byte-order mark, so Excel opens it as UTF-8. */
export function reportCsv(report: Report): Buffer {
  const text = stringify([report.columns.map((c) => c.label), ...fileRows(report, 'text')], { record_delimiter: '\r\n' });
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}

const NUMBER_FORMATS: Record<ReportColumnKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  percent: '0.0"%"',
  change: '+#,##0;-#,##0;0',
  money: '"$"#,##0.00',
};

/** A workbook with the report on its first sheet and the parameters used on the second. */
export async function reportXlsx(report: Report, title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = report.columns.map((column: ReportColumn) => ({
    header: column.label,
    key: column.key,
    width: Math.min(40, Math.max(12, column.label.length + 2)),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const rows = fileRows(report, 'number');
  rows.forEach((cells, n) => {
    const row = sheet.addRow(cells);
    if (n >= report.rows.length) row.font = { bold: true };
  });

  const about = workbook.addWorksheet('Parameters');
  about.columns = [
    { header: 'Report', key: 'name', width: 24 },
    { header: title, key: 'value', width: 60 },
  ];
  about.getRow(1).font = { bold: true };
  for (const [name, value] of Object.entries(report.params)) {
    about.addRow([name, Array.isArray(value) ? value.join(', ') : value]);
  }
  about.addRow(['records', 'Submitted records only']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
