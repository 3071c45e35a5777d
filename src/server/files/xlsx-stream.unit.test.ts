import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fontsOf } from '../test/workbook-parts.ts';
import { excelSerial, SHEET_FONT } from './sheet-layout.ts';
import { writeXlsx, type XlsxCell, type XlsxColumn } from './xlsx-stream.ts';

const COLUMNS: XlsxColumn[] = [
  { label: 'Record ID', kind: 'identifier' },
  { label: 'Program <& "co-op">', kind: 'text' },
  { label: 'Average wage', kind: 'money' },
];

/** Writes the rows (in batches of `batch`) into a workbook file. */
async function workbookFile(rows: XlsxCell[][], batch = 2, columns = COLUMNS, sheetName = 'Records'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* batches() {
    for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
  }
  await writeXlsx(out, sheetName, columns, batches());
  return Buffer.concat(chunks);
}

/** The file read back with ExcelJS, as Excel-like software would. */
async function roundTrip(rows: XlsxCell[][], batch = 2, columns = COLUMNS, sheetName = 'Records') {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await workbookFile(rows, batch, columns, sheetName)) as unknown as ArrayBuffer);
  return workbook.getWorksheet(sheetName)!;
}

describe('writeXlsx', () => {
  it('writes a bold heading and every value with its type and format', async () => {
    const sheet = await roundTrip([
      [1, 'Co-op <Engineering> & "Design"', 23.45],
      [1234567, 'Café ☕ 𝔘𝔙𝔦𝔠 — naïve', 0.07],
      [3, null, 99999999.99],
    ]);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Record ID', 'Program <& "co-op">', 'Average wage']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Co-op <Engineering> & "Design"', 23.45]);
    expect(sheet.getRow(3).values).toEqual([undefined, 1234567, 'Café ☕ 𝔘𝔙𝔦𝔠 — naïve', 0.07]);
    expect(sheet.getRow(4).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).getCell(3).value).toBe(99999999.99);
    // An identifier is a plain number (1234567, not 1,234,567); money is dollars and cents.
    expect(sheet.getRow(3).getCell(1).numFmt).toBe('0');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.rowCount).toBe(4);
  });

  it('names a sans font in every style, the bold heading’s included', async () => {
    const sheet = await roundTrip([[1, 'text', 2.5]]);
    for (const cell of [sheet.getRow(1).getCell(1), sheet.getRow(1).getCell(3), sheet.getRow(2).getCell(3)]) {
      expect(cell.font).toMatchObject({ name: SHEET_FONT.name, size: SHEET_FONT.size });
    }
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    // In the file itself: a cell with no style of its own takes the first font, and a font without a name is drawn
    // in the reader's default (LibreOffice's is serif). Every font is named.
    const fonts = fontsOf(await workbookFile([[1, 'text', 2.5]]));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font).toContain(`<name val="${SHEET_FONT.name}"/>`);
  });

  it('writes a moment as a date serial in a date-and-time format, in UTC', async () => {
    const columns: XlsxColumn[] = [
      { label: 'Record ID', kind: 'identifier' },
      { label: 'Last changed (UTC)', kind: 'timestamp' },
    ];
    const moment = new Date('2024-03-05T17:04:09Z');
    const sheet = await roundTrip([[7, excelSerial(moment)]], 2, columns);
    const cell = sheet.getRow(2).getCell(2);
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString()).toBe('2024-03-05T17:04:09.000Z');
  });

  it('prints landscape, one page wide, the heading row on every page; the heading row and first column stay in view', async () => {
    const sheet = await roundTrip([[1, 'a', 1]], 2, COLUMNS, "Bob's records");
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1, topLeftCell: 'B2' });
    expect(sheet.headerFooter.oddFooter).toContain(`&"${SHEET_FONT.name},Regular"Page &P of &N`);
  });

  it('sizes columns from the heading and the first batch, within a cap, and wraps a long heading', async () => {
    const columns: XlsxColumn[] = [
      { label: 'Record ID', kind: 'identifier' },
      { label: 'Institution name', kind: 'text' },
      { label: 'Students seeking a work term', kind: 'count' },
      { label: 'Notes', kind: 'text' },
    ];
    const sheet = await roundTrip(
      [
        [1, 'University of British Columbia', 1234, 'x'.repeat(300)],
        // A later batch is not read for widths: a longer name there is cut at the cell's edge.
        [2, `University of British Columbia ${'y'.repeat(30)}`, 5, 'short'],
      ],
      1,
      columns,
    );
    const width = (n: number) => sheet.getColumn(n).width!;
    expect(width(2)).toBeGreaterThanOrEqual('University of British Columbia'.length + 1);
    expect(width(2)).toBeLessThan('University of British Columbia'.length + 10);
    expect(width(4)).toBe(50); // capped
    // The heading wraps rather than widening a column of four-digit figures to 28 characters.
    expect(width(3)).toBeLessThan(16);
    expect(sheet.getRow(1).getCell(3).alignment).toMatchObject({ wrapText: true, horizontal: 'right' });
    expect(sheet.getRow(1).getCell(2).alignment).toMatchObject({ wrapText: true, horizontal: 'left' });
    expect(sheet.getRow(1).height).toBeGreaterThanOrEqual(2 * 12);
  });

  it('centres a column of marks, heading and cells', async () => {
    const columns: XlsxColumn[] = [
      { label: 'Record ID', kind: 'identifier' },
      { label: 'Flag', kind: 'mark' },
    ];
    const sheet = await roundTrip([[1, 'p']], 2, columns);
    expect(sheet.getRow(1).getCell(2).alignment?.horizontal).toBe('center');
    expect(sheet.getRow(2).getCell(2).alignment?.horizontal).toBe('center');
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('0');
  });

  it('drops the characters XML cannot hold and keeps tabs and line breaks', async () => {
    const sheet = await roundTrip([[1, 'a\u0000b\u0007c\u001Fd\ttab\nline \uD800lone', 1]]);
    expect(sheet.getRow(2).getCell(2).value).toBe('abcd\ttab\nline lone');
  });

  it('writes a table with no rows as its heading alone', async () => {
    const sheet = await roundTrip([]);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Record ID');
  });

  it('streams many batches into one sheet', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i): XlsxCell[] => [i + 1, `Program ${i % 250}`, (i % 5000) / 100]);
    const sheet = await roundTrip(rows, 2000);
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 20_000, 'Program 249', 49.99]);
  });
});
