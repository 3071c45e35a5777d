import { parse as parseCsv } from 'csv-parse/sync';
import { isDownloadNote } from '../../../shared/export-notes.ts';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportFile } from '../../../shared/schemas/import.ts';
import { refuse as refuseField, Refused } from '../../refusals.ts';
import { MAX_CSV_CELLS, MAX_CSV_LINE_LENGTH, MAX_CSV_LINES } from './import-limits.ts';
import { RowCollector } from './row-collector.ts';
import { readFirstSheet } from './xlsx-sheet.ts';

/**
 * Reads an uploaded spreadsheet (CSV or the first sheet of an XLSX workbook) into its headings and data rows, every
 * cell as text. Whatever is wrong with the file is refused naming `file`, in words (a 400).
 */

export type FileKind = 'csv' | 'xlsx';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const number = (n: number) => n.toLocaleString('en-CA');

const refuse = (message: string) => refuseField('file', message);

/** What the bytes are, whatever the upload said: XLSX is a ZIP archive; the old binary .xls is refused by name. */
export function sniffFileKind(bytes: Buffer, declared: FileKind): FileKind {
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'xlsx';
  if (bytes.subarray(0, 4).equals(OLE_SIGNATURE)) {
    throw refuse('This is an old Excel workbook (.xls). Save it as an Excel workbook (.xlsx) or as CSV, then upload it again.');
  }
  if (declared === 'xlsx')
    throw refuse('This file is not an Excel workbook (.xlsx): it could not be opened. Upload an .xlsx or a CSV file.');
  return 'csv';
}

/** UTF-8 (with or without a byte-order mark); a file that is not valid UTF-8 is read as Windows-1252, as older Excel saves CSV. */
function decodeText(bytes: Buffer): string {
  // Excel's "Unicode text" is UTF-16 with a byte-order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Comma unless the heading line clearly uses semicolons or tabs (as Excel writes CSV in some regions). */
function delimiterOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const commas = count(',');
  if (count(';') > commas && count(';') >= count('\t')) return ';';
  if (count('\t') > commas) return '\t';
  return ',';
}

/**
 * Refuses, before csv-parse sees it, text with more lines or a longer line than any import file has: both are cheap to
 * count here, while a parser given five megabytes of commas or blank lines works for seconds.
 */
function checkCsvShape(text: string, delimiter: string): void {
  let lines = 0;
  let cells = 0;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    if (end - start > MAX_CSV_LINE_LENGTH) {
      throw refuse(`A line of the file is longer than ${number(MAX_CSV_LINE_LENGTH)} characters; it cannot be imported.`);
    }
    if (++lines > MAX_CSV_LINES) {
      throw refuse(
        `The file has more than ${number(MAX_CSV_LINES)} lines; import at most ${number(MAX_IMPORT_ROWS)} rows at a time.`,
      );
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  for (let at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, at + 1)) {
    if (++cells > MAX_CSV_CELLS) {
      throw refuse(`The file has more than ${number(MAX_CSV_CELLS)} cells; it cannot be imported. Split it into parts.`);
    }
  }
}

/** Lines a quoted cell spans beyond its first, as csv-parse counts them: within quotes, CR and LF are a line each. */
const lineBreaks = (field: string) => field.match(/[\r\n]/g)?.length ?? 0;

const isBlankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');

/** Headings up to the last that is not blank: a column without a heading holds nothing an import can map. */
const headedColumns = (record: string[]) => {
  let n = record.length;
  while (n > 0 && record[n - 1]!.trim() === '') n--;
  return n;
};

/** Reads CSV text into `rows`, one record at a time. */
function readCsv(bytes: Buffer, rows: RowCollector): void {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  if (!utf16 && bytes.includes(0)) throw refuse('This file is not a CSV text file. Upload a CSV or an Excel workbook (.xlsx).');
  const text = decodeText(bytes);
  const delimiter = delimiterOf(text);
  checkCsvShape(text, delimiter);
  let lastLine = 0;
  let headings: number | undefined;
  try {
    parseCsv(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // csv-parse is slow on empty lines it keeps (tens of microseconds each); it skips them fast, and the blank rows
      // they stand for are put back from the line numbers, since a blank row inside the data still counts as a row.
      skip_empty_lines: true,
      max_record_size: MAX_CSV_LINE_LENGTH,
      // Each record goes straight to the collector, which keeps only what an import can use; nothing is returned.
      on_record: (record: string[], context: { lines: number }) => {
        const firstLine = context.lines - record.reduce((n, field) => n + lineBreaks(field), 0);
        if (headings === undefined) {
          if (!isBlankRecord(record)) headings = headedColumns(record);
        } else if (record.length < headings && !isBlankRecord(record) && !isDownloadNote(record)) {
          // A line with fewer cells than the headings has lost a separator, or was cut: which cell is missing cannot be
          // told, and reading the missing ones as blank would clear those figures of the record.
          throw refuse(
            `Line ${number(firstLine)} of the file has ${number(record.length)} ${record.length === 1 ? 'cell' : 'cells'}, but its headings have ${number(headings)}: a separator is missing, so the cells cannot be matched to their columns. Correct that line (or save the sheet as CSV again) and upload it again.`,
          );
        }
        rows.skip(Math.max(0, firstLine - lastLine - 1));
        lastLine = context.lines;
        rows.add(record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof Refused) throw err;
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw refuse(`A row of the file is longer than ${number(MAX_CSV_LINE_LENGTH)} characters; it cannot be imported.`);
    }
    const detail = err instanceof Error ? err.message : String(err);
    throw refuse(`The CSV file could not be read: ${detail}. Check that it is saved as CSV (comma-separated values).`);
  }
}

const tooManyRows = (n: number) =>
  refuse(
    `The file has ${number(n)} data rows; import at most ${number(MAX_IMPORT_ROWS)} rows at a time. Split the file and import each part.`,
  );

/** Column letters as a spreadsheet names them: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Reads a spreadsheet file into headings and data rows (trailing blank rows and columns dropped). Synchronous and
 * CPU-bound: the server calls it in a worker process (parse-in-worker.ts), never on the event loop.
 */
export function readSpreadsheet(bytes: Buffer, declared: FileKind): ImportFile {
  if (
    bytes.length === 0 ||
    (declared === 'csv' &&
      bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim() === '')
  ) {
    throw refuse('The file is empty. Choose a file with a row of column headings and a row for each record.');
  }
  const collector = new RowCollector();
  if (sniffFileKind(bytes, declared) === 'csv') readCsv(bytes, collector);
  else readFirstSheet(bytes, collector);
  const all = collector.rows;
  const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');
  const header = all[0];
  if (!header || isBlank(header)) {
    throw refuse('The first row must hold the column headings (such as Institution, Program, Students placed); it is blank.');
  }
  let width = header.length;
  while (width > 0 && header[width - 1]!.trim() === '') width--;
  if (width > MAX_IMPORT_COLUMNS) {
    throw refuse(`The file has ${number(width)} columns; at most ${number(MAX_IMPORT_COLUMNS)} can be imported.`);
  }
  if (collector.dataRowCount === 0) throw refuse('The file has column headings but no rows below them to import.');
  if (collector.dataRowCount > MAX_IMPORT_ROWS) throw tooManyRows(collector.dataRowCount);
  const rows = all.slice(1);
  const columns = header.slice(0, width).map((h, i) => h.trim().replace(/^\uFEFF/, '') || `Column ${columnLetter(i)}`);
  return { columns, rows: rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')) };
}
