import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figureFlags } from '../../../shared/return-figure-flags.ts';
import type { ApprovalFlags, ReturnFigures } from '../../../shared/schemas/returns.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf } from '../../test/return-factories.ts';

/**
 * The bulk approval's flags (issue 30, GET /api/returns/approval-flags): for each return chosen, its programs far from
 * their history (the return page's rule and figures) and those whose students placed moved by more than a quarter
 * since the same term last year; for app admins only, as approving is.
 */
describe('GET /api/returns/approval-flags', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let returnId: number;
  let quietReturn: number;
  const programs: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix: MatrixCaller['matrix'];
    ({ call, matrix } = await createMatrixCaller(ctx));
    const { own, other } = matrix.institutions;
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) programs[name] = await createProgram(ctx.db, own, { name });
    const period = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', period);
    expect(created.statusCode, created.body).toBe(200);
    returnId = await returnIdOf(ctx.db, own, created.json().id);
    quietReturn = await returnIdOf(ctx.db, other, created.json().id);
    const start = Number(period.fiscal_year.slice(0, 4));
    const year = (n: number) => `${n}/${String((n + 1) % 100).padStart(2, '0')}`;
    // Four earlier terms of each program with 42 placed (the fixture's), Fall last year among them.
    for (const programId of Object.values(programs))
      for (const [fiscalYear, term] of [
        [year(start - 1), 'Summer'],
        [year(start - 1), 'Fall'],
        [year(start - 1), 'Spring'],
        [year(start), 'Summer'],
      ] as const)
        await insertRecord(ctx.db, { institutionId: own, programId, fiscalYear, term });
    // This Fall: Alpha as ever; Beta 120 (far: more than double its median, and +186 %); Gamma 60 (+43 %, not far);
    // Delta 52 (+24 %: within the threshold).
    const placed = { Alpha: 42, Beta: 120, Gamma: 60, Delta: 52 };
    for (const [name, studentsPlaced] of Object.entries(placed))
      await insertRecord(ctx.db, {
        institutionId: own,
        programId: programs[name]!,
        fiscalYear: period.fiscal_year,
        term: 'Fall',
        studentsPlaced,
      });
  }, 180_000);
  afterAll(() => ctx?.close());

  const url = (ids: readonly (number | string)[]) => `/api/returns/approval-flags?ids=${ids.join(',')}`;

  it('is for app admins only (the role matrix)', async () => {
    const got = [];
    for (const role of ROLE_NAMES) got.push(`${role} ${(await call('GET', url([returnId]), role)).statusCode}`);
    expect(got).toEqual([
      'signedOut 401',
      'userOnly 403',
      'reader 403',
      'writer 403',
      'instAdmin 403',
      'globalReader 403',
      'appAdmin 200',
    ]);
  });

  it('refuses ids that are missing, not ids or too many with a 400 naming ids', async () => {
    const tooMany = Array.from({ length: 501 }, (_, n) => n + 1);
    for (const path of ['/api/returns/approval-flags', url(['abc']), url([1, '']), url(tooMany)]) {
      const res = await call('GET', path, 'appAdmin');
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toMatch(/ids/);
    }
  });

  it('flags the programs far from their history and those whose students placed moved by more than a quarter', async () => {
    const res = await call('GET', url([returnId, 99999999, quietReturn]), 'appAdmin');
    expect(res.statusCode, res.body).toBe(200);
    const { returns } = res.json() as ApprovalFlags;
    // In the order asked; the unknown id left out.
    expect(returns.map((r) => r.id)).toEqual([returnId, quietReturn]);
    const [flags, quiet] = returns;
    expect(flags!.far.map((p) => p.program_name)).toEqual(['Beta']);
    expect(flags!.far[0]!.figures).toContain('students_placed');
    expect(flags!.changed).toEqual([
      { program_id: programs.Beta, program_name: 'Beta', figure: 'students_placed', last_year: 42, now: 120 },
      { program_id: programs.Gamma, program_name: 'Gamma', figure: 'students_placed', last_year: 42, now: 60 },
    ]);
    expect(quiet).toMatchObject({ far: [], changed: [] });
  });

  it('are the return page’s figures, flagged: computed for many returns at once as for one', async () => {
    const { returns } = (await call('GET', url([quietReturn, returnId]), 'appAdmin')).json() as ApprovalFlags;
    for (const flags of returns) {
      const figures = (await call('GET', `/api/returns/${flags.id}/figures`, 'appAdmin')).json() as ReturnFigures;
      expect(flags).toEqual(figureFlags(flags.id, figures));
    }
  });
});
