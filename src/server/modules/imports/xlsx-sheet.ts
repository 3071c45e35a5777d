import { posix } from 'node:path';
import { refuse } from '../../refusals.ts';
import { MAX_FILE_COLUMNS } from './import-limits.ts';
import type { RowCollector } from './row-collector.ts';
import { tooManyColumnsInFile } from './row-collector.ts';
import { attribute, scanXml } from './xml-scan.ts';
import { listZipEntries, ZipReader } from './zip-entries.ts';

/**
 * Reads the first sheet of an XLSX workbook into a RowCollector, every cell as the text a spreadsheet shows. Only the
 * parts a sheet needs are unpacked: the package and workbook relationships, the workbook, the shared strings, the
 * styles (to tell dates from numbers) and that one sheet. Images, other sheets and everything else stay packed.
 */

const RELS = 'http://schemas.openxmlformats.org/';

/** A number as a spreadsheet shows it, without binary noise (0.1 + 0.2 is 0.3). */
export const numberText = (n: number) => String(Number(n.toPrecision(15)));

/**
 * An Excel date serial as YYYY-MM-DD (1900 date system unless the workbook uses 1904's), with the time to the second
 * when it has one (the record export's "Last changed (UTC)" is a date and time).
 */
export function serialDateText(serial: number, date1904: boolean): string {
  const days = serial - 25569 + (date1904 ? 1462 : 0);
  const date = new Date(Math.round(days * 86_400) * 1000);
  if (Number.isNaN(date.getTime())) return numberText(serial);
  const iso = date.toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a custom number format shows a date or time: d, m, y, h or s outside quotes and [brackets]. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Column index (0-based) of a cell reference such as "AB12", or -1 when it has none. */
export function referenceColumn(ref: string | undefined): number {
  if (!ref) return -1;
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~0x20; // upper case
    if (c < 65 || c > 90) break;
    column = column * 26 + (c - 64);
    if (column > MAX_FILE_COLUMNS) throw tooManyColumnsInFile(column);
  }
  return i === 0 ? -1 : column - 1;
}

const cannotOpen = () =>
  refuse(
    'file',
    'This Excel workbook could not be opened: it may be damaged or protected by a password. Save it again as .xlsx or CSV.',
  );

/** A part's text (UTF-8, as every OOXML writer saves them). */
function partText(reader: ZipReader, name: string): string | null {
  const bytes = reader.read(name);
  return bytes ? new TextDecoder('utf-8').decode(bytes) : null;
}

interface Relationship {
  type: string;
  target: string;
}

/** The relationships of a part (`xl/_rels/workbook.xml.rels`), their targets resolved against the part's folder. */
function relationships(reader: ZipReader, part: string): Map<string, Relationship> {
  const folder = posix.dirname(part);
  const xml = partText(reader, posix.join(folder, '_rels', `${posix.basename(part)}.rels`));
  const found = new Map<string, Relationship>();
  if (!xml) return found;
  scanXml(xml, {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const id = attribute(attributes, 'Id');
      const target = attribute(attributes, 'Target');
      if (!id || !target || attribute(attributes, 'TargetMode') === 'External') return;
      const resolved = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(folder, target));
      found.set(id, { type: attribute(attributes, 'Type') ?? '', target: resolved });
    },
    close() {},
    text() {},
  });
  return found;
}

const byType = (rels: Map<string, Relationship>, suffix: string) =>
  [...rels.values()].find((rel) => rel.type.startsWith(RELS) && rel.type.endsWith(suffix))?.target;

function readSharedStrings(reader: ZipReader, part: string | undefined): string[] {
  const strings: string[] = [];
  const xml = part ? partText(reader, part) : null;
  if (!xml) return strings;
  let current: string[] | null = null;
  let inText = false;
  let inPhonetic = false;
  scanXml(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      } else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(text) {
      if (current && inText && !inPhonetic) current.push(text);
    },
  });
  return strings;
}

