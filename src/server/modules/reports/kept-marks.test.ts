import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportType } from '../../../shared/reports.ts';
import { DEFAULT_DISCLOSURE_RULE } from '../../../shared/disclosure.ts';
import type { ReportParams, ReportRow } from '../../../shared/schemas/report.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { markedPeriods, markedRecords } from '../returns/marked-periods.ts';
import { FLAG_AGGREGATE, RETURN_JOIN } from '../returns/return-flags.ts';
import { runReport } from './reports.repo.ts';

/**
 * Marks kept per period (decision 023): reports read their marks from the periods that hold a marked record only, and
 * which periods those are is kept between reports. Whatever changes (returns approved, reopened, sent back or
 * removed; records added, changed after approval, moved between periods, deleted; periods that have no reporting
 * period at all), every report must carry exactly the marks of judging each record by its return, which the test
 * does with its own query.
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

  /** Each question, who asks it (every institution, or the first only), and how the test groups its rows. */
  const questions: {
    type: ReportType;
    params: ReportParams;
    who: 'all' | 'first';
    group: SQL;
    where: () => SQL;
    key: (row: ReportRow) => string;
  }[] = [
    {
      type: 'institution',
      params: {},
      who: 'all',
      group: sql`i.short_name`,
      where: () => sql`true`,
      key: (row) => String(row.institution),
    },
    {
      type: 'term',
      params: { fiscalYearFrom: '2022/23' },
      who: 'all',
      group: sql`r.fiscal_year || ' ' || r.term`,
      where: () => sql`r.fiscal_year >= '2022/23'`,
      key: (row) => `${row.fiscal_year} ${row.term}`,
    },
    {
      type: 'discipline',
      params: { terms: ['Fall'] },
      who: 'first',
      group: sql`p.discipline`,
      where: () => sql`r.term = 'Fall' AND r.institution_id = ${institutions[0]!}`,
      key: (row) => String(row.discipline),
    },
  ];

  /** The marks of judging every submitted record by its return, per group and (as "total") over all of them. */
  async function judged(group: SQL, where: SQL): Promise<Record<string, string | null>> {
    const rows = await queryRows<{ key: string | null; total: number; flag: string | null }>(
      ctx.db,
      sql`SELECT ${group} AS key, GROUPING(${group})::int AS total, ${FLAG_AGGREGATE} AS flag
        FROM records r JOIN institutions i ON i.id = r.institution_id JOIN programs p ON p.id = r.program_id ${RETURN_JOIN}
        WHERE r.status = 'submitted' AND ${where} GROUP BY GROUPING SETS ((${group}), ())`,
    );
    return Object.fromEntries(rows.map((r) => [r.total === 1 ? 'total' : r.key!, r.flag]));
  }

  /** Every question's report carries exactly the marks of judging each record, read through the marks kept so far. */
  async function expectJudgedMarks(): Promise<void> {
    for (const q of questions) {
      const readable = q.who === 'all' ? 'all' : [institutions[0]!];
      const report = await runReport(ctx.db, q.type, q.params, readable, DEFAULT_DISCLOSURE_RULE);
      const expected = await judged(q.group, q.where());
      const got = Object.fromEntries([...report.rows.map((row) => [q.key(row), row._flag]), ['total', report.totals._flag]]);
      expect(got, `${q.type} ${JSON.stringify(q.params)} ${q.who}`).toEqual(expected);
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

  it('are the marks of judging every record, after any sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        await reset();
        // The kept marks start from whatever the previous run left, then follow each change.
        for (const a of actions) {
          await act(a);
          await expectJudgedMarks();
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
    const report = await runReport(ctx.db, 'institution', {}, 'all', DEFAULT_DISCLOSURE_RULE);
    expect(report.rows.map((r) => [r.institution, r._flag])).toEqual([
      ['Arbutus', null],
      ['Birch', 'r'],
      ['Cedar', 'p'], // no return
    ]);
    // Read apart from the figures: only one period holds a mark.
    expect((await markedPeriods(ctx.db, {})).periods).toEqual([PERIODS[0]]);
  });

  it('reads every mark when the data changed after the marked periods were chosen: the statement checks, in its snapshot', async () => {
    await reset();
    await act({ kind: 'return', inst: 0, period: 1, state: 'approved' });
    await act({ kind: 'record', program: 0, period: 1, changedAfterApproval: false });
    const chosen = await markedPeriods(ctx.db, {});
    expect(chosen.periods).toEqual([]);
    const records = markedRecords(chosen, {});
    /** How many records each part of a statement reading marks as chosen reads. */
    const read = async () => {
      const [row] = await queryRows<{ kept: number; changed: number }>(
        ctx.db,
        sql`SELECT count(*) FILTER (WHERE ${records.kept})::int AS kept, count(*) FILTER (WHERE ${records.changed})::int AS changed
          FROM records r ${RETURN_JOIN}`,
      );
      return row!;
    };
    expect(await read()).toEqual({ kept: 0, changed: 0 });
    await act({ kind: 'return', inst: 0, period: 1, state: 'submitted' }); // sent back: preliminary again
    const [all] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM records`);
    expect(await read()).toEqual({ kept: 0, changed: all!.n });
    const report = await runReport(ctx.db, 'institution', {}, 'all', DEFAULT_DISCLOSURE_RULE);
    expect(report.rows.map((r) => [r.institution, r._flag])).toEqual([
      ['Arbutus', 'p'],
      ['Birch', null],
      ['Cedar', null],
    ]);
    expect(report.totals._flag).toBe('p');
  });
});
