import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportFile } from '../../../shared/schemas/import.ts';
import { fieldError } from '../../http-errors.ts';

/**
 * Reads an uploaded spreadsheet (CSV or the first sheet of an XLSX workbook) into its headings and data rows, every
 * cell as text. Whatever is wrong with the file is a 400 naming `file`, in words.
 */

export type FileKind = 'csv' | 'xlsx';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const number = (n: number) => n.toLocaleString('en-CA');

const refuse = (message: string) => fieldError('file', message);

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

function readCsv(bytes: Buffer): string[][] {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  if (!utf16 && bytes.includes(0)) throw refuse('This file is not a CSV text file. Upload a CSV or an Excel workbook (.xlsx).');
  const text = decodeText(bytes);
  try {
    return parseCsv(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_IMPORT_CELL_LENGTH * 4,
    }) as string[][];
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw refuse(`The CSV file could not be read: ${detail}. Check that it is saved as CSV (comma-separated values).`);
  }
}

/** A number as a spreadsheet shows it, without binary noise (0.1 + 0.2 is 0.3). */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** A cell's value as text: numbers as they read, dates as YYYY-MM-DD, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return String(value.error);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(
      'This Excel workbook could not be opened: it may be damaged or protected by a password. Save it again as .xlsx or CSV.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('This workbook has no sheets.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1 + 1000) throw tooManyRows(sheet.rowCount - 1);
  const rows: string[][] = [];
  const width = Math.min(sheet.columnCount, MAX_IMPORT_COLUMNS + 1);
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
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

/** Reads a spreadsheet file into headings and data rows (trailing blank rows and columns dropped). */
export async function readSpreadsheet(bytes: Buffer, declared: FileKind): Promise<ImportFile> {
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
  const kind = sniffFileKind(bytes, declared);
  const all = kind === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');
  while (all.length > 0 && isBlank(all.at(-1)!)) all.pop();
  const header = all[0];
  if (!header || isBlank(header)) {
    throw refuse('The first row must hold the column headings (such as Institution, Program, Students placed); it is blank.');
  }
  let width = header.length;
  while (width > 0 && header[width - 1]!.trim() === '') width--;
  if (width > MAX_IMPORT_COLUMNS) {
    throw refuse(`The file has ${number(width)} columns; at most ${number(MAX_IMPORT_COLUMNS)} can be imported.`);
  }
  const rows = all.slice(1);
  if (rows.length === 0) throw refuse('The file has column headings but no rows below them to import.');
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  const columns = header.slice(0, width).map((h, i) => h.trim().replace(/^\uFEFF/, '') || `Column ${columnLetter(i)}`);
  for (const row of rows) {
    for (const cell of row) {
      if (cell.length > MAX_IMPORT_CELL_LENGTH) {
        throw refuse(
          `A cell holds ${number(cell.length)} characters; at most ${number(MAX_IMPORT_CELL_LENGTH)} can be imported.`,
        );
      }
    }
  }
  return { columns, rows: rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')) };
}
