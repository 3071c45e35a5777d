import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FLAG_LEGEND } from '../../../shared/reports.ts';
import type { Report } from '../../../shared/schemas/report.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { releaseEverything } from '../../test/release-factories.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/**
 * Preliminary and revised marks (docs/product.md §11.3) on hand-made returns for 2023/24 Fall, one record each:
 * A approved, unchanged since (none); B submitted (p); C approved, its record changed after approval (r);
 * D and E approved, unchanged (none). Students enrolled: A 10, B 20, C 30, D 40, E 50.
 */
describe('report marks: preliminary and revised', () => {
  let ctx: TestContext;
  let cookies: { admin: string; reader: string };
  const inst: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [period] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
        VALUES ('2023/24', 'Fall', '2023-09-01', '2024-01-31') RETURNING id`,
    );
    const setUp = async (key: keyof typeof inst, enrolled: number, state: string, changedAt: string) => {
      inst[key] = await createInstitution(ctx.db, { shortName: key.toUpperCase(), nameCode: `FLAG${key.toUpperCase()}` });
      const programId = await createProgram(ctx.db, inst[key]);
      const id = await insertRecord(ctx.db, {
        institutionId: inst[key],
        programId,
        fiscalYear: '2023/24',
        term: 'Fall',
        studentsEnrolled: enrolled,
      });
      await ctx.db.execute(sql`UPDATE records SET updated_at = ${changedAt}::timestamptz WHERE id = ${id}`);
      const approvedAt = state === 'approved' ? '2024-01-01T00:00:00Z' : null;
      await ctx.db.execute(
        sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
          VALUES (${period!.id}, ${inst[key]}, ${state}, ${approvedAt}::timestamptz)
          ON CONFLICT (institution_id, period_id) DO UPDATE SET state = EXCLUDED.state, first_approved_at = EXCLUDED.first_approved_at`,
      );
    };
    await setUp('a', 10, 'approved', '2023-12-01T00:00:00Z');
    await setUp('b', 20, 'submitted', '2023-12-01T00:00:00Z');
    await setUp('c', 30, 'approved', '2024-02-01T00:00:00Z');
    await setUp('d', 40, 'approved', '2023-12-01T00:00:00Z');
    await setUp('e', 50, 'approved', '2023-12-01T00:00:00Z');
    cookies = {
      admin: await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } })),
      reader: await ctx.cookieFor(await createUser(ctx.db, { privileges: { read: [inst.a] } })),
    };
  });
  afterAll(() => ctx.close());

  async function report(who: keyof typeof cookies, query = ''): Promise<Report> {
    const res = await ctx.app.inject({ url: `/api/reports/institution${query}`, headers: { cookie: cookies[who] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  }
  const flags = (r: Report) => r.rows.map((row) => [row.institution, row._flag]);

  it('marks a row p when its return is submitted but not approved, r when changed after approval, none when approved', async () => {
    const r = await report('admin');
    expect(flags(r)).toEqual([
      ['A', null],
      ['B', 'p'],
      ['C', 'r'],
      ['D', null],
      ['E', null],
    ]);
    expect(r.totals._flag).toBe('p');
    expect(r.province._flag).toBe('p');
    expect(r.columns.map((c) => c.key)).not.toContain('_flag');
  });

  it('marks totals and the province row by the records under them', async () => {
    expect((await report('admin', `?institutionIds=${inst.a},${inst.c}`)).totals._flag).toBe('r');
    const ad = await report('admin', `?institutionIds=${inst.a},${inst.d}`);
    expect(ad.totals._flag).toBe(null);
    expect(ad.province._flag).toBe('p');
  });

  it('approvedOnly=true counts only records of approved returns: rows, totals and province', async () => {
    const r = await report('admin', '?approvedOnly=true');
    expect(flags(r)).toEqual([
      ['A', null],
      ['C', 'r'],
      ['D', null],
      ['E', null],
    ]);
    expect(r.totals.students_enrolled).toBe(130);
    expect(r.totals._flag).toBe('r');
    expect(r.province.students_enrolled).toBe(130);
    expect(r.params).toEqual({ approvedOnly: true });
  });

  it('gives a partial reader the others’ part from a release: approved figures only changes their own part alone', async () => {
    const waiting = await report('reader');
    expect(waiting.suppressed.students_enrolled).toBe('unreleased');
    expect(waiting.release?.unreleased).toEqual([{ fiscal_year: '2023/24', term: 'Fall' }]);
    // The download's footnote names the period and says how to see the province now (not "widen the filters").
    const csv = await ctx.app.inject({
      url: '/api/reports/institution/download?format=csv',
      headers: { cookie: cookies.reader },
    });
    expect(csv.body).toContain('not shown because the province figures of Fall 2023/24 have not been released yet.');
    expect(csv.body).toContain('To see the province figures now, choose fiscal years and terms that leave out the periods');
    expect(csv.body).not.toContain('widen the filters');
    await releaseEverything(ctx.db);
    const all = await report('reader');
    expect(flags(all)).toEqual([['A', null]]);
    expect(all.province.students_enrolled).toBe(150);
    // The release holds a period whose returns are not all approved: provisional.
    expect(all.province._flag).toBe('p');
    const approved = await report('reader', '?approvedOnly=true');
    const others = (r: Report) => Number(r.province.students_enrolled) - Number(r.totals.students_enrolled);
    expect(others(approved)).toBe(others(all));
  });

  it('refuses a bad approvedOnly with 400 naming it', async () => {
    const res = await ctx.app.inject({ url: '/api/reports/institution?approvedOnly=yes', headers: { cookie: cookies.admin } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('approvedOnly');
  });

  it('downloads carry a last Flag column, the legend under the table, and whether approved only', async () => {
    const csv = await ctx.app.inject({
      url: `/api/reports/institution/download?format=csv&institutionIds=${inst.b},${inst.c}`,
      headers: { cookie: cookies.admin },
    });
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/,Flag$/);
    expect(lines[1]).toMatch(/^B,20,.*,p$/);
    expect(lines[2]).toMatch(/^C,30,.*,r$/);
    // Quoted: it holds a semicolon, where some spreadsheets split a field (files/table-files.ts, decision 017).
    expect(lines.at(-1)).toBe(`"${REPORT_FLAG_LEGEND}"`);

    const xlsx = await ctx.app.inject({
      url: `/api/reports/institution/download?format=xlsx&institutionIds=${inst.a}&approvedOnly=true`,
      headers: { cookie: cookies.admin },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Report')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.at(-1)).toBe('Flag');
    const row = sheet.getRow(2).values as unknown[];
    expect(row[1]).toBe('A');
    expect(row[2]).toBe(10);
    expect(row.length).toBeLessThan(header.length); // A's mark is empty
    // C's revised record is in the province row: r, and so the legend.
    expect((sheet.getRow(4).values as unknown[]).slice(1, 3).concat((sheet.getRow(4).values as unknown[]).at(-1))).toEqual([
      'Province (all institutions)',
      130,
      'r',
    ]);
    expect(sheet.getRow(6).getCell(1).value).toBe(REPORT_FLAG_LEGEND);
    const about = workbook.getWorksheet('Parameters')!;
    const aboutText = [...Array(about.rowCount).keys()].map((n) => (about.getRow(n + 1).values as unknown[]).join('|'));
    expect(aboutText).toContain('|records|Submitted records of approved returns only');

    // For a reader of one institution approved only never reaches the others' part of the province row: the sheet says so.
    const readers = await ctx.app.inject({
      url: `/api/reports/institution/download?format=xlsx&approvedOnly=true`,
      headers: { cookie: cookies.reader },
    });
    expect(readers.statusCode, readers.body).toBe(200);
    const readersBook = new ExcelJS.Workbook();
    await readersBook.xlsx.load(readers.rawPayload as unknown as ArrayBuffer);
    const readersAbout = readersBook.getWorksheet('Parameters')!;
    expect(
      [...Array(readersAbout.rowCount).keys()].map((n) => (readersAbout.getRow(n + 1).values as unknown[]).join('|')),
    ).toContain(
      '|records|Submitted records of approved returns only; in the province row, other institutions’ figures as released (approved or not)',
    );
  });
});
