import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '../../../shared/schemas/import.ts';
import { formatBcDateTime } from '../../../shared/bc-time.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, READ_OWN_STATUS, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf } from '../../test/return-factories.ts';

/**
 * A return's template (issue 29): the grid's columns as a workbook for the return's programs, for anyone who may read
 * the return, which the import takes as it is: its headings map themselves, a line with a record updates it against
 * the version the file names, a line without one makes the program's draft.
 */
describe('GET /api/returns/{id}/template', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];
  let returnId: number;
  let otherReturn: number;
  let withRecord: number;
  let without: number;
  let recordId: number;
  let writerCookie: string;
  let period: { fiscal_year: string; term: 'Fall' };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    writerCookie = await ctx.cookieFor(matrix.users.writer);
    const { own, other } = matrix.institutions;
    withRecord = await createProgram(ctx.db, own, { name: 'Alpha Co-op' });
    without = await createProgram(ctx.db, own, { name: 'Beta Co-op' });
    period = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', period);
    expect(created.statusCode, created.body).toBe(200);
    returnId = await returnIdOf(ctx.db, own, created.json().id);
    otherReturn = await returnIdOf(ctx.db, other, created.json().id);
    recordId = await insertRecord(ctx.db, {
      institutionId: own,
      programId: withRecord,
      fiscalYear: period.fiscal_year,
      term: period.term,
      status: 'draft',
    });
  }, 180_000);
  afterAll(() => ctx?.close());

  it('is for everyone who may read the return, and no one else', async () => {
    const expected = READ_OWN_STATUS;
    for (const role of ROLE_NAMES)
      expect((await call('GET', `/api/returns/${returnId}/template`, role)).statusCode, role).toBe(expected[role]);
    for (const role of ['reader', 'writer', 'instAdmin'] as const)
      expect((await call('GET', `/api/returns/${otherReturn}/template`, role)).statusCode, role).toBe(403);
    expect((await call('GET', '/api/returns/99999999/template', 'appAdmin')).statusCode).toBe(404);
    expect((await call('GET', '/api/returns/0x1f/template', 'appAdmin')).statusCode).toBe(400);
  });

  it('is imported as it is: filled in, it updates the record against its version and makes the missing draft', async () => {
    const download = await call('GET', `/api/returns/${returnId}/template`, 'writer');
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toMatch(/attachment; filename=".+-Fall-.+-template\.xlsx"/);
    // When it was made, in B.C. time with its zone as the screens write it (decision 045), not a UTC instant.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const lines = new Map<string, string>();
    workbook.getWorksheet('Parameters')!.eachRow((row) => lines.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect([formatBcDateTime(Date.now()), formatBcDateTime(Date.now() - 60_000)]).toContain(lines.get('Made'));
    const parsed = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/parse',
      payload: download.rawPayload,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', cookie: writerCookie },
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const file = parsed.json() as { columns: string[]; rows: string[][] };
    // Every heading is an import label, so the file maps itself whole.
    const mapping: Partial<Record<ImportField, number>> = {};
    for (const field of IMPORT_FIELDS) {
      const index = file.columns.indexOf(IMPORT_FIELD_LABELS[field]);
      if (index >= 0) mapping[field] = index;
    }
    expect(Object.keys(mapping)).toHaveLength(file.columns.length);
    expect(file.rows.map((r) => r[mapping.program!])).toEqual(['Alpha Co-op', 'Beta Co-op']);
    expect(file.rows[0]![mapping.record_id!]).toBe(String(recordId));
    const [{ enrolled }] = (await queryRows<{ enrolled: number }>(
      ctx.db,
      sql`SELECT students_enrolled AS enrolled FROM records WHERE id = ${recordId}`,
    )) as [{ enrolled: number }];
    expect(file.rows[0]![mapping.students_enrolled!]).toBe(String(enrolled));
    expect(file.rows.map((r) => r[mapping.status!])).toEqual(['draft', 'draft']);
    expect(file.rows[1]![mapping.record_id!]).toBe('');

    // As downloaded, nothing would change; filled in, one update and one new draft.
    const dry = await call('POST', '/api/imports/dry-run', 'writer', { mapping, rows: file.rows });
    expect(dry.statusCode, dry.body).toBe(200);
    // The line of the program without a record makes no empty draft (it would count the program as started).
    expect(dry.json().counts, JSON.stringify(dry.json().rows)).toMatchObject({ create: 0, unchanged: 2, error: 0, conflict: 0 });
    const untouched = await call('POST', '/api/imports/commit', 'writer', { mapping, rows: file.rows });
    expect(untouched.statusCode, untouched.body).toBe(200);
    const made = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM records WHERE fiscal_year = ${period.fiscal_year} AND term = 'Fall' AND program_id = ${without}`,
    );
    expect(made).toEqual([{ n: 0 }]);
    const filled = file.rows.map((row) => row.map((cell, n) => (n === mapping.employers_new ? '0' : cell)));
    const commit = await call('POST', '/api/imports/commit', 'writer', { mapping, rows: filled });
    expect(commit.statusCode, commit.body).toBe(200);
    const stored = await queryRows<{ program_id: number; employers_new: number | null; status: string }>(
      ctx.db,
      sql`SELECT program_id, employers_new, status FROM records
          WHERE fiscal_year = ${period.fiscal_year} AND term = 'Fall' AND program_id IN (${withRecord}, ${without})
          ORDER BY program_id`,
    );
    expect(stored).toEqual([
      { program_id: withRecord, employers_new: 0, status: 'draft' },
      { program_id: without, employers_new: 0, status: 'draft' },
    ]);
  });
});
