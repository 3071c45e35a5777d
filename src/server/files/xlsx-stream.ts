import { once } from 'node:events';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { neutraliseFormula } from './formula-guard.ts';
import {
  alignmentOf,
  ColumnWidths,
  headingHeight,
  NUMBER_FORMATS,
  wrappedHeight,
  PAGE_FOOTER,
  SHEET_FONT,
  type SheetCell,
  type SheetColumn,
} from './sheet-layout.ts';

/**
 * A one-sheet XLSX workbook written straight into a stream (docs/decisions/011): the ZIP container by hand, each
 * part deflated as it is written, the sheet's XML built as text a batch of rows at a time. ExcelJS's streaming
 * writer builds an object per cell and per style and ran at ~9,000 rows/s on the record export; this writes the
 * same file several times faster in constant memory.
 */

export type XlsxCell = SheetCell;

/** A column: its heading and what it holds (its number format and the estimate of its width follow from that). */
export type XlsxColumn = SheetColumn;

/** Characters XML 1.0 cannot hold (controls other than tab, newline and return; lone surrogates; U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export const xmlText = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** A, B, … Z, AA, AB …: the column letters of a cell reference. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';
const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** A sheet name as a formula names it: in single quotes, a quote in it doubled. */
const quotedSheet = (name: string) => `'${name.replaceAll("'", "''")}'`;

// The heading row is repeated at the top of every printed page (sheet-layout.ts).
const workbookXml = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
  `<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
  `<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">${xmlText(quotedSheet(sheetName))}!$1:$1</definedName></definedNames>` +
  '</workbook>';

/**
 * Styles: 0 plain, 1–3 the heading (bold, wrapped; aligned left, centred, right), 4 a note under the table (wrapped,
 * from the top), then one per distinct number format and alignment of the columns' cells. Custom formats take ids from 164, as the built-in ones end below that. Both
 * fonts are named (sheet-layout.ts).
 */
