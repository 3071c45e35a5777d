import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnFigures } from '../../../shared/schemas/returns.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, READ_OWN_STATUS, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf, setReturnState } from '../../test/return-factories.ts';

/**
 * What an approver reads of a term (issue 30): each program's key figures beside the same term last year and the term
 * before, marked where far from the program's history by the record form's rule, exact totals (the wage weighted by
 * students placed), and what changed in the return's records after its first approval.
 */
describe('GET /api/returns/{id}/figures', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let returnId: number;
  let otherReturn: number;
  let steady: number;
  let jump: number;
  let steadyRecord: number;
  let fy: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix: MatrixCaller['matrix'];
    ({ call, matrix } = await createMatrixCaller(ctx));
    const { own, other } = matrix.institutions;
    steady = await createProgram(ctx.db, own, { name: 'Alpha Co-op' });
    jump = await createProgram(ctx.db, own, { name: 'Beta Co-op' });
    const period = freshPeriodKey();
    fy = period.fiscal_year;
    const start = Number(fy.slice(0, 4));
    const year = (n: number) => `${n}/${String((n + 1) % 100).padStart(2, '0')}`;
    const created = await call('PUT', '/api/periods', 'appAdmin', period);
    expect(created.statusCode, created.body).toBe(200);
    returnId = await returnIdOf(ctx.db, own, created.json().id);
    otherReturn = await returnIdOf(ctx.db, other, created.json().id);
    // Four earlier terms of each program, 42 placed each (the fixture's), wage 23.45: a median of 42 placed.
    for (const programId of [steady, jump])
      for (const [fiscalYear, term] of [
        [year(start - 1), 'Summer'],
        [year(start - 1), 'Fall'],
        [year(start - 1), 'Spring'],
        [year(start), 'Summer'],
      ] as const)
        await insertRecord(ctx.db, { institutionId: own, programId, fiscalYear, term });
    steadyRecord = await insertRecord(ctx.db, { institutionId: own, programId: steady, fiscalYear: fy, term: 'Fall' });
    // 120 placed against a median of 42: far from history (more than double); the wage is weighted by it.
    // (Its splits by location and sector stay the fixture's: a draft's splits are not checked.)
    await insertRecord(ctx.db, {
      institutionId: own,
      programId: jump,
      fiscalYear: fy,
      term: 'Fall',
      studentsEnrolled: 300,
      studentsSeeking: 200,
      studentsPlaced: 120,
      wt4Month: 100,
      wt8Month: 20,
      wt12MonthPlus: 0,
      avgHourlyWage: '30.00',
      status: 'draft',
    });
  }, 180_000);
  afterAll(() => ctx?.close());

  it('is for everyone who may read the return, and no one else', async () => {
    const expected = READ_OWN_STATUS;
    for (const role of ROLE_NAMES)
      expect((await call('GET', `/api/returns/${returnId}/figures`, role)).statusCode, role).toBe(expected[role]);
    for (const role of ['reader', 'writer', 'instAdmin'] as const)
      expect((await call('GET', `/api/returns/${otherReturn}/figures`, role)).statusCode, role).toBe(403);
    expect((await call('GET', '/api/returns/99999999/figures', 'appAdmin')).statusCode).toBe(404);
  });

  it('sets each program beside last year and the term before, marks what is far from its history, and adds up exactly', async () => {
    const res = await call('GET', `/api/returns/${returnId}/figures`, 'appAdmin');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json() as ReturnFigures;
    const start = Number(fy.slice(0, 4));
    expect(figures.last_year).toEqual({ fiscal_year: `${start - 1}/${String(start % 100).padStart(2, '0')}`, term: 'Fall' });
    expect(figures.previous_term).toEqual({ fiscal_year: fy, term: 'Summer' });
    const [alpha, beta] = figures.programs;
    expect(alpha).toMatchObject({ program_name: 'Alpha Co-op', status: 'submitted', far: [] });
    expect(alpha!.now).toMatchObject({ students_placed: 42, work_terms: 42, avg_hourly_wage: '23.45' });
    expect(alpha!.last_year).toMatchObject({ students_placed: 42 });
    expect(alpha!.previous_term).toMatchObject({ students_placed: 42 });
    expect(beta).toMatchObject({ program_name: 'Beta Co-op', status: 'draft' });
    expect(beta!.far).toEqual(expect.arrayContaining(['students_placed', 'students_seeking', 'students_enrolled']));
    expect(beta!.far).not.toContain('avg_hourly_wage');
    expect(figures.totals.now).toEqual({
      students_enrolled: 400,
      students_seeking: 250,
      students_placed: 162,
      work_terms: 162,
      employers_total: figures.programs.reduce((s, p) => s + (p.now?.employers_total ?? 0), 0),
      // (23.45 × 42 + 30.00 × 120) / 162 = 28.3018… → 28.30
      avg_hourly_wage: '28.30',
    });
    expect(figures.changes).toEqual([]);
  });

  it('lists what changed after the first approval: field, before, after, who', async () => {
    await setReturnState(ctx.db, returnId, 'submitted');
    expect((await call('POST', `/api/returns/${returnId}/approve`, 'appAdmin', { version: await version() })).statusCode).toBe(
      200,
    );
    const reopened = await call('POST', `/api/returns/${returnId}/reopen`, 'appAdmin', {
      version: await version(),
      reason: 'A correction',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const record = (await call('GET', `/api/records/${steadyRecord}`, 'writer')).json();
    const edit = await call('PATCH', `/api/records/${steadyRecord}`, 'writer', { version: record.version, employers_new: 0 });
    expect(edit.statusCode, edit.body).toBe(200);
    const figures = (await call('GET', `/api/returns/${returnId}/figures`, 'appAdmin')).json() as ReturnFigures;
    expect(figures.changes).toEqual([
      expect.objectContaining({
        program_name: 'Alpha Co-op',
        field: 'New employers',
        before: String(record.employers_new),
        after: '0',
        by: expect.any(String),
      }),
    ]);
  });

  async function version(): Promise<number> {
    return (await call('GET', `/api/returns/${returnId}`, 'appAdmin')).json().version;
  }
});
