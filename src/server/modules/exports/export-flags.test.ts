import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FLAG_LEGEND } from '../../../shared/reports.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/**
 * What is not final in the exports (issue 30): the reports' Flag per row, the count line under the table, and
 * `approvedOnly`. Hand-made returns for 2023/24, one record each but D's:
 *   Fall:   A approved, its record unchanged since (no mark); B submitted (p); C approved, its record changed after
 *           the first approval (r); D open, no record.
 *   Spring: A approved, unchanged.
 * So the year holds 5 returns, 2 of them not approved (B, D).
 */
describe('exports: what is not final', () => {
  let ctx: TestContext;
  let admin: string;
  const inst = { a: 0, b: 0, c: 0, d: 0 };
  const rec = { aFall: 0, b: 0, c: 0, aSpring: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    const period = async (term: string, opens: string, due: string) =>
      (
        await queryRows<{ id: number }>(
          ctx.db,
          sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
              VALUES ('2023/24', ${term}, ${opens}, ${due}) RETURNING id`,
        )
      )[0]!.id;
    const fall = await period('Fall', '2023-09-01', '2024-01-31');
    const spring = await period('Spring', '2024-01-01', '2024-05-31');
    const programs: Record<string, number> = {};
    for (const key of ['a', 'b', 'c', 'd'] as const) {
      inst[key] = await createInstitution(ctx.db, {
        name: `${key.toUpperCase()} College`,
        shortName: key.toUpperCase(),
        nameCode: `EXPF${key.toUpperCase()}`,
      });
      programs[key] = await createProgram(ctx.db, inst[key], { name: `Program ${key.toUpperCase()}` });
    }
    const returnOf = async (key: keyof typeof inst, periodId: number, state: string) => {
      const approvedAt = state === 'approved' ? '2024-02-15T00:00:00Z' : null;
      await ctx.db.execute(sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
        VALUES (${periodId}, ${inst[key]}, ${state}, ${approvedAt}::timestamptz)`);
    };
    const record = async (key: keyof typeof inst, term: string, changedAt: string) => {
      const id = await insertRecord(ctx.db, { institutionId: inst[key], programId: programs[key]!, fiscalYear: '2023/24', term });
      await ctx.db.execute(sql`UPDATE records SET updated_at = ${changedAt}::timestamptz WHERE id = ${id}`);
      return id;
    };
    await returnOf('a', fall, 'approved');
    await returnOf('b', fall, 'submitted');
    await returnOf('c', fall, 'approved');
    await returnOf('d', fall, 'open');
    await returnOf('a', spring, 'approved');
    rec.aFall = await record('a', 'Fall', '2024-02-01T00:00:00Z');
    rec.b = await record('b', 'Fall', '2024-02-01T00:00:00Z');
    rec.c = await record('c', 'Fall', '2024-03-01T00:00:00Z');
    rec.aSpring = await record('a', 'Spring', '2024-02-01T00:00:00Z');
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ url, headers: { cookie: admin } });

  /** A CSV download: its table (header first) and the notes under it, after the empty line. */
  async function csvFile(url: string): Promise<{ header: string[]; rows: string[][]; notes: string[] }> {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const lines: string[][] = parse(res.rawPayload.subarray(3).toString('utf8'), { relax_column_count: true });
    const end = lines.findIndex((line) => line.length === 1 && line[0] === '');
    expect(end).toBeGreaterThan(0);
    return { header: lines[0]!, rows: lines.slice(1, end), notes: lines.slice(end + 1).map((line) => line[0]!) };
  }
  const column = (file: { header: string[]; rows: string[][] }, name: string) =>
    file.rows.map((row) => row[file.header.indexOf(name)]);

  const NOT_APPROVED = '2 of 5 returns of the chosen periods are not approved: their figures are preliminary (p).';

  describe('Export Records', () => {
    it('marks each record as the reports do (p not approved, r changed after approval) and counts the returns', async () => {
      const file = await csvFile('/api/exports/records?format=csv&fiscalYearFrom=2023/24&fiscalYearTo=2023/24');
      expect(column(file, 'Record ID')).toEqual([rec.aFall, rec.b, rec.c, rec.aSpring].map(String));
      expect(column(file, 'Flag')).toEqual(['', 'p', 'r', '']);
      expect(file.notes).toEqual([NOT_APPROVED, REPORT_FLAG_LEGEND]);
    });

    it('counts the returns of the chosen periods only: terms and institutions narrow them', async () => {
      const notesOf = async (query: string) => (await csvFile(`/api/exports/records?format=csv&${query}`)).notes[0];
      expect(await notesOf('fiscalYearFrom=2023/24&terms=Spring')).toBe('The 1 return of the chosen periods is approved.');
      expect(await notesOf(`institutionIds=${inst.b}`)).toBe(
        '1 of 1 return of the chosen periods is not approved: its figures are preliminary (p).',
      );
      expect(await notesOf(`institutionIds=${inst.a},${inst.c}`)).toBe('All 3 returns of the chosen periods are approved.');
      expect(await notesOf('fiscalYearFrom=2030/31')).toBe(
        'The chosen periods have no term return: their records are preliminary (p).',
      );
    });

    it('leaves out the records of returns that are not approved with approvedOnly=true, and says so', async () => {
      const file = await csvFile('/api/exports/records?format=csv&fiscalYearFrom=2023/24&approvedOnly=true');
      expect(column(file, 'Record ID')).toEqual([rec.aFall, rec.c, rec.aSpring].map(String));
      expect(column(file, 'Flag')).toEqual(['', 'r', '']);
      expect(file.notes[0]).toBe(
        'Approved returns only: 2 of 5 returns of the chosen periods are not approved; their records are left out.',
      );
      // Audited with the choice, once the file has gone out.
      const latest = async () =>
        (
          await ctx.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityType, 'export'), eq(auditLog.action, 'records')))
            .orderBy(sql`${auditLog.id} DESC`)
            .limit(1)
        )[0]?.after;
      await expect.poll(latest).toEqual({ format: 'csv', criteria: { fiscalYearFrom: '2023/24' }, approvedOnly: true, rows: 3 });
    });

    it('writes the same in XLSX: numbers as numbers, the mark as text, the notes under the table across it', async () => {
      const res = await get('/api/exports/records?format=xlsx&fiscalYearFrom=2023/24');
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Records')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
      expect([2, 3, 4, 5].map((row) => cell(row, 'Flag').value ?? null)).toEqual([null, 'p', 'r', null]);
      expect(cell(3, 'Students placed').value).toBe(42);
      expect(cell(3, 'Average hourly wage').value).toEqual(expect.any(Number));
      // Row 6 is empty; then the count line and the legend, each merged across the table's width.
      expect(sheet.getRow(6).cellCount).toBe(0);
      expect(sheet.getRow(7).getCell(1).value).toBe(NOT_APPROVED);
      expect(sheet.getRow(8).getCell(1).value).toBe(REPORT_FLAG_LEGEND);
      expect(sheet.getRow(7).getCell(header.length).isMerged).toBe(true);
      expect(sheet.rowCount).toBe(8);
    });

    it('answers the screen’s summary: the rows of the file, the returns and how many are not approved', async () => {
      const summary = async (query: string) => (await get(`/api/exports/records/summary?${query}`)).json();
      expect(await summary('fiscalYearFrom=2023/24')).toEqual({ rows: 4, returns: 5, notApproved: 2 });
      expect(await summary('fiscalYearFrom=2023/24&approvedOnly=true')).toEqual({ rows: 3, returns: 5, notApproved: 2 });
      // A program chooses the returns of its institution.
      expect(await summary(`fiscalYearFrom=2023/24&programIds=${await programOf(rec.b)}`)).toEqual({
        rows: 1,
        returns: 1,
        notApproved: 1,
      });
    });
  });

  const programOf = async (recordId: number) =>
    (await queryRows<{ id: number }>(ctx.db, sql`SELECT program_id AS id FROM records WHERE id = ${recordId}`))[0]!.id;

  describe('CEWIL export', () => {
    it('flags each row and counts the year’s returns under the table', async () => {
      const file = await csvFile('/api/exports/cewil?fiscalYear=2023/24');
      expect(file.rows.map((row) => [row[1], row[7], row.at(-1)])).toEqual([
        ['A College', 'Fall', ''],
        ['A College', 'Spring', ''],
        ['B College', 'Fall', 'p'],
        ['C College', 'Fall', 'r'],
      ]);
      expect(file.header.at(-1)).toBe('Flag');
      expect(file.notes).toEqual([NOT_APPROVED, REPORT_FLAG_LEGEND]);
    });

    it('takes approved returns only when asked, in a file named for it', async () => {
      const res = await get('/api/exports/cewil?fiscalYear=2023/24&approvedOnly=true');
      expect(res.headers['content-disposition']).toBe('attachment; filename="cewil-2023-24-approved.csv"');
      const file = await csvFile('/api/exports/cewil?fiscalYear=2023/24&approvedOnly=true');
      expect(file.rows.map((row) => row[1])).toEqual(['A College', 'A College', 'C College']);
      expect(file.notes[0]).toMatch(/^Approved returns only: 2 of 5 returns/);
      expect((await get('/api/exports/cewil/summary?fiscalYear=2023/24&approvedOnly=true')).json()).toEqual({
        rows: 3,
        returns: 5,
        notApproved: 2,
      });
      expect((await get('/api/exports/cewil/summary?fiscalYear=2023/24')).json()).toEqual({
        rows: 4,
        returns: 5,
        notApproved: 2,
      });
    });

    it('keeps numbers numeric in XLSX, with the mark and the notes', async () => {
      const res = await get('/api/exports/cewil?fiscalYear=2023/24&format=xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Report')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(sheet.getRow(4).getCell(header.indexOf('Students placed') + 1).value).toBe(42);
      expect(sheet.getRow(4).getCell(header.indexOf('Flag') + 1).value).toBe('p');
      expect(sheet.getRow(7).getCell(1).value).toBe(NOT_APPROVED);
      const parameters = workbook.getWorksheet('Parameters')!;
      expect((parameters.getRow(3).values as unknown[]).slice(1)).toEqual(['records', 'Submitted records (approved or not)']);
    });
  });

  it.each([
    '/api/exports/records?format=csv&approvedOnly=yes',
    '/api/exports/records/summary?approvedOnly=1',
    '/api/exports/cewil?fiscalYear=2023/24&approvedOnly=TRUE',
    '/api/exports/cewil/summary?fiscalYear=2023/24&approvedOnly=',
    '/api/exports/records?format=xlsx&approvedOnly=true&approvedOnly=false',
  ])('refuses a bad approvedOnly with a 400 naming it: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['approvedOnly']);
    expect(res.json().fieldErrors.approvedOnly).toEqual(['approvedOnly must be true or false']);
  });
});
