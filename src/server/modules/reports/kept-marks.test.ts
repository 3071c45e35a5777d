import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportType } from '../../../shared/reports.ts';
import type { ReportParams } from '../../../shared/schemas/report.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { markedPeriods } from '../returns/marked-periods.ts';
import { runReport } from './reports.repo.ts';

/**
 * Marks kept per period (decision 023): reports read their marks from the periods that hold a marked record only, and
 * which periods those are is kept between reports. Whatever changes (returns approved, reopened, sent back or
 * removed; records added, changed after approval, moved between periods, deleted; periods that have no reporting
 * period at all), every report must carry exactly the marks of judging each record by its return.
 */
const PERIODS = [
  { fy: '2022/23', term: 'Fall' },
  { fy: '2022/23', term: 'Spring' },
  { fy: '2021/22', term: 'Fall' }, // no reporting period: its records are preliminary
] as const;
const WITH_RETURNS = 2;
/**
 * Approved periods no change touches: a report reads kept marks only while at most half its periods hold marked
 * records (beyond that it judges every record in one scan), so these keep the kept way in play.
 */
const QUIET_PERIODS = ['2017/18', '2018/19', '2019/20', '2020/21'].map((fy) => ({ fy, term: 'Summer' }));
const APPROVED_AT = '2023-06-01T00:00:00Z';
const BEFORE = '2023-01-01T00:00:00Z';
const AFTER = '2023-09-01T00:00:00Z';
const RETURN_STATES = ['none', 'open', 'submitted', 'approved', 'reopened'] as const;

type Action =
  | { kind: 'return'; inst: number; period: number; state: (typeof RETURN_STATES)[number] }
  | { kind: 'record'; program: number; period: number; changedAfterApproval: boolean }
  | { kind: 'delete'; program: number; period: number }
  | { kind: 'move'; program: number; from: number; to: number };

