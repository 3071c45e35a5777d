import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { ReportRow } from '../../shared/schemas/report.ts';
import { markOf } from '../../shared/disclosure.ts';
import type { SuppressionReason } from '../../shared/schemas/report.ts';
import { neutraliseFormula, safeCell } from './formula-guard.ts';
import {
  alignmentOf,
  ColumnWidths,
  headingHeight,
  isText,
  NUMBER_FORMATS,
  PAGE_FOOTER,
  percentFraction,
  SHEET_FONT,
  wrappedHeight,
  type SheetColumn,
  type SheetColumnKind,
} from './sheet-layout.ts';

/**
 * Tables as downloadable files (reports, the CEWIL return): the columns' labels, the rows, then any summary rows
 * labelled in the first column. In a workbook numbers stay numbers (money too, so Excel can add them up) and only
 * their display is formatted, a percentage as the fraction a formula expects (0.904 shown as 90.4%); CSV keeps money
 * as its two-decimal text and a percentage as the figure the report shows (90.4). Every text cell, headings and the
 * parameters sheet included, passes the one formula rule (formula-guard.ts) on its way into the file.
 */

/** A report's column, or one only a file has (a report's Flag is a mark). */
export interface TableColumn extends SheetColumn {
  key: string;
}

export interface TableFile {
  columns: TableColumn[];
  rows: ReportRow[];
  /** Rows after the body (totals), bold in a workbook; a key in `suppressed` is written as the suppressed mark. */
  summaryRows?: { label: string; row: ReportRow; suppressed?: Record<string, unknown> }[];
  /** Lines under the table, after an empty line (what a mark means). */
  footnotes?: string[];
}

type Cell = string | number | null;

/** The UTF-8 byte-order mark, so Excel opens a CSV file with accents intact. */
export const CSV_BOM = '\uFEFF';

function cellOf(kind: SheetColumnKind, value: ReportRow[string] | undefined, file: 'csv' | 'xlsx'): Cell {
  if (value === null || value === undefined) return null;
  if (isText(kind)) return String(value);
  if (kind === 'money' && file === 'csv') return String(value);
  const number = typeof value === 'number' ? value : Number(value);
  return kind === 'percent' && file === 'xlsx' ? percentFraction(number) : number;
}

function fileRows(table: TableFile, file: 'csv' | 'xlsx'): Cell[][] {
  const line = (row: ReportRow) => table.columns.map((c) => cellOf(c.kind, row[c.key], file));
  const summaries = (table.summaryRows ?? []).map(({ label, row, suppressed = {} }) => {
    const cells = line(row).map((cell, n) =>
      table.columns[n]!.key in suppressed ? markOf(suppressed[table.columns[n]!.key] as SuppressionReason) : cell,
    );
    cells[0] = label;
    return cells;
  });
  const notes = table.footnotes?.length ? [[], ...table.footnotes.map((note) => [note])] : [];
  return [...table.rows.map(line), ...summaries, ...notes];
}

/**
 * CSV lines of the given cells, each text cell through the formula rule: CRLF as Excel writes them, or LF to match
 * PostgreSQL's COPY output. A field holding `;` or a tab is quoted: Excel where `;` is the list separator, and
 * LibreOffice splitting on tabs, would otherwise make each part a cell of its own, and a part may start a formula
 * (`x;=1+1`; formula-guard.ts, decision 017). So is a field holding a lone CR or LF: csv-stringify quotes only the
 * line end it writes, and a spreadsheet ends a row at either, so `x\n=1+1` unquoted would start a row with a formula.
 */
export const csvLines = (rows: Cell[][], lineEnd: 'windows' | 'unix' = 'windows') =>
  stringify(
    rows.map((cells) => cells.map(safeCell)),
    { record_delimiter: lineEnd, quoted_match: /[;\t\r\n]/ },
  );

/** CSV with a byte-order mark. */
export function tableCsv(table: TableFile): Buffer {
  return Buffer.from(CSV_BOM + csvLines([table.columns.map((c) => c.label), ...fileRows(table, 'csv')]), 'utf8');
}

const font = (bold = false): Partial<ExcelJS.Font> => ({ ...SHEET_FONT, bold });

/**
 * A sheet laid out as every download is (sheet-layout.ts): headings bold and wrapped, every cell in the named font,
 * widths from the headings and the rows that show in the columns, the heading row and first column frozen, printed
 * landscape one page wide with the heading row on each page.
 */
function laidOutSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: SheetColumn[],
  rows: Cell[][],
  options: { boldRows?: (n: number) => boolean; notes?: string[] } = {},
): void {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    headerFooter: { oddFooter: PAGE_FOOTER },
  });
  const estimate = new ColumnWidths(columns);
  estimate.see(rows);
  const widths = estimate.widths();
  sheet.columns = columns.map((column, n) => ({
    width: widths[n],
    style: { font: font(), ...(NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind]! } : {}) },
  }));
  const heading = sheet.addRow(columns.map((c) => neutraliseFormula(c.label)));
  heading.eachCell((cell, col) => {
    cell.font = font(true);
    cell.alignment = { vertical: 'bottom', wrapText: true, horizontal: alignmentOf(columns[col - 1]!.kind) };
  });
  const height = headingHeight(columns, widths);
  if (height) heading.height = height;
  rows.forEach((cells, n) => {
    const row = sheet.addRow(cells.map(safeCell));
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cell.font = font(options.boldRows?.(n));
      // The suppressed mark in a column of figures lines up with the figures, as a number would.
      if (alignmentOf(columns[col - 1]!.kind) !== 'left') cell.alignment = { horizontal: alignmentOf(columns[col - 1]!.kind) };
    });
  });
  // Notes under the table span its width and wrap, so they print whole rather than run off the page.
  const span = widths.reduce((a, b) => a + b, 0);
  for (const note of options.notes ?? []) {
    const row = sheet.addRow([safeCell(note)]);
    sheet.mergeCells(row.number, 1, row.number, columns.length);
    row.getCell(1).font = font();
    row.getCell(1).alignment = { vertical: 'top', wrapText: true };
    row.height = wrappedHeight(note, span);
  }
}

/** A workbook with the table on its first sheet and what it was made from on the second. */
export async function tableXlsx(table: TableFile, about: { title: string; lines: [string, string][] }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const bodyEnd = table.rows.length;
  const summaryEnd = bodyEnd + (table.summaryRows?.length ?? 0);
  const rows = fileRows({ ...table, footnotes: [] }, 'xlsx');
  // An empty row between the table and its notes, as in the CSV file.
  if (table.footnotes?.length) rows.push([]);
  laidOutSheet(workbook, 'Report', table.columns, rows, {
    boldRows: (n) => n >= bodyEnd && n < summaryEnd,
    notes: table.footnotes,
  });
  laidOutSheet(
    workbook,
    'Parameters',
    [
      { label: 'Report', kind: 'text' },
      { label: about.title, kind: 'text' },
    ],
    about.lines,
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
