import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { openApiDocument } from '../../test/openapi.ts';
import { freshPeriodKey } from '../../test/return-factories.ts';

/**
 * GET /api/returns/download: the completeness matrix as a file, with the filters of the screen, of the institutions
 * the caller may read only. Two periods of a fresh fiscal year: Summer past its due date (every return overdue but
 * the own institution's, which is signed off), Fall with a record of the own institution (in progress).
 */

type Call = MatrixCaller['call'];

describe('term returns: the matrix download', () => {
  let ctx: TestContext;
  let call: Call;
  let fiscalYear: string;
  let own: string;
  let other: string;
  let third: string;

  const nameOf = async (id: number) =>
    (await queryRows<{ short_name: string }>(ctx.db, sql`SELECT short_name FROM institutions WHERE id = ${id}`))[0]!.short_name;
  const csvOf = (body: Buffer) => parse(body, { bom: true, relax_column_count: true }) as string[][];
  const download = (query: string, role: Parameters<Call>[2] = 'appAdmin') =>
    call('GET', `/api/returns/download?fiscalYear=${encodeURIComponent(fiscalYear)}&${query}`, role);
  /** The institutions (first column) of a CSV download, without the totals line and the note. */
  const institutionsOf = (rows: string[][]) =>
    rows
      .slice(
        1,
        rows.findIndex((row) => row[0] === 'Totals'),
      )
      .map((row) => row[0]);

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix;
    ({ call, matrix } = await createMatrixCaller(ctx));
    const thirdId = await createInstitution(ctx.db);
    const { own: ownId, other: otherId } = matrix.institutions;
    await ctx.db.execute(sql`UPDATE institutions SET region = 'Kootenay', institution_type = 'College' WHERE id = ${ownId}`);
    await ctx.db.execute(sql`UPDATE institutions SET region = 'Cariboo', institution_type = 'Institute' WHERE id = ${otherId}`);
    await ctx.db.execute(sql`UPDATE institutions SET region = 'Kootenay', institution_type = 'Institute' WHERE id = ${thirdId}`);
    [own, other, third] = [await nameOf(ownId), await nameOf(otherId), await nameOf(thirdId)];
    const summer = freshPeriodKey('Summer');
    fiscalYear = summer.fiscal_year;
    for (const key of [summer, { fiscal_year: fiscalYear, term: 'Fall' }]) {
      const created = await call('PUT', '/api/periods', 'appAdmin', key);
      expect(created.statusCode, created.body).toBe(200);
    }
    await ctx.db.execute(sql`UPDATE reporting_periods SET opens_on = '2000-05-01', due_on = '2000-09-30'
                             WHERE fiscal_year = ${fiscalYear} AND term = 'Summer'`);
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'submitted' WHERE institution_id = ${ownId}
                             AND period_id = (SELECT id FROM reporting_periods WHERE fiscal_year = ${fiscalYear} AND term = 'Summer')`);
    const programId = await createProgram(ctx.db, ownId);
    await insertRecord(ctx.db, { institutionId: ownId, programId, fiscalYear, term: 'Fall', status: 'draft' });
  });
  afterAll(() => ctx.close());

  it('gives an app admin every institution: per period the state, reported and expected, overdue; then the totals', async () => {
    const res = await download('format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="term-returns-${fiscalYear.replace('/', '-')}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvOf(res.rawPayload);
    expect(rows[0]).toEqual([
      'Institution',
      ...['Summer', 'Fall'].flatMap((term) =>
        ['state', 'reported', 'expected', 'overdue', 'due again on'].map((what) => `${term} ${fiscalYear} ${what}`),
      ),
    ]);
    const line = (name: string) => rows.find((row) => row[0] === name)!;
    expect(institutionsOf(rows)).toEqual(expect.arrayContaining([own, other, third]));
    // The program was added after the Summer due date: not expected then.
    expect(line(own).slice(1)).toEqual(['Submitted', '0', '0', '', '', 'In progress', '1', '1', '', '']);
    expect(line(other).slice(1)).toEqual(['Not started', '0', '0', 'overdue', '', 'Not started', '0', '0', '', '']);
    const count = institutionsOf(rows).length;
    expect(line('Totals').slice(1)).toEqual([
      `1 of ${count} submitted`,
      '',
      '',
      '',
      '',
      `0 of ${count} submitted`,
      '',
      '',
      '',
      '',
    ]);
    // Under the table: how many of the returns shown are not approved (none is), then what overdue means.
    expect(rows.at(-2)![0]).toBe(
      `${count * 2} of ${count * 2} returns of the chosen periods are not approved: their figures are preliminary (p).`,
    );
    expect(rows.at(-1)![0]).toMatch(/^Overdue: /);
  });

  it('gives a writer of one institution that institution only, whatever the filters ask for', async () => {
    for (const query of [
      'format=csv',
      'format=csv&region=Cariboo,Kootenay',
      `format=csv&institution=${encodeURIComponent(other)}`,
    ]) {
      const res = await download(query, 'writer');
      expect(res.statusCode, res.body).toBe(200);
      const rows = csvOf(res.rawPayload);
      expect(institutionsOf(rows), query).toEqual(query.includes('institution=') ? [] : [own]);
    }
    const none = await download('format=csv', 'userOnly');
    expect(institutionsOf(csvOf(none.rawPayload))).toEqual([]);
    expect((await download('format=csv', 'signedOut')).statusCode).toBe(401);
  });

  it('keeps what the screen keeps: region, institution type, name, and the institutions with a cell in a state', async () => {
    const shown = async (query: string) => institutionsOf(csvOf((await download(`format=csv&${query}`)).rawPayload));
    expect(await shown('region=Kootenay')).toEqual([own, third].sort((a, b) => a.localeCompare(b)));
    expect(await shown('region=Kootenay&institutionType=Institute')).toEqual([third]);
    expect(await shown(`institution=${encodeURIComponent(own.toLowerCase())}`)).toEqual([own]);
    expect(await shown('region=Kootenay,Cariboo&state=in%20progress')).toEqual([own]);
    expect(await shown('region=Kootenay,Cariboo&state=overdue')).toEqual([other, third].sort((a, b) => a.localeCompare(b)));
    expect(await shown('region=Kootenay,Cariboo&state=approved')).toEqual([]);
    // The list the screen builds from takes the same region and type.
    const listed = await call('GET', `/api/returns?fiscalYear=${encodeURIComponent(fiscalYear)}&region=Cariboo`, 'appAdmin');
    expect(new Set(listed.json().map((r: { institution_name: string }) => r.institution_name))).toEqual(new Set([other]));
  });

  it('shows a return’s new due date where the screen says "Due again on …", and counts the approved returns', async () => {
    const periodOf = async (term: string) =>
      (
        await queryRows<{ id: number }>(
          ctx.db,
          sql`SELECT id FROM reporting_periods WHERE fiscal_year = ${fiscalYear} AND term = ${term}`,
        )
      )[0]!.id;
    const [summer, fall] = [await periodOf('Summer'), await periodOf('Fall')];
    const thirdId = (await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM institutions WHERE short_name = ${third}`))[0]!
      .id;
    // Third's Fall return reopened with a day of its own still to come; its Summer return sent back with a day past
    // (overdue again: the screen says "Overdue", not "Due again on"); own's Summer return approved.
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'reopened', due_again_on = '2999-01-15'
                             WHERE institution_id = ${thirdId} AND period_id = ${fall}`);
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'open', due_again_on = '2000-10-15'
                             WHERE institution_id = ${thirdId} AND period_id = ${summer}`);
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'approved' WHERE state = 'submitted' AND period_id = ${summer}`);
    try {
      const rows = csvOf((await download('format=csv')).rawPayload);
      const header = rows[0]!;
      const line = Object.fromEntries(header.map((h, n) => [h, rows.find((row) => row[0] === third)![n]]));
      expect(line[`Fall ${fiscalYear} state`]).toBe('Reopened');
      expect(line[`Fall ${fiscalYear} due again on`]).toBe('2999-01-15');
      expect(line[`Fall ${fiscalYear} overdue`]).toBe('');
      expect(line[`Summer ${fiscalYear} overdue`]).toBe('overdue');
      expect(line[`Summer ${fiscalYear} due again on`]).toBe('');
      const count = institutionsOf(rows).length;
      expect(rows.at(-2)![0]).toBe(
        `${count * 2 - 1} of ${count * 2} returns of the chosen periods are not approved: their figures are preliminary (p).`,
      );
      // The workbook holds the same table and notes.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await download('format=xlsx')).rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Report')!;
      const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      const thirdRow = rows.findIndex((row) => row[0] === third) + 1;
      expect(cells(thirdRow)[header.indexOf(`Fall ${fiscalYear} due again on`)]).toBe('2999-01-15');
      expect(cells(thirdRow)[header.indexOf(`Fall ${fiscalYear} reported`)]).toEqual(expect.any(Number));
      expect(cells(sheet.rowCount - 1)[0]).toBe(rows.at(-2)![0]);
    } finally {
      await ctx.db.execute(sql`UPDATE term_returns SET state = 'open', due_again_on = NULL WHERE institution_id = ${thirdId}`);
      await ctx.db.execute(sql`UPDATE term_returns SET state = 'submitted' WHERE state = 'approved' AND period_id = ${summer}`);
    }
  });

  it('sends a workbook with the same name', async () => {
    const res = await download('format=xlsx&region=Kootenay');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="term-returns-${fiscalYear.replace('/', '-')}.xlsx"`);
  });

  it('refuses a bad filter with a 400 naming it, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['format=pdf', /format/],
      ['region=Atlantis', /region/],
      ['institutionType=Academy', /institutionType/],
      ['state=lost', /state/],
      ['state=overdue&fiscalYear=2025', /fiscalYear|Fiscal year/],
      ['institution=a&institution=b', /institution/],
      [`institution=${'x'.repeat(201)}`, /institution/],
      ['format=csv&limit=5', /limit|nrecognized/],
      ['region=' + 'Kootenay,'.repeat(2000), /region/],
    ];
    for (const [query, field] of cases) {
      const res = await call('GET', `/api/returns/download?${query}`, 'appAdmin');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(field);
    }
    const listRes = await call('GET', '/api/returns?region=Atlantis', 'appAdmin');
    expect(listRes.statusCode).toBe(400);
    expect(listRes.json().message).toMatch(/region/);
  });

  it('is in the OpenAPI document with its filters', async () => {
    const operation = (await openApiDocument(ctx.app)).paths['/api/returns/download']?.get as
      { parameters?: { name: string }[] } | undefined;
    expect(operation?.parameters?.map((p) => p.name).sort()).toEqual(
      ['fiscalYear', 'format', 'institution', 'institutionIds', 'institutionType', 'open', 'region', 'state', 'term'].sort(),
    );
  });
});