describe('report marks kept per period', () => {
  let ctx: TestContext;
  const institutions: number[] = [];
  const programs: { id: number; inst: number }[] = [];
  const periodIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['Arbutus', 'Birch', 'Cedar']) {
      const inst = await createInstitution(ctx.db, { shortName: name, nameCode: `KEPT${name.toUpperCase()}` });
      institutions.push(inst);
      for (const discipline of ['Health', 'Humanities'])
        programs.push({ id: await createProgram(ctx.db, inst, { discipline }), inst });
    }
    for (const p of PERIODS.slice(0, WITH_RETURNS)) {
      const [row] = await queryRows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
          VALUES (${p.fy}, ${p.term}, '2022-09-01', '2023-05-01') RETURNING id`,
      );
      periodIds.push(row!.id);
    }
    for (const p of QUIET_PERIODS) {
      const [row] = await queryRows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
          VALUES (${p.fy}, ${p.term}, '2017-05-01', '2017-09-01') RETURNING id`,
      );
      for (const program of programs) {
        const id = await insertRecord(ctx.db, {
          institutionId: program.inst,
          programId: program.id,
          fiscalYear: p.fy,
          term: p.term,
        });
        await ctx.db.execute(sql`UPDATE records SET updated_at = ${BEFORE}::timestamptz WHERE id = ${id}`);
      }
      for (const inst of institutions)
        await ctx.db.execute(
          sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
            VALUES (${row!.id}, ${inst}, 'approved', ${APPROVED_AT}::timestamptz)`,
        );
    }
  }, 60_000);

  /** Removes what the changes below made, leaving the quiet periods. */
  async function reset(): Promise<void> {
    await ctx.db.execute(
      sql`DELETE FROM records WHERE fiscal_year NOT IN (${sql.join(
        QUIET_PERIODS.map((p) => sql`${p.fy}`),
        sql`, `,
      )})`,
    );
    await ctx.db.execute(
      sql`DELETE FROM term_returns WHERE period_id IN (${sql.join(
        periodIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  afterAll(() => ctx.close());

  async function act(action: Action): Promise<void> {
    const db = ctx.db;
    if (action.kind === 'return') {
      const periodId = periodIds[action.period]!;
      const inst = institutions[action.inst]!;
      if (action.state === 'none') {
        await db.execute(sql`DELETE FROM term_returns WHERE period_id = ${periodId} AND institution_id = ${inst}`);
        return;
      }
      const approvedAt = action.state === 'approved' || action.state === 'reopened' ? APPROVED_AT : null;
      await db.execute(
        sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
          VALUES (${periodId}, ${inst}, ${action.state}, ${approvedAt}::timestamptz)
          ON CONFLICT (institution_id, period_id)
          DO UPDATE SET state = EXCLUDED.state, first_approved_at = EXCLUDED.first_approved_at`,
      );
      return;
    }
    const at = (n: number) => PERIODS[n]!;
    if (action.kind === 'delete') {
      const p = at(action.period);
      await db.execute(
        sql`DELETE FROM records WHERE program_id = ${programs[action.program]!.id} AND fiscal_year = ${p.fy} AND term = ${p.term}`,
      );
      return;
    }
    if (action.kind === 'move') {
      const [from, to] = [at(action.from), at(action.to)];
      await db.execute(
        sql`UPDATE records SET fiscal_year = ${to.fy}, term = ${to.term}
          WHERE program_id = ${programs[action.program]!.id} AND fiscal_year = ${from.fy} AND term = ${from.term}
            AND NOT EXISTS (SELECT 1 FROM records o WHERE o.program_id = ${programs[action.program]!.id}
              AND o.fiscal_year = ${to.fy} AND o.term = ${to.term})`,
      );
      return;
    }
    const p = at(action.period);
    const program = programs[action.program]!;
    const changedAt = action.changedAfterApproval ? AFTER : BEFORE;
    const [existing] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM records WHERE program_id = ${program.id} AND fiscal_year = ${p.fy} AND term = ${p.term}`,
    );
    const id =
      existing?.id ??
      (await insertRecord(db, { institutionId: program.inst, programId: program.id, fiscalYear: p.fy, term: p.term }));
    await db.execute(sql`UPDATE records SET updated_at = ${changedAt}::timestamptz WHERE id = ${id}`);
  }

  const questions: [ReportType, ReportParams, 'all' | 'first'][] = [
    ['institution', {}, 'all'],
    ['term', { fiscalYearFrom: '2022/23' }, 'all'],
    ['discipline', { terms: ['Fall'] }, 'first'],
  ];

  /** Every question, its marks kept per period and judged record by record: the same reports. */
  async function expectSameMarks(): Promise<void> {
    for (const [type, params, who] of questions) {
      const readable = who === 'all' ? 'all' : [institutions[0]!];
      const kept = await runReport(ctx.db, type, params, readable);
      const each = await runReport(ctx.db, type, params, readable, undefined, 'each');
      expect(kept, `${type} ${JSON.stringify(params)} ${who}`).toEqual(each);
    }
  }

  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.record({
      kind: fc.constant('return' as const),
      inst: fc.nat(2),
      period: fc.nat(WITH_RETURNS - 1),
      state: fc.constantFrom(...RETURN_STATES),
    }),
    fc.record({
      kind: fc.constant('record' as const),
      program: fc.nat(5),
      period: fc.nat(PERIODS.length - 1),
      changedAfterApproval: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('delete' as const), program: fc.nat(5), period: fc.nat(PERIODS.length - 1) }),
    fc.record({
      kind: fc.constant('move' as const),
      program: fc.nat(5),
      from: fc.nat(PERIODS.length - 1),
      to: fc.nat(PERIODS.length - 1),
    }),
  );

  it('equal the marks of judging every record, after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        await reset();
        // The kept marks start from whatever the previous run left, then follow each change.
        for (const a of actions) {
          await act(a);
          await expectSameMarks();
        }
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it('shows p and r through the kept marks, so the comparison above compares something', async () => {
    await reset();
    await act({ kind: 'return', inst: 0, period: 0, state: 'approved' });
    await act({ kind: 'return', inst: 1, period: 0, state: 'approved' });
    await act({ kind: 'record', program: 0, period: 0, changedAfterApproval: false });
    await act({ kind: 'record', program: 2, period: 0, changedAfterApproval: true });
    await act({ kind: 'record', program: 4, period: 0, changedAfterApproval: false });
    const report = await runReport(ctx.db, 'institution', {}, 'all');
    expect(report.rows.map((r) => [r.institution, r._flag])).toEqual([
      ['Arbutus', null],
      ['Birch', 'r'],
      ['Cedar', 'p'], // no return
    ]);
    expect((await markedPeriods(ctx.db, {})).periods).toEqual([PERIODS[0]]);
  });

  it('judges every record when the data changed after the marked periods were chosen', async () => {
    await reset();
    await act({ kind: 'return', inst: 0, period: 1, state: 'approved' });
    await act({ kind: 'record', program: 0, period: 1, changedAfterApproval: false });
    const chosen = await markedPeriods(ctx.db, {});
    expect(chosen.periods).toEqual([]);
    await act({ kind: 'return', inst: 0, period: 1, state: 'submitted' }); // sent back: preliminary again
    const report = await runReport(ctx.db, 'institution', {}, 'all', undefined, chosen);
    expect(report.rows.map((r) => [r.institution, r._flag])).toEqual([
      ['Arbutus', 'p'],
      ['Birch', null],
      ['Cedar', null],
    ]);
    expect(report.totals._flag).toBe('p');
    // A reader of some institutions gets the others' part from releases only (decision 024): none was made here.
    const partial = await runReport(ctx.db, 'institution', {}, [institutions[1]!], undefined, chosen);
    expect(new Set(Object.values(partial.suppressed))).toEqual(new Set(['unreleased']));
  });
});
