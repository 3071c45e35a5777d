import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcToday } from '../../../shared/term-calendar.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser, ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The table of a CSV body: checks the byte-order mark, parses every line (quoted newlines included), checks that the
 * notes follow an empty line under the table (export-flags.test.ts reads them), and gives the table without them.
 */
function csvOf(payload: Buffer): string[][] {
  expect(payload.subarray(0, 3)).toEqual(BOM);
  const lines: string[][] = parse(payload.subarray(3).toString('utf8'), { relax_column_count: true });
  const end = lines.findIndex((line) => line.length === 1 && line[0] === '');
  expect(end, 'the empty line before the notes').toBeGreaterThan(0);
  const table = lines.slice(0, end);
  for (const line of table) expect(line).toHaveLength(table[0]!.length);
  expect(lines.slice(end + 1).every((line) => line.length === 1)).toBe(true);
  return table;
}

describe('exports API', () => {
  let ctx: TestContext;
  let admin: string;
  const ids = { alder: 0, birch: 0, coop: 0, arts: 0, bulk: 0 };
  const records: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    ids.alder = await createInstitution(ctx.db, { name: 'Alder College', shortName: 'Alder', nameCode: 'ALDER' });
    ids.birch = await createInstitution(ctx.db, { name: 'Birch University', shortName: 'Birch', nameCode: 'BIRCH' });
    ids.coop = await createProgram(ctx.db, ids.alder, { name: 'Génie, co-op "avancé"', cipCode: '14.0901' });
    ids.arts = await createProgram(ctx.db, ids.birch, {
      name: '=Arts Internship',
      discipline: 'Humanities',
      credential: 'Diploma',
      wilType: 'Internship',
      coopModel: null,
    });
    records.push(
      await insertRecord(ctx.db, {
        institutionId: ids.alder,
        programId: ids.coop,
        fiscalYear: '2023/24',
        term: 'Fall',
        notes: 'Line one\nline two, with a comma',
        avgHourlyWage: '23.40',
      }),
      await insertRecord(ctx.db, { institutionId: ids.alder, programId: ids.coop, fiscalYear: '2023/24', term: 'Summer' }),
      await insertRecord(ctx.db, {
        institutionId: ids.birch,
        programId: ids.arts,
        fiscalYear: '2023/24',
        term: 'Spring',
        notes: '@risky',
      }),
      // A draft of the same year and another year's record: the CEWIL return counts neither.
      await insertRecord(ctx.db, {
        institutionId: ids.birch,
        programId: ids.arts,
        fiscalYear: '2023/24',
        term: 'Fall',
        status: 'draft',
      }),
      await insertRecord(ctx.db, { institutionId: ids.birch, programId: ids.arts, fiscalYear: '2022/23', term: 'Fall' }),
    );
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const get = (url: string, cookie = admin) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

  describe('authorization matrix: app admins only', () => {
    let call: MatrixCaller['call'];
    beforeAll(async () => {
      ({ call } = await createMatrixCaller(ctx));
    });
    const expected = {
      signedOut: 401,
      userOnly: 403,
      reader: 403,
      writer: 403,
      instAdmin: 403,
      globalReader: 403,
      appAdmin: 200,
    };
    it.each(ROLE_NAMES)('GET /api/exports/records and /api/exports/cewil as %s', async (role) => {
      expect((await call('GET', '/api/exports/records?format=csv', role)).statusCode).toBe(expected[role]);
      expect((await call('GET', '/api/exports/records?format=xlsx', role)).statusCode).toBe(expected[role]);
      expect((await call('GET', '/api/exports/cewil?fiscalYear=2023/24', role)).statusCode).toBe(expected[role]);
    });
  });

  describe('Export Records', () => {
    it('sends CSV with a byte-order mark, readable headers, names, and every value exactly', async () => {
      const res = await get(`/api/exports/records?format=csv&institutionIds=${ids.alder}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Named for the B.C. day (an evening's export is not tomorrow's, as the UTC date made it).
      const names = [bcToday(), bcToday(new Date(Date.now() - 60_000))].map((day) => `attachment; filename="records-${day}.csv"`);
      expect(names).toContain(res.headers['content-disposition']);
      const [header, ...rows] = csvOf(res.rawPayload);
      expect(header!.slice(0, 13)).toEqual([
        'Record ID',
        'Institution',
        'Institution name',
        'Program',
        'Discipline grouping',
        'Credential',
        'WIL type',
        'Fiscal year',
        'Term',
        'Status',
        'Flag',
        'Students enrolled',
        'Students seeking a work term',
      ]);
      expect(rows).toHaveLength(2);
      const row = Object.fromEntries(header!.map((h, n) => [h, rows[0]![n]]));
      expect(row).toMatchObject({
        'Record ID': String(records[0]),
        Institution: 'Alder',
        'Institution name': 'Alder College',
        Program: 'Génie, co-op "avancé"',
        'Fiscal year': '2023/24',
        Term: 'Fall',
        Status: 'submitted',
        // No return for 2023/24 here: preliminary, as the reports mark it.
        Flag: 'p',
        'Students placed': '42',
        'Average hourly wage': '23.40',
        'Co-op fee (international)': '1200.50',
        Notes: 'Line one\nline two, with a comma',
      });
    });

    it('defuses text a spreadsheet would run as a formula', async () => {
      const [header, ...rows] = csvOf(
        (await get(`/api/exports/records?format=csv&institutionIds=${ids.birch}&terms=Spring`)).rawPayload,
      );
      const row = Object.fromEntries(header!.map((h, n) => [h, rows[0]![n]]));
      expect(row.Program).toBe("'=Arts Internship");
      expect(row.Notes).toBe("'@risky");
    });

    it('applies every find criterion; an empty selection is the header alone', async () => {
      const csv = async (query: string) => csvOf((await get(`/api/exports/records?format=csv&${query}`)).rawPayload).slice(1);
      expect((await csv('terms=Fall')).map((r) => r[0])).toEqual([records[0], records[3], records[4]].map(String));
      expect((await csv('status=draft')).map((r) => r[0])).toEqual([String(records[3])]);
      expect((await csv('fiscalYearTo=2022/23')).map((r) => r[0])).toEqual([String(records[4])]);
      expect((await csv('programName=g%C3%A9nie')).map((r) => r[0])).toEqual([records[0], records[1]].map(String));
      expect(await csv('fiscalYearFrom=2030/31')).toEqual([]);
    });

    it('sends XLSX that an independent reader opens: the same headers, numbers as numbers, money as CAD', async () => {
      const res = await get(`/api/exports/records?format=xlsx&institutionIds=${ids.alder}&terms=Fall`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Records')!;
      // The record, an empty row, the count line and the Flag legend.
      expect(sheet.rowCount).toBe(5);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1);
      expect(cell('Record ID').value).toBe(records[0]);
      // An identifier, not a quantity: no thousands separator.
      expect(cell('Record ID').numFmt).toBe('0');
      // A real date in UTC, to the second, as the heading says.
      const [updated] = await queryRows<{ at: string }>(
        ctx.db,
        sql`SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS at FROM records WHERE id = ${records[0]!}`,
      );
      expect(cell('Last changed (UTC)').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect((cell('Last changed (UTC)').value as Date).toISOString()).toBe(updated!.at);
      expect(cell('Program').value).toBe('Génie, co-op "avancé"');
      expect(cell('Students placed').value).toBe(42);
      expect(cell('Average hourly wage').value).toBe(23.4);
      expect(cell('Average hourly wage').numFmt).toBe('"$"#,##0.00');
      expect(cell('Notes').value).toBe('Line one\nline two, with a comma');
      expect(cell('Flag').value).toBe('p');
    });

    it('writes each export to the audit history once it has gone out: who, what criteria, how many rows', async () => {
      const latest = async () => {
        const [entry] = await ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'export'), eq(auditLog.action, 'records')))
          .orderBy(sql`${auditLog.id} DESC`)
          .limit(1);
        return entry;
      };
      await get(`/api/exports/records?format=csv&terms=Spring`);
      await expect.poll(async () => (await latest())?.after).toEqual({ format: 'csv', criteria: { terms: ['Spring'] }, rows: 1 });
      expect((await latest())!.changedBy).not.toBeNull();
      await get(`/api/exports/records?format=xlsx&terms=Fall`);
      await expect.poll(async () => (await latest())?.after).toEqual({ format: 'xlsx', criteria: { terms: ['Fall'] }, rows: 3 });
    });

    it.each([
      ['', 'format'],
      ['?format=pdf', 'format'],
      ['?format=csv&page=2', 'page'],
      ['?format=csv&terms=Winter', 'terms'],
      ['?format=csv&fiscalYearFrom=2024/25&fiscalYearTo=2023/24', 'fiscalYearTo'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const res = await get(`/api/exports/records${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    });

    it('exports 100,000 records: the count and a sample of values equal the database’s', async () => {
      const bulk: number[] = [];
      for (const n of [1, 2, 3, 4]) bulk.push(await createProgram(ctx.db, ids.birch, { name: `Bulk ${n}` }));
      // 25,000 records per program: fiscal years 1000/01 … 9333/34 × three terms; figures that vary by row.
      await ctx.db.execute(sql`
        INSERT INTO records (institution_id, program_id, fiscal_year, term, students_enrolled, students_placed,
                             avg_hourly_wage, status)
        SELECT ${ids.birch}, (ARRAY[${sql.join(
          bulk.map((id) => sql`${id}::int`),
          sql`, `,
        )}])[n / 25000 + 1],
               ((n % 25000) / 3 + 1000)::text || '/' || lpad((((n % 25000) / 3 + 1001) % 100)::text, 2, '0'),
               (ARRAY['Summer', 'Fall', 'Spring'])[n % 3 + 1], n % 997, n % 89, ((n % 5000) / 100.0)::numeric(10, 2), 'draft'
        FROM generate_series(0, 99999) AS n`);
      const res = await get(`/api/exports/records?format=csv&programIds=${bulk.join(',')}`);
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = csvOf(res.rawPayload);
      expect(rows).toHaveLength(100_000);
      const col = (name: string) => header!.indexOf(name);
      const sample = [0, 1, 4_999, 50_000, 99_999].map((n) => rows[n]!);
      const dbRows = await queryRows<{ id: number; fiscal_year: string; term: string; enrolled: number; wage: string }>(
        ctx.db,
        sql`SELECT id, fiscal_year, term, students_enrolled AS enrolled, avg_hourly_wage::text AS wage FROM records
            WHERE id IN (${sql.join(
              sample.map((r) => sql`${Number(r[col('Record ID')])}`),
              sql`, `,
            )}) ORDER BY id`,
      );
      expect(
        sample.map((r) => [
          Number(r[col('Record ID')]),
          r[col('Fiscal year')],
          r[col('Term')],
          Number(r[col('Students enrolled')]),
          r[col('Average hourly wage')],
        ]),
      ).toEqual(dbRows.map((d) => [d.id, d.fiscal_year, d.term, d.enrolled, d.wage]));
    });
  });

  describe('CEWIL export', () => {
    /** The header column of the documented layout, read from the docs so the file and its description cannot drift. */
    const documentedHeaders = () =>
      readFileSync('docs/cewil-export.md', 'utf8')
        .split('\n')
        .filter((line) => /^\|\s*\d+\s*\|/.test(line))
        .map((line) => line.split('|')[2]!.trim());

    it('matches its documented layout: one row per institution × program × term of the submitted records', async () => {
      const res = await get('/api/exports/cewil?fiscalYear=2023/24');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="cewil-2023-24.csv"');
      const [header, ...rows] = csvOf(res.rawPayload);
      expect(documentedHeaders()).toHaveLength(16);
      expect(header).toEqual(documentedHeaders());
      // The factory's figures: durations 30/8/… (see VALID_FIGURES): 30, 10, 2; B.C. regions 20+10+5+2+1+1+1+0 = 40.
      expect(rows).toEqual([
        [
          '2023/24',
          'Alder College',
          'Génie, co-op "avancé"',
          '14.0901',
          "Bachelor's Degree",
          'Co-operative Education',
          'Alternating',
          'Summer',
          '30',
          '10',
          '2',
          '40',
          '1',
          '1',
          '42',
          'p',
        ],
        [
          '2023/24',
          'Alder College',
          'Génie, co-op "avancé"',
          '14.0901',
          "Bachelor's Degree",
          'Co-operative Education',
          'Alternating',
          'Fall',
          '30',
          '10',
          '2',
          '40',
          '1',
          '1',
          '42',
          'p',
        ],
        [
          '2023/24',
          'Birch University',
          "'=Arts Internship",
          '',
          'Diploma',
          'Internship',
          '',
          'Spring',
          '30',
          '10',
          '2',
          '40',
          '1',
          '1',
          '42',
          'p',
        ],
      ]);
    });

    it('sends the same rows as XLSX', async () => {
      const res = await get('/api/exports/cewil?fiscalYear=2023/24&format=xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Report')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(documentedHeaders());
      // Three rows, an empty row, the count line and the Flag legend.
      expect(sheet.rowCount).toBe(7);
      expect(sheet.getRow(4).getCell(12).value).toBe(40);
    });

    it('audits the export and refuses a missing or malformed fiscal year', async () => {
      await get('/api/exports/cewil?fiscalYear=2023/24&format=xlsx');
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'export'), eq(auditLog.action, 'cewil')))
        .orderBy(sql`${auditLog.id} DESC`)
        .limit(1);
      expect(entry!.after).toEqual({ format: 'xlsx', fiscalYear: '2023/24', rows: 3 });
      for (const query of ['', '?fiscalYear=2023', '?fiscalYear=2023/25', '?fiscalYear=2023/24&format=pdf']) {
        const res = await get(`/api/exports/cewil${query}`);
        expect(res.statusCode, query).toBe(400);
      }
    });
  });
});