const HEADING_STYLE = { left: 1, center: 2, right: 3 } as const;
const NOTE_STYLE = 4;
function stylesOf(columns: readonly XlsxColumn[]): { xml: string; styleOfColumn: number[]; headingStyle: number[] } {
  const formats = [...new Set(columns.flatMap((c) => (NUMBER_FORMATS[c.kind] ? [NUMBER_FORMATS[c.kind]!] : [])))];
  const numFmts = formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('');
  // Figures go right of themselves; only a centred mark needs its alignment written.
  const cellKey = (c: XlsxColumn) => `${NUMBER_FORMATS[c.kind] ?? ''}|${alignmentOf(c.kind) === 'center' ? 'center' : ''}`;
  const cellStyles = [...new Set(columns.map(cellKey))].filter((key) => key !== '|');
  const headingXf = (horizontal: string) =>
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="${horizontal}" vertical="bottom" wrapText="1"/></xf>`;
  const cellXf = (key: string) => {
    const [format, horizontal] = key.split('|');
    const numFmtId = format ? 164 + formats.indexOf(format) : 0;
    return (
      `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"${format ? ' applyNumberFormat="1"' : ''}` +
      (horizontal ? ` applyAlignment="1"><alignment horizontal="${horizontal}"/></xf>` : '/>')
    );
  };
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    ...Object.keys(HEADING_STYLE).map(headingXf),
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>',
    ...cellStyles.map(cellXf),
  ];
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="${SHEET_FONT.size}"/><name val="${SHEET_FONT.name}"/><family val="2"/></font>`;
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  const firstCellStyle = NOTE_STYLE + 1;
  return {
    xml,
    styleOfColumn: columns.map((c) => (cellKey(c) === '|' ? 0 : firstCellStyle + cellStyles.indexOf(cellKey(c)))),
    headingStyle: columns.map((c) => HEADING_STYLE[alignmentOf(c.kind)]),
  };
}

interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressedSize: number;
  size: number;
}

// Every size here must fit 32 bits: ZIP64 is not written. A million exported records make a sheet of about 1 GB
// of XML, well inside the 4 GB limit; a larger one fails loudly rather than writing a broken file.
const LIMIT = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes and CRC follow the data; bit 11: names are UTF-8
const DEFLATE = 8;
const VERSION = 20;

/** A ZIP archive written entry by entry into `out`, honouring its backpressure. */
class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];

  constructor(private readonly out: Writable) {}

  private async put(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Adds an entry whose content comes from `source` (text or bytes), deflated as it arrives. */
  async add(name: string, source: AsyncIterable<string | Buffer> | string): Promise<void> {
    const entry: ZipEntry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressedSize: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(entry.name.length, 26); // time, date, CRC and sizes stay 0: the descriptor carries them
    await this.put(Buffer.concat([header, entry.name]));

    const input = typeof source === 'string' ? [source] : source;
    async function* counted() {
      for await (const part of input) {
        const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (entry.size > LIMIT) throw new Error(`${name} is over 4 GB, more than this workbook writer allows: export CSV`);
        yield bytes;
      }
    }
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        entry.compressedSize += chunk.length;
        this.put(chunk).then(() => done(), done);
      },
    });
    // Fastest compression: a third faster than the default level for a file about half as large again (16 MB rather
    // than 11 MB for 100,000 records), which a download on the office network does not notice.
    await pipeline(counted(), createDeflateRaw({ level: 1 }), sink);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    this.entries.push(entry);
  }

  /** Writes the central directory; the archive is complete once this resolves. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressedSize, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([record, e.name]));
    }
    if (this.offset > LIMIT) throw new Error('The workbook is over 4 GB, more than this writer allows: export CSV');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
  }
}

/**
 * The page as a person prints it: landscape, as many pages down as it takes but one page wide, with the sheet's name
 * and the page number in the footer. (`sheetPr` with fitToPage must lead the worksheet; these close it.)
 */
const SHEET_PROPERTIES = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>';
const PAGE_SETUP =
  '<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/>' +
  '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>' +
  `<headerFooter><oddFooter>${xmlText(PAGE_FOOTER)}</oddFooter></headerFooter>`;
/** The heading row and the first column stay in view while the rest scrolls. */
const FROZEN_VIEW =
  '<sheetViews><sheetView workbookViewId="0">' +
  '<pane xSplit="1" ySplit="1" topLeftCell="B2" activePane="bottomRight" state="frozen"/>' +
  '<selection pane="bottomRight" activeCell="B2" sqref="B2"/></sheetView></sheetViews>';

/**
 * Writes a workbook of one sheet to `out`: a bold, wrapped heading row of the columns' labels, then the rows that
 * `rows` yields in batches (numbers as numbers in their column's format, text as inline strings that pass the formula
 * rule), then any notes after an empty row, each spanning the table's width and wrapped as under a report's table
 * (table-files.ts), and ends `out`. Column widths are estimated from the headings and the first batch (sheet-layout.ts): the
 * columns come before the rows in the file, and reading every row twice would double the work of a large export.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: AsyncIterable<readonly XlsxCell[][]>,
  notes: readonly string[] = [],
): Promise<void> {
  const zip = new ZipWriter(out);
  const { xml: styles, styleOfColumn, headingStyle } = stylesOf(columns);
  const letters = columns.map((_, i) => columnLetters(i));
  const batches = rows[Symbol.asyncIterator]();
  const first = await batches.next();
  const estimate = new ColumnWidths(columns);
  if (!first.done) estimate.see(first.value);
  const widths = estimate.widths();
  const headingHt = headingHeight(columns, widths);

  await zip.add('[Content_Types].xml', CONTENT_TYPES);
  await zip.add('_rels/.rels', ROOT_RELS);
  await zip.add('xl/workbook.xml', workbookXml(sheetName));
  await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.add('xl/styles.xml', styles);

  // The sheet's XML goes to the deflater in pieces of about 64 KB. A batch's whole text (4 MB) is a large object the
  // garbage collector must handle in its slow, old space: exporting 100,000 records, it took 38% of the CPU profile
  // and the export ran at ~20,000 rows/s; in pieces, 11% and ~31,000 rows/s.
  const CHUNK_CHARS = 64 * 1024;
  // Cells carry their reference (r="B7"): a reader may not place a cell by counting, as empty ones are left out.
  // Every text cell passes the formula rule before XML drops the characters it cannot hold, which the rule looks
  // through: an inline string is never run, but a person editing the cell would turn "=…" into a formula.
  const textCell = (ref: string, style: number, text: string) =>
    `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${xmlText(neutraliseFormula(text))}</t></is></c>`;
  async function* sheet() {
    yield (
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${SHEET_PROPERTIES}${FROZEN_VIEW}` +
      `<cols>${columns.map((_, i) => `<col min="${i + 1}" max="${i + 1}" width="${widths[i]}" customWidth="1"${styleOfColumn[i] ? ` style="${styleOfColumn[i]}"` : ''}/>`).join('')}</cols>` +
      `<sheetData><row r="1"${headingHt ? ` ht="${headingHt}" customHeight="1"` : ''}>` +
      `${columns.map((c, i) => textCell(`${letters[i]}1`, headingStyle[i]!, c.label)).join('')}</row>`
    );
    let rowNumber = 1;
    let xml = '';
    for (let batch = first; !batch.done; batch = await batches.next()) {
      for (const row of batch.value) {
        rowNumber++;
        xml += `<row r="${rowNumber}">`;
        for (let i = 0; i < row.length; i++) {
          const value = row[i];
          if (value === null || value === undefined) continue;
          const ref = `${letters[i]}${rowNumber}`;
          if (typeof value === 'number' && Number.isFinite(value)) {
            xml += `<c r="${ref}"${styleOfColumn[i] ? ` s="${styleOfColumn[i]}"` : ''}><v>${value}</v></c>`;
          } else {
            xml += textCell(ref, styleOfColumn[i]!, String(value));
          }
        }
        xml += '</row>';
        if (xml.length >= CHUNK_CHARS) {
          yield xml;
          xml = '';
        }
      }
    }
    // The notes: merged across the columns (the merges follow the rows in the sheet's XML, so they stream too).
    const span = widths.reduce((a, b) => a + b, 0);
    const noteRows = notes.map((note, n) => rowNumber + 2 + n);
    notes.forEach((note, n) => {
      const height = wrappedHeight(note, span);
      xml += `<row r="${noteRows[n]}" ht="${height}" customHeight="1">${textCell(`A${noteRows[n]}`, NOTE_STYLE, note)}</row>`;
    });
    const merges =
      noteRows.length && columns.length > 1
        ? `<mergeCells count="${noteRows.length}">${noteRows.map((r) => `<mergeCell ref="A${r}:${letters.at(-1)}${r}"/>`).join('')}</mergeCells>`
        : '';
    yield `${xml}</sheetData>${merges}${PAGE_SETUP}</worksheet>`;
  }
  await zip.add('xl/worksheets/sheet1.xml', sheet());
  await zip.finish();
  out.end();
}
