import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { ReportColumn, ReportColumnKind, ReportRow } from '../../shared/schemas/report.ts';
import { SUPPRESSED_MARK } from '../../shared/disclosure.ts';
import { neutraliseFormula, safeCell } from './formula-guard.ts';
import type { XlsxColumn } from './xlsx-stream.ts';

/**
 * Tables as downloadable files (reports, the CEWIL return): the columns' labels, the rows, then any summary rows
 * labelled in the first column. In a workbook numbers stay numbers (money too, so Excel can add them up) and only
 * their display is formatted; CSV keeps money as its two-decimal text. Every text cell, headings and the parameters
 * sheet included, passes the one formula rule (formula-guard.ts) on its way into the file.
 */

export interface TableFile {
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Rows after the body (totals), bold in a workbook; a key in `suppressed` is written as the suppressed mark. */
  summaryRows?: { label: string; row: ReportRow; suppressed?: Record<string, unknown> }[];
  /** Lines under the table, after an empty line (what a mark means). */
  footnotes?: string[];
}

type Cell = string | number | null;

/** The UTF-8 byte-order mark, so Excel opens a CSV file with accents intact. */
export const CSV_BOM = '\uFEFF';

function cellOf(kind: ReportColumnKind, value: ReportRow[string] | undefined, money: 'text' | 'number'): Cell {
  if (value === null || value === undefined) return null;
  if (kind === 'text') return String(value);
  if (kind === 'money' && money === 'text') return String(value);
  return typeof value === 'number' ? value : Number(value);
}

function fileRows(table: TableFile, money: 'text' | 'number'): Cell[][] {
  const line = (row: ReportRow) => table.columns.map((c) => cellOf(c.kind, row[c.key], money));
  const summaries = (table.summaryRows ?? []).map(({ label, row, suppressed = {} }) => {
    const cells = line(row).map((cell, n) => (table.columns[n]!.key in suppressed ? SUPPRESSED_MARK : cell));
    cells[0] = label;
    return cells;
  });
  const notes = table.footnotes?.length ? [[], ...table.footnotes.map((note) => [note])] : [];
  return [...table.rows.map(line), ...summaries, ...notes];
}

/**
 * CSV lines of the given cells, each text cell through the formula rule: CRLF as Excel writes them, or LF to match
 * PostgreSQL's COPY output.
 */
export const csvLines = (rows: Cell[][], lineEnd: 'windows' | 'unix' = 'windows') =>
  stringify(
    rows.map((cells) => cells.map(safeCell)),
    { record_delimiter: lineEnd },
  );

/** CSV with a byte-order mark. */
export function tableCsv(table: TableFile): Buffer {
  return Buffer.from(CSV_BOM + csvLines([table.columns.map((c) => c.label), ...fileRows(table, 'text')]), 'utf8');
}

export const NUMBER_FORMATS: Record<ReportColumnKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  percent: '0.0"%"',
  change: '+#,##0;-#,##0;0',
  money: '"$"#,##0.00',
};

/** A column's width in a workbook: its heading and a little room, within reason. */
const widthOf = (column: ReportColumn) => Math.min(40, Math.max(12, column.label.length + 2));

/** Column settings of an ExcelJS worksheet: header, width, number format. */
function sheetColumns(columns: ReportColumn[]): Partial<ExcelJS.Column>[] {
  return columns.map((column) => ({
    header: neutraliseFormula(column.label),
    key: column.key,
    width: widthOf(column),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind]! } : {},
  }));
}

/** The same settings for the streaming writer (xlsx-stream.ts). */
export const xlsxColumns = (columns: ReportColumn[]): XlsxColumn[] =>
  columns.map((column) => ({ label: column.label, width: widthOf(column), numberFormat: NUMBER_FORMATS[column.kind] }));

/** A workbook with the table on its first sheet and what it was made from on the second. */
export async function tableXlsx(table: TableFile, about: { title: string; lines: [string, string][] }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = sheetColumns(table.columns);
  sheet.getRow(1).font = { bold: true };
  const summaryEnd = table.rows.length + (table.summaryRows?.length ?? 0);
  fileRows(table, 'number').forEach((cells, n) => {
    const row = sheet.addRow(cells.map(safeCell));
    if (n >= table.rows.length && n < summaryEnd) row.font = { bold: true };
  });

  const info = workbook.addWorksheet('Parameters');
  info.columns = [
    { header: 'Report', key: 'name', width: 24 },
    { header: neutraliseFormula(about.title), key: 'value', width: 60 },
  ];
  info.getRow(1).font = { bold: true };
  for (const line of about.lines) info.addRow(line.map(safeCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
