import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontsOf } from '../test/workbook-parts.ts';
import { safeCell } from './formula-guard.ts';
import { SHEET_FONT } from './sheet-layout.ts';
import { csvLines, tableCsv, tableXlsx, type TableFile } from './table-files.ts';

const LONG_NOTE = `x: ${'Students enrolled, '.repeat(20)}— not shown because fewer than 3 of the institutions report them.`;

const TABLE: TableFile = {
  columns: [
    { key: 'name', label: 'Institution', kind: 'text' },
    { key: 'enrolled', label: 'Students enrolled', kind: 'count' },
    { key: 'pct', label: 'Placement %', kind: 'percent' },
    { key: 'wage', label: 'Average hourly wage (weighted by placements)', kind: 'money' },
    { key: 'flag', label: 'Flag', kind: 'mark' },
  ],
  rows: [
    { name: 'University of British Columbia', enrolled: 148722, pct: 90.4, wage: '23.50', flag: 'p' },
    { name: 'UVic', enrolled: 81451, pct: 84.9, wage: '22.96', flag: null },
  ],
  summaryRows: [
    { label: 'Total (institutions shown)', row: { enrolled: 230173, pct: 88.3, wage: '23.33', flag: 'p' } },
    {
      label: 'Province (all institutions)',
      row: { enrolled: 1, pct: 1, wage: '1', flag: 'r' },
      suppressed: { enrolled: 1, wage: 1 },
    },
  ],
  footnotes: [LONG_NOTE, 'p: preliminary'],
};

describe('tableXlsx', () => {
  let file: Buffer;
  let workbook: ExcelJS.Workbook;
  let sheet: ExcelJS.Worksheet;
  beforeAll(async () => {
    file = await tableXlsx(TABLE, { title: 'Institutional breakdown report', lines: [['fiscalYearFrom', '2023/24']] });
    workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    sheet = workbook.getWorksheet('Report')!;
  });

  it('stores a percentage as its fraction in a percent format; the CSV keeps the figure the report shows', () => {
    const cell = sheet.getRow(2).getCell(3);
    expect(cell.value).toBe(0.904);
    expect(cell.numFmt).toBe('0.0%');
    expect(sheet.getRow(3).getCell(3).value).toBe(0.849);
    const csv = parse(tableCsv(TABLE), { bom: true, relax_column_count: true }) as string[][];
    expect(csv[1]![2]).toBe('90.4');
  });

  it('writes every cell of every sheet in the named sans font, bold in the heading and the summary rows', () => {
    for (const ws of [sheet, workbook.getWorksheet('Parameters')!]) {
      ws.eachRow((row) =>
        row.eachCell((cell) => expect(cell.font, `${ws.name}!${cell.address}`).toMatchObject({ name: SHEET_FONT.name })),
      );
    }
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(4).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(5).getCell(3).font).toMatchObject({ name: SHEET_FONT.name, bold: true });
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    // The bold font the headings use is named in the file, not only as ExcelJS reads it back.
    expect(fontsOf(file).filter((f) => f.includes('<b/>'))).not.toHaveLength(0);
    for (const font of fontsOf(file).filter((f) => f.includes('<b/>')))
      expect(font).toContain(`<name val="${SHEET_FONT.name}"/>`);
  });

  it('lines the suppressed x up with the figures and centres the Flag marks', () => {
    const province = sheet.getRow(5);
    expect(province.getCell(2).value).toBe('x');
    expect(province.getCell(2).alignment?.horizontal).toBe('right');
    expect(province.getCell(5).value).toBe('r');
    expect(sheet.getRow(2).getCell(5).alignment?.horizontal).toBe('center');
    expect(sheet.getRow(1).getCell(5).alignment?.horizontal).toBe('center');
    expect(sheet.getRow(1).getCell(2).alignment?.horizontal).toBe('right');
  });

  it('sizes columns from their contents, within reason, and wraps long headings', () => {
    const width = (n: number) => sheet.getColumn(n).width!;
    expect(width(1)).toBeGreaterThanOrEqual('University of British Columbia'.length + 1);
    expect(width(1)).toBeLessThanOrEqual(50);
    expect(width(4)).toBeLessThan('Average hourly wage (weighted by placements)'.length);
    expect(sheet.getRow(1).getCell(4).alignment?.wrapText).toBe(true);
    expect(sheet.getRow(1).height).toBeGreaterThan(13);
  });

  it('prints each sheet landscape, one page wide, with its heading row on every page and the corner frozen', () => {
    for (const ws of [sheet, workbook.getWorksheet('Parameters')!]) {
      expect(ws.pageSetup, ws.name).toMatchObject({
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '1:1',
      });
      expect(ws.views[0], ws.name).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    }
  });

  it('spreads each note under the table across its width, wrapped, so it prints whole', () => {
    expect(sheet.getRow(6).values).toEqual([]);
    const note = sheet.getRow(7);
    expect(note.getCell(1).value).toBe(LONG_NOTE);
    expect(note.getCell(1).alignment?.wrapText).toBe(true);
    expect(note.getCell(5).isMerged).toBe(true);
    expect(note.height).toBeGreaterThan(2 * 13);
    expect(sheet.getRow(8).getCell(1).value).toBe('p: preliminary');
  });
});

describe('csvLines', () => {
  it('quotes a field holding ; or a tab, so a spreadsheet that splits there keeps it one cell (issue 28)', () => {
    const text = csvLines([['x;=1+1', 'a\tb', 'plain', 'a,b', 12]]);
    // Excel, where ; is the list separator, splits only outside quotes.
    expect(text).toBe(`"'x;=1+1","a\tb",plain,"a,b",12\r\n`);
  });

  it('keeps every row and cell whole for a reader that ends a row at any CR or LF outside quotes, as spreadsheets do', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '=', '@', ' ', ',', ';', '"', '\t', '\r', '\n', '\r\n'), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom('windows' as const, 'unix' as const),
        (rows, lineEnd) => {
          const read = readLikeASpreadsheet(csvLines(rows, lineEnd));
          expect(read).toEqual(rows.map((cells) => cells.map((cell) => (cell === null ? '' : String(safeCell(cell))))));
        },
      ),
    );
  });
});

/** Rows of CSV text read as Excel and LibreOffice do: a CR, an LF or a CRLF outside quotes ends the row. */
function readLikeASpreadsheet(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && csv[i + 1] === '\n') i++;
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else {
      cell += c;
    }
  }
  return rows;
}
