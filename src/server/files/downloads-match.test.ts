import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { demoTestNow } from '../test/demo-day.ts';
import { createUser } from '../test/factories.ts';

/**
 * Every workbook download holds the same table as its CSV twin, cell for cell, on the demo data. The CSV file stays
 * text as it always was; the workbook keeps types a person can calculate with. A workbook cell stands for its CSV
 * field like this:
 *   - text                                  → the same text (the suppressed x, the p/r flags and the notes included);
 *   - an empty cell                         → an empty field;
 *   - a number in a percent format (0.0%)   → the fraction; the CSV shows the percentage: 0.904 ↔ "90.4";
 *   - a number in a date format             → a moment in UTC; the CSV shows it as "YYYY-MM-DD HH:MM:SS" (UTC);
 *   - any other number                      → the CSV's text as a number: 5026 ↔ "5026", 23.4 ↔ "23.40".
 */

type Field = string | number;

/** A workbook cell as the CSV field it stands for, by the mapping above. */
function asCsv(cell: ExcelJS.Cell): Field {
  // A note under the table spans the table's width: its one value is in the first of the merged cells.
  if (cell.isMerged && cell.master !== cell) return '';
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'number') {
    return cell.numFmt?.includes('%') ? Number((value * 100).toPrecision(12)) : value;
  }
  return String(value);
}

/** Rows without their trailing empty fields: a workbook leaves empty cells out where CSV writes empty fields. */
function trimmed<T>(rows: T[][]): T[][] {
  return rows.map((row) => {
    const out = [...row];
    while (out.length > 0 && out.at(-1) === '') out.pop();
    return out;
  });
}

async function workbookRows(body: Buffer): Promise<Field[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Field[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    rows.push(Array.from({ length: row.cellCount }, (_, i) => asCsv(row.getCell(i + 1))));
  }
  return trimmed(rows);
}

/**
 * The CSV's rows, each field read as a number where the workbook holds a number ("23.40" as 23.4; a field that is
 * not a number becomes NaN and matches nothing), else kept as text: a CIP code such as "52.0301" is text in both.
 */
function csvRowsBeside(body: Buffer, workbook: Field[][]): Field[][] {
  const rows = trimmed(parse(body, { bom: true, relax_column_count: true }) as string[][]);
  return rows.map((row, n) => row.map((text, i) => (typeof workbook[n]?.[i] === 'number' && text !== '' ? Number(text) : text)));
}

describe('every workbook download matches its CSV cell for cell', () => {
  let ctx: TestContext;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.database, demoTestNow());
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
    // A reader of every institution but one: the province row adds what only that one holds, so its figures are x.
    const ids = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM institutions ORDER BY id`);
    reader = await ctx.cookieFor(await createUser(ctx.db, { privileges: { read: ids.slice(1).map((r) => r.id) } }));
  }, 120_000);
  afterAll(() => ctx.close());

  const both = async (url: string, cookie = admin) => {
    const [csv, xlsx] = await Promise.all(
      ['csv', 'xlsx'].map((format) =>
        ctx.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}format=${format}`, headers: { cookie } }),
      ),
    );
    expect(csv!.statusCode, csv!.body.slice(0, 200)).toBe(200);
    expect(xlsx!.statusCode, xlsx!.body.slice(0, 200)).toBe(200);
    const workbook = await workbookRows(xlsx!.rawPayload);
    return { csv: csvRowsBeside(csv!.rawPayload, workbook), xlsx: workbook };
  };

  it('the record export: dates as UTC moments, record IDs and money as numbers', async () => {
    const { csv, xlsx } = await both('/api/exports/records');
    expect(csv.length).toBeGreaterThan(1000);
    expect(xlsx).toEqual(csv);
    const changed = csv[0]!.indexOf('Last changed (UTC)');
    expect(csv[1]![changed]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  }, 120_000);

  it('the CEWIL return', async () => {
    const { csv, xlsx } = await both('/api/exports/cewil?fiscalYear=2023/24');
    expect(csv.length).toBeGreaterThan(10);
    expect(xlsx).toEqual(csv);
  });

  it('the institution and fiscal-year reports: percentages as fractions, the Flag column and the notes', async () => {
    for (const url of ['/api/reports/institution/download', '/api/reports/fiscal/download?fiscalYearFrom=2018/19']) {
      const { csv, xlsx } = await both(url);
      expect(csv[0]).toContain('Placement %');
      expect(csv.at(-1)![0]).toMatch(/^p: preliminary/);
      expect(xlsx, url).toEqual(csv);
    }
  });

  it('a report whose province figures are suppressed: the x cells and their footnote', async () => {
    // Released years only (decision 024): a period not yet released would read `..` instead.
    const { csv, xlsx } = await both('/api/reports/institution/download?fiscalYearFrom=2021/22&fiscalYearTo=2024/25', reader);
    expect(csv.flat()).toContain('x');
    expect(csv.some((row) => String(row[0]).startsWith('Province figures as released on'))).toBe(true);
    expect(csv.some((row) => String(row[0]).startsWith('x: '))).toBe(true);
    expect(xlsx).toEqual(csv);
  });

  it('the completeness matrix of term returns: reported and expected as numbers, the totals line and the note', async () => {
    const periods = (await ctx.app.inject({ url: '/api/periods', headers: { cookie: admin } })).json() as {
      fiscal_year: string;
    }[];
    const years = [...new Set(periods.map((p) => p.fiscal_year))].sort().slice(-2);
    expect(years.length).toBe(2);
    for (const [url, cookie] of [
      [`/api/returns/download?fiscalYear=${years.map(encodeURIComponent).join(',')}`, admin],
      ['/api/returns/download?state=overdue,approved', reader],
    ] as const) {
      const { csv, xlsx } = await both(url, cookie);
      expect(csv.length, url).toBeGreaterThan(3);
      expect(csv.some((row) => row[0] === 'Totals')).toBe(true);
      expect(xlsx.slice(1).some((row) => typeof row[2] === 'number')).toBe(true);
      expect(xlsx, url).toEqual(csv);
    }
  });
});
