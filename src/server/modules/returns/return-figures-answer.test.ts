import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReturnFiguresSchema, type ReturnFigures } from '../../../shared/schemas/returns.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf } from '../../test/return-factories.ts';

/**
 * The return page's work terms (return-figures.ts, worked out by the database): the work terms of every duration
 * added up, a duration not given counting as none, and no figure at all when no duration is given; the total adds
 * the programs that have one. The route writes its answer without checking it against its schema (returns.routes.ts),
 * so the answer is checked here: exactly the schema's shape, no field more.
 */
describe('GET /api/returns/{id}/figures: work terms, and the answer as its schema says', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let own: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix: MatrixCaller['matrix'];
    ({ call, matrix } = await createMatrixCaller(ctx));
    own = matrix.institutions.own;
  }, 180_000);
  afterAll(() => ctx?.close());

  it('adds the durations given, gives none when no duration is given, and answers exactly its schema', async () => {
    const period = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', period);
    expect(created.statusCode, created.body).toBe(200);
    const returnId = await returnIdOf(ctx.db, own, created.json().id);
    const durations = {
      'Gamma Co-op': { wt4Month: null, wt8Month: null, wt12MonthPlus: null },
      'Delta Co-op': { wt4Month: 5, wt8Month: null, wt12MonthPlus: 2 },
      'Epsilon Co-op': { wt4Month: null, wt8Month: 0, wt12MonthPlus: null },
    };
    for (const [name, given] of Object.entries(durations)) {
      const programId = await createProgram(ctx.db, own, { name });
      // Drafts: their splits are not checked, so a duration may be left out.
      await insertRecord(ctx.db, {
        institutionId: own,
        programId,
        fiscalYear: period.fiscal_year,
        term: period.term,
        status: 'draft',
        ...given,
      });
    }
    const res = await call('GET', `/api/returns/${returnId}/figures`, 'appAdmin');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json() as ReturnFigures;
    // Parsing drops a field the schema does not name and refuses a wrong type.
    expect(ReturnFiguresSchema.parse(figures)).toEqual(figures);
    const workTerms = Object.fromEntries(
      figures.programs.filter((p) => p.program_name in durations).map((p) => [p.program_name, p.now?.work_terms]),
    );
    expect(workTerms).toEqual({ 'Gamma Co-op': null, 'Delta Co-op': 7, 'Epsilon Co-op': 0 });
    const others = figures.programs.filter((p) => !(p.program_name in durations) && p.now !== null);
    expect(figures.totals.now.work_terms).toBe(7 + others.reduce((s, p) => s + (p.now!.work_terms ?? 0), 0));
  });
});
