import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxCell, type XlsxColumn } from './xlsx-stream.ts';

const COLUMNS: XlsxColumn[] = [
  { label: 'Record ID', width: 12, numberFormat: '#,##0' },
  { label: 'Program <& "co-op">', width: 30 },
  { label: 'Average wage', width: 14, numberFormat: '"$"#,##0.00' },
];

/** Writes the rows (in batches of `batch`) and reads the file back with ExcelJS, as Excel-like software would. */
async function roundTrip(rows: XlsxCell[][], batch = 2) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* batches() {
    for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
  }
  await writeXlsx(out, 'Records', COLUMNS, batches());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.getWorksheet('Records')!;
}

describe('writeXlsx', () => {
  it('writes a bold, frozen heading and every value with its type and format', async () => {
    const sheet = await roundTrip([
      [1, 'Co-op <Engineering> & "Design"', 23.45],
      [1234567, 'Café ☕ 𝔘𝔙𝔦𝔠 — naïve', 0.07],
      [3, null, 99999999.99],
    ]);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Record ID', 'Program <& "co-op">', 'Average wage']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Co-op <Engineering> & "Design"', 23.45]);
    expect(sheet.getRow(3).values).toEqual([undefined, 1234567, 'Café ☕ 𝔘𝔙𝔦𝔠 — naïve', 0.07]);
    expect(sheet.getRow(4).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).getCell(3).value).toBe(99999999.99);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('#,##0');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getColumn(2).width).toBe(30);
    expect(sheet.rowCount).toBe(4);
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
