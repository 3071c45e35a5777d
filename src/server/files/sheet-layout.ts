import type { ReportColumnKind } from '../../shared/schemas/report.ts';

/**
 * How every downloaded workbook looks and prints, whichever writer makes it (xlsx-stream.ts for the record export,
 * ExcelJS in table-files.ts for reports and the CEWIL return): one named sans font, number formats per kind of
 * column, widths estimated from the heading and the first rows, a wrapped heading row, and a landscape page one
 * page wide with the heading row on every printed page.
 */

/**
 * What a column holds, as a workbook shows it: a report's kinds, plus a record's identifier (a plain number, not a
 * count with thousands separators), a moment in time (an Excel date serial, in UTC as the headings say) and a mark
 * of a letter or two (a report's Flag: p or r), centred.
 */
export type SheetColumnKind = ReportColumnKind | 'identifier' | 'timestamp' | 'mark';

/** Text of either kind: the text passes the formula rule and takes no number format. */
export const isText = (kind: SheetColumnKind) => kind === 'text' || kind === 'mark';

export interface SheetColumn {
  label: string;
  kind: SheetColumnKind;
}

export type SheetCell = string | number | null;

/**
 * Arial, which every spreadsheet program has or maps to a metric twin (LibreOffice: Liberation Sans). A style with
 * no font name lets LibreOffice fall back to its serif default.
 */
export const SHEET_FONT = { name: 'Arial', size: 10 } as const;

/** The printed page's footer: the sheet's name on the left, the page number on the right, in the same font. */
export const PAGE_FOOTER = `&L&"${SHEET_FONT.name},Regular"&A&R&"${SHEET_FONT.name},Regular"Page &P of &N`;

/** Height in points of one line of the font, for the heading row whose labels wrap. */
const LINE_POINTS = 13;

export const NUMBER_FORMATS: Record<SheetColumnKind, string | undefined> = {
  text: undefined,
  mark: undefined,
  identifier: '0',
  count: '#,##0',
  // Percentages are stored as fractions (0.904 shows as 90.4%), so a formula that uses the cell gets the fraction.
  percent: '0.0%',
  change: '+#,##0;-#,##0;0',
  money: '"$"#,##0.00',
  timestamp: 'yyyy-mm-dd hh:mm:ss',
};

/** Days from Excel's day 0 (1899-12-30, in its 1900 date system) to the Unix epoch. */
export const EXCEL_EPOCH_DAYS = 25569;

/** Where a column's cells and heading line up: figures on the right, text on the left, marks in the middle. */
export const alignmentOf = (kind: SheetColumnKind): 'left' | 'center' | 'right' =>
  kind === 'text' ? 'left' : kind === 'mark' ? 'center' : 'right';

/** A moment as an Excel date serial: days since 1899-12-30, in UTC (the record export writes the same in SQL). */
export const excelSerial = (date: Date) => date.getTime() / 86_400_000 + EXCEL_EPOCH_DAYS;

/** A percentage (90.4) as the fraction a workbook stores (0.904), without the binary noise of a plain division. */
export const percentFraction = (percent: number) => Number((percent / 100).toPrecision(12));

// Widths are in Excel's unit, the width of a digit of the font; text of ordinary words runs about as wide.
const PADDING = 2;
const MIN_WIDTH = 6;
/** Text wider than this is cut at the cell's edge on screen; the full value is in the cell. */
const MAX_TEXT_WIDTH = 50;
const MAX_NUMBER_WIDTH = 20;
/** Bold heading letters are wider than the digits the unit is measured in. */
const BOLD = 1.1;
/** Headings wrap at their words, to about three lines, so a heading does not make a column of figures wide. */
const ONE_LINE_HEADING = 8;
const HEADING_LINES = 3;

/** Digits of a whole number with thousands separators. */
const groupedLength = (n: number) => {
  const digits = String(Math.trunc(Math.abs(n))).length;
  return digits + Math.floor((digits - 1) / 3);
};

/** How many characters a cell shows, in its column's format. */
export function shownLength(kind: SheetColumnKind, value: SheetCell): number {
  if (value === null) return 0;
  if (typeof value === 'string') {
    if (kind === 'timestamp') return 19;
    let longest = 0;
    for (const line of value.split('\n')) longest = Math.max(longest, line.length);
    return longest;
  }
  switch (kind) {
    case 'identifier':
      return String(value).length;
    case 'count':
      return groupedLength(value) + (value < 0 ? 1 : 0);
    case 'change':
      return groupedLength(value) + 1;
    case 'money':
      return groupedLength(value) + 4 + (value < 0 ? 1 : 0);
    case 'percent':
      return groupedLength(value * 100) + 3 + (value < 0 ? 1 : 0);
    case 'timestamp':
      return 19;
    default:
      return String(value).length;
  }
}

/** The heading's lines when wrapped at `width` characters, word by word. */
function headingLines(label: string, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of label.split(/\s+/)) {
    const needed = word.length * BOLD;
    if (used > 0 && used + 1 + needed > width) {
      lines++;
      used = needed;
    } else {
      used += (used > 0 ? 1 : 0) + needed;
    }
  }
  return lines;
}

/** The room a heading asks for: all of it when short, else enough that it wraps to about three lines. */
function headingWidth(label: string): number {
  const longestWord = Math.max(...label.split(/\s+/).map((w) => w.length));
  return Math.ceil(Math.max(longestWord, Math.min(label.length, ONE_LINE_HEADING), label.length / HEADING_LINES) * BOLD);
}

/**
 * Column widths estimated from the headings and the rows it is shown: the record export shows it its first batch
 * only, so a million rows are not read twice; a value wider than the ones seen is cut at the cell's edge, as in any
 * spreadsheet.
 */
export class ColumnWidths {
  private readonly content: number[];

  constructor(private readonly columns: readonly SheetColumn[]) {
    this.content = columns.map(() => 0);
  }

  see(rows: Iterable<readonly SheetCell[]>): void {
    for (const row of rows) {
      for (let i = 0; i < this.columns.length; i++) {
        const length = shownLength(this.columns[i]!.kind, row[i] ?? null);
        if (length > this.content[i]!) this.content[i] = length;
      }
    }
  }

  widths(): number[] {
    return this.columns.map((column, i) => {
      const cap = isText(column.kind) ? MAX_TEXT_WIDTH : MAX_NUMBER_WIDTH;
      const wanted = Math.max(headingWidth(column.label), this.content[i]!) + PADDING;
      return Math.min(cap, Math.max(MIN_WIDTH, wanted));
    });
  }
}

/** The heading row's height in points for its labels wrapped into these widths, or undefined when none wraps. */
export function headingHeight(columns: readonly SheetColumn[], widths: readonly number[]): number | undefined {
  const lines = Math.max(1, ...columns.map((c, i) => headingLines(c.label, widths[i]! - PADDING)));
  return lines > 1 ? lines * LINE_POINTS : undefined;
}

/** The height in points of a row whose one text, wrapped, spans a total `width` of columns. */
export function wrappedHeight(text: string, width: number): number {
  return Math.max(1, Math.ceil(text.length / Math.max(1, width - PADDING))) * LINE_POINTS;
}