/** For each cell style (the cell's `s`), whether it shows a date. */
function readDateStyles(reader: ZipReader, part: string | undefined): boolean[] {
  const xml = part ? partText(reader, part) : null;
  if (!xml) return [];
  const customDates = new Set<number>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attributes, selfClosing) {
      if (name === 'numFmt') {
        const id = Number(attribute(attributes, 'numFmtId'));
        if (isDateFormat(attribute(attributes, 'formatCode') ?? '')) customDates.add(id);
      } else if (name === 'cellXfs') {
        inCellXfs = !selfClosing;
      } else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(attributes, 'numFmtId') ?? 0);
        styles.push(DATE_FORMAT_IDS.has(id) || customDates.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

/** Reads the workbook's first sheet (in the workbook's order, as Excel shows its tabs) into `rows`. */
export function readFirstSheet(bytes: Buffer, rows: RowCollector): void {
  const reader = new ZipReader(bytes, listZipEntries(bytes));
  const packageRels = relationships(reader, '');
  const workbookPart = byType(packageRels, '/officeDocument') ?? 'xl/workbook.xml';
  const workbook = partText(reader, workbookPart);
  if (!workbook) throw cannotOpen();

  let firstSheetId: string | undefined;
  let date1904 = false;
  scanXml(workbook, {
    open(name, attributes) {
      if (name === 'workbookPr') {
        const value = attribute(attributes, 'date1904');
        date1904 = value === '1' || value === 'true';
      } else if (name === 'sheet' && firstSheetId === undefined) {
        firstSheetId = attribute(attributes, 'id') ?? '';
      }
    },
    close() {},
    text() {},
  });
  const workbookRels = relationships(reader, workbookPart);
  const sheetPart = firstSheetId ? workbookRels.get(firstSheetId)?.target : undefined;
  if (!sheetPart || !reader.entries.has(sheetPart)) throw refuse('file', 'This workbook has no sheets.');

  const shared = readSharedStrings(reader, byType(workbookRels, '/sharedStrings'));
  const dateStyles = readDateStyles(reader, byType(workbookRels, '/styles'));
  readSheet(partText(reader, sheetPart)!, { shared, dateStyles, date1904 }, rows);
}

interface SheetContext {
  shared: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

function readSheet(xml: string, context: SheetContext, rows: RowCollector): void {
  let rowNumber = 0;
  let cells: string[] | null = null;
  let column = -1;
  let type = '';
  let style = 0;
  let value: string[] = [];
  let inline: string[] = [];
  let inValue = false;
  let inInline = false;
  let inText = false;
  let inPhonetic = false;

  scanXml(xml, {
    open(name, attributes) {
      if (name === 'row') {
        const declared = Number(attribute(attributes, 'r'));
        const next = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
        rows.skip(next - rowNumber - 1);
        rowNumber = next;
        cells = [];
        column = -1;
      } else if (name === 'c' && cells) {
        const declared = referenceColumn(attribute(attributes, 'r'));
        column = declared > column ? declared : column + 1;
        if (column >= MAX_FILE_COLUMNS) throw tooManyColumnsInFile(column + 1);
        type = attribute(attributes, 't') ?? 'n';
        style = Number(attribute(attributes, 's') ?? 0);
        value = [];
        inline = [];
      } else if (name === 'v') inValue = true;
      else if (name === 'is') inInline = true;
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cells) {
        const text = cellText(type, value.join(''), inline.join(''), style, context);
        if (text !== '') {
          while (cells.length < column) cells.push('');
          cells[column] = text;
        }
      } else if (name === 'row' && cells) {
        rows.add(cells);
        cells = null;
      }
    },
    text(text) {
      if (inValue) value.push(text);
      else if (inInline && inText && !inPhonetic) inline.push(text);
    },
  });
}

/** A cell's value as text: numbers as they read, dates as YYYY-MM-DD, formulas by their last result. */
function cellText(type: string, value: string, inline: string, style: number, context: SheetContext): string {
  switch (type) {
    case 's':
      return context.shared[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '' ? '' : value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date.toISOString().slice(0, 10);
    }
    case 'str':
    case 'e':
      return value;
    default: {
      if (value.trim() === '') return '';
      const n = Number(value);
      if (!Number.isFinite(n)) return value;
      return context.dateStyles[style] ? serialDateText(n, context.date1904) : numberText(n);
    }
  }
}
