import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Term } from '../../../shared/constants.ts';
import { addDays } from '../../../shared/return-due.ts';
import { buildReturnMatrix } from '../../../shared/return-matrix.ts';
import { onTimeRate, periodTimeliness } from '../../../shared/return-timeliness.ts';
import type { Period, TermReturn } from '../../../shared/schemas/returns.ts';
import { bcToday } from '../../../shared/term-calendar.ts';
import { bcInstant } from '../../db/bc-time-sql.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { freshPeriodKey, setReturnState } from '../../test/return-factories.ts';

/**
 * Timeliness on the completeness matrix (issue 30, docs/reporting-cycle.md "Timeliness"): a return is on time when the
 * first sign-off in its history fell on or before its period's due date (a B.C. day), whatever came after; late when
 * that sign-off came later, or when it has none and the due date has passed; not judged otherwise. The clock is the
 * test's: actions go through the API, then their history lines are dated on the days the test chose.
 */

type Call = MatrixCaller['call'];
type Action = 'submit' | 'send-back' | 'approve' | 'reopen';

describe('timeliness of term returns (GET /api/returns)', () => {
  let ctx: TestContext;
  let call: Call;
  let today: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call } = await createMatrixCaller(ctx));
    today = bcToday();
  }, 120_000);
  afterAll(() => ctx?.close());

  /** A period due on `dueOn` with a return for each institution given (no programs: each may be signed off as it is). */
  async function period(fiscalYear: string, term: Term, dueOn: string, institutionIds: number[]) {
    const [p] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
          VALUES (${fiscalYear}, ${term}, ${addDays(dueOn, -200)}, ${dueOn}) RETURNING id`,
    );
    const ids: number[] = [];
    for (const institutionId of institutionIds) {
      const [r] = await queryRows<{ id: number }>(
        ctx.db,
        sql`INSERT INTO term_returns (period_id, institution_id) VALUES (${p!.id}, ${institutionId}) RETURNING id`,
      );
      ids.push(r!.id);
    }
    return ids;
  }

  /** Takes an action through the API as the app admin (acting for the institution when signing off). */
  async function act(returnId: number, action: Action) {
    const body = action === 'approve' ? {} : { reason: 'The test acts' };
    const res = await call('POST', `/api/returns/${returnId}/${action}`, 'appAdmin', body);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  }

  /** Dates a return's history lines, oldest first, at these B.C. local times (`YYYY-MM-DD HH:MM`): the test's clock. */
  async function dateHistory(returnId: number, times: readonly string[]) {
    const events = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id::int AS id FROM return_events WHERE return_id = ${returnId} ORDER BY id`,
    );
    expect(events.length).toBe(times.length);
    for (const [n, { id }] of events.entries())
      await ctx.db.execute(sql`UPDATE return_events SET at = ${bcInstant(sql`${times[n]}::timestamp`)} WHERE id = ${id}`);
  }

  async function listed(role: 'appAdmin' | 'globalReader' | 'reader', fiscalYears: string[], institutionIds: number[]) {
    const res = await call(
      'GET',
      `/api/returns?fiscalYear=${fiscalYears.map(encodeURIComponent).join(',')}&institutionIds=${institutionIds.join(',')}`,
      role,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TermReturn[];
  }

  it('judges the first sign-off against the period’s due date in B.C., whatever came after', async () => {
    const a = await createInstitution(ctx.db);
    const b = await createInstitution(ctx.db);
    const fy = freshPeriodKey().fiscal_year;
    const later = freshPeriodKey().fiscal_year;
    const due1 = addDays(today, -60);
    const due2 = addDays(today, -40);
    const due3 = addDays(today, -10);
    const [a1, b1] = await period(fy, 'Summer', due1, [a, b]);
    const [a2, b2] = await period(fy, 'Fall', due2, [a, b]);
    const [a3, b3] = await period(fy, 'Spring', due3, [a, b]);
    const [a4] = await period(later, 'Summer', addDays(today, 10), [a]);

    // A, Summer: signed off at 23:30 on the due day (the next day in UTC): on time; sent back, signed off again ten
    // days late: still on time, its first sign-off met the date.
    for (const action of ['submit', 'send-back', 'submit'] as const) await act(a1!, action);
    await dateHistory(a1!, [`${due1} 23:30`, `${addDays(due1, 5)} 09:00`, `${addDays(due1, 10)} 09:00`]);
    // A, Fall: signed off half an hour into the day after the due date, then approved: late.
    for (const action of ['submit', 'approve'] as const) await act(a2!, action);
    await dateHistory(a2!, [`${addDays(due2, 1)} 00:30`, `${addDays(due2, 14)} 12:00`]);
    // A, Spring: never signed off, past due: late. A's next Summer: not yet due, not signed off: not judged.
    // B, Summer: signed off early, then approved and reopened: on time. B, Fall: marked submitted by hand with no
    // sign-off in its history: not judged. B, Spring: never signed off: late.
    for (const action of ['submit', 'approve', 'reopen'] as const) await act(b1!, action);
    await dateHistory(b1!, [`${addDays(due1, -20)} 12:00`, `${addDays(due1, 3)} 12:00`, `${addDays(due1, 30)} 12:00`]);
    await setReturnState(ctx.db, b2!, 'submitted');

    const returns = await listed('appAdmin', [fy, later], [a, b]);
    const verdict = (id: number) => returns.find((r) => r.id === id)!;
    expect(
      [a1, a2, a3, a4, b1, b2, b3].map((id) => [verdict(id!).state, verdict(id!).on_time]),
      'state and on time',
    ).toEqual([
      ['submitted', true],
      ['approved', false],
      ['not started', false],
      ['not started', null],
      ['reopened', true],
      ['submitted', null],
      ['not started', false],
    ]);
    // The first sign-off's instant, in UTC: 23:30 on the due day in B.C. (daylight time or not) is the next day in UTC.
    expect(verdict(a1!).first_signed_off_at?.slice(0, 10)).toBe(addDays(due1, 1));
    expect(verdict(a3!).first_signed_off_at).toBeNull();

    // The matrix: A 1 of 3 judged on time (33 %), B 1 of 2; per period, of those signed off now, those on time.
    const periods = (await call('GET', '/api/periods', 'appAdmin')).json() as Period[];
    const matrix = buildReturnMatrix(periods, returns, { fiscalYears: [fy, later] });
    expect(matrix.rows.map((r) => [r.institutionId, r.timeliness])).toEqual([
      [a, { onTime: 1, judged: 3 }],
      [b, { onTime: 1, judged: 2 }],
    ]);
    expect(matrix.timeliness).toEqual({ onTime: 2, judged: 5 });
    expect(matrix.columns.map((c) => [c.period.term, c.done, c.total, c.onTime])).toEqual([
      ['Summer', 1, 2, 1],
      ['Fall', 2, 2, 0],
      ['Spring', 0, 2, 0],
      ['Summer', 0, 1, 0],
    ]);

    // Rights as the matrix's: a global reader reads the same verdicts; a reader of another institution none of them.
    expect((await listed('globalReader', [fy, later], [a, b])).map((r) => r.on_time)).toEqual(returns.map((r) => r.on_time));
    expect(await listed('reader', [fy, later], [a, b])).toEqual([]);
  });

  /**
   * The model: replay the actions the state machine allows, keep the first sign-off's day; on time when it is on or
   * before the due date; without one, late once the due date has passed; else not judged.
   */
  const NEXT: Record<string, Partial<Record<Action, string>>> = {
    open: { submit: 'submitted' },
    submitted: { 'send-back': 'open', approve: 'approved' },
    approved: { reopen: 'reopened' },
    reopened: { submit: 'submitted' },
  };
  function model(steps: readonly { action: Action; day: string }[], dueOn: string) {
    let state = 'open';
    const taken: { action: Action; day: string }[] = [];
    for (const step of steps) {
      const to = NEXT[state]![step.action];
      if (!to) continue;
      state = to;
      taken.push(step);
    }
    const first = taken.find((s) => s.action === 'submit');
    const onTime = first ? first.day <= dueOn : dueOn < today ? false : null;
    return { taken, onTime, signedOffNow: state === 'submitted' || state === 'approved' };
  }

  const stepArb = fc.record({
    action: fc.constantFrom<Action>('submit', 'send-back', 'approve', 'reopen'),
    gap: fc.integer({ min: 0, max: 20 }),
  });
  const returnArb = fc.record({
    dueOffset: fc.integer({ min: -90, max: 30 }),
    startOffset: fc.integer({ min: -150, max: 0 }),
    steps: fc.array(stepArb, { maxLength: 6 }),
  });

  it('agrees with a model over any sequence of sign-offs, send-backs, approvals and reopenings (property)', async () => {
    const institution = await createInstitution(ctx.db);
    await fc.assert(
      fc.asyncProperty(fc.array(returnArb, { minLength: 1, maxLength: 3 }), async (plans) => {
        const fy = freshPeriodKey().fiscal_year;
        const terms: Term[] = ['Summer', 'Fall', 'Spring'];
        const expected: (boolean | null)[] = [];
        let signedOffOnTime = 0;
        const ids: number[] = [];
        for (const [n, plan] of plans.entries()) {
          const dueOn = addDays(today, plan.dueOffset);
          const [id] = await period(fy, terms[n]!, dueOn, [institution]);
          let day = addDays(today, plan.startOffset);
          const steps = plan.steps.map((s) => ({ action: s.action, day: (day = addDays(day, s.gap)) }));
          const { taken, onTime, signedOffNow } = model(steps, dueOn);
          if (signedOffNow && onTime === true) signedOffOnTime++;
          for (const step of taken) await act(id!, step.action);
          // Mid-morning in B.C. on the step's day: the test's clock.
          await dateHistory(
            id!,
            taken.map((s) => `${s.day} 10:15`),
          );
          ids.push(id!);
          expected.push(onTime);
        }
        const returns = await listed('appAdmin', [fy], [institution]);
        const byId = new Map(returns.map((r) => [r.id, r]));
        expect(ids.map((id) => byId.get(id)!.on_time)).toEqual(expected);
        const judged = expected.filter((v) => v !== null);
        expect(onTimeRate(returns)).toEqual({ onTime: judged.filter((v) => v).length, judged: judged.length });
        // The periods' lines, added up: of the returns signed off now, those whose first sign-off was on time.
        expect(periodTimeliness(returns).onTime).toBe(signedOffOnTime);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
