import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DUE_AGAIN_BEFORE_PERIOD, DUE_AGAIN_IN_PAST, defaultDueAgainOn } from '../../../shared/return-due.ts';
import { bcToday } from '../../../shared/term-calendar.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { freshPeriodKey, returnIdOf, setReturnState } from '../../test/return-factories.ts';

/**
 * Send back and reopen give the return a new due date (issue 30), and overdue counts from it instead of the period's.
 * "Today" is the database's B.C. day; a later today is played by moving the stored days back by as many days (the
 * comparison is the same), so each case is named by the today it stands for.
 */

const REASON = { reason: 'Placements look doubled' };

describe('term returns: due again after a send-back or reopening', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let inst: number;
  const today = bcToday();

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call } = await createMatrixCaller(ctx));
    inst = await createInstitution(ctx.db);
  }, 120_000);
  afterAll(() => ctx?.close());

  /** A return of a fresh period due on `dueOn`, in `state`. */
  const periodOfReturn = new Map<number, number>();
  const returnDue = async (dueOn: string, state: 'submitted' | 'approved') => {
    const key = freshPeriodKey();
    const res = await call('PUT', '/api/periods', 'appAdmin', { ...key, opens_on: '2000-01-01', due_on: dueOn });
    expect(res.statusCode, res.body).toBe(200);
    const id = await returnIdOf(ctx.db, inst, res.json().id);
    periodOfReturn.set(id, res.json().id);
    await setReturnState(ctx.db, id, state);
    return id;
  };
  const returnOf = async (id: number): Promise<TermReturn> => (await call('GET', `/api/returns/${id}`, 'appAdmin')).json();
  /** Plays a today `days` later than the real one: the return's due date moves back by as many days. */
  const liveDaysLater = (id: number, days: number) =>
    ctx.db.execute(sql`UPDATE term_returns SET due_again_on = due_again_on - ${days}::int WHERE id = ${id}`);

  it('sets two weeks from today by default when the period is past due, and is not overdue until that day has passed', async () => {
    const id = await returnDue(addDays(today, -10), 'approved');
    expect((await returnOf(id)).overdue).toBe(false); // approved: never overdue
    const reopened = await call('POST', `/api/returns/${id}/reopen`, 'appAdmin', REASON);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ state: 'reopened', due_again_on: addDays(today, 14), overdue: false });
    expect((reopened.json() as TermReturn).history.at(-1)).toMatchObject({ action: 'reopen', due_again_on: addDays(today, 14) });
    await liveDaysLater(id, 14); // today is the new due date: still due, not overdue
    expect(await returnOf(id)).toMatchObject({ due_again_on: today, overdue: false });
    await liveDaysLater(id, 1); // the day after
    expect(await returnOf(id)).toMatchObject({ due_again_on: addDays(today, -1), overdue: true });
  });

  it('keeps the period’s due date as the default when it is later than two weeks from today', async () => {
    const periodDue = addDays(today, 30);
    const id = await returnDue(periodDue, 'submitted');
    const sent = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', REASON);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'not started', due_again_on: periodDue, overdue: false });
  });

  it('takes the date the app admin chooses, today included, and refuses one in the past naming the field', async () => {
    const id = await returnDue(addDays(today, -1), 'submitted');
    const past = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', { ...REASON, due_again_on: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual({ due_again_on: [DUE_AGAIN_IN_PAST] });
    for (const bad of ['soon', '2026-02-30', 20260101]) {
      const res = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', { ...REASON, due_again_on: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['due_again_on']);
    }
    expect((await returnOf(id)).state).toBe('submitted'); // nothing done
    const onToday = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', { ...REASON, due_again_on: today });
    expect(onToday.statusCode, onToday.body).toBe(200);
    expect(onToday.json()).toMatchObject({ due_again_on: today, overdue: false });
  });

  it('uses the date of the last reopening when a return is reopened twice, and the period’s before the first', async () => {
    const id = await returnDue(addDays(today, -40), 'approved');
    const before = await returnOf(id);
    expect(before).toMatchObject({ due_again_on: null, due_on: addDays(today, -40) });
    await call('POST', `/api/returns/${id}/reopen`, 'appAdmin', { ...REASON, due_again_on: addDays(today, 3) });
    await liveDaysLater(id, 5); // five days on, the first new date has passed: overdue
    expect(await returnOf(id)).toMatchObject({ state: 'reopened', overdue: true });
    // Signed off (not overdue whatever the date), approved, then reopened again with a new date.
    await setReturnState(ctx.db, id, 'submitted');
    expect((await returnOf(id)).overdue).toBe(false);
    await setReturnState(ctx.db, id, 'approved');
    const again = await call('POST', `/api/returns/${id}/reopen`, 'appAdmin', { ...REASON, due_again_on: addDays(today, 7) });
    expect(again.json()).toMatchObject({ due_again_on: addDays(today, 7), overdue: false });
    expect((again.json() as TermReturn).history.map((e) => e.due_again_on)).toEqual([addDays(today, 3), addDays(today, 7)]);
    // The matrix's list says the same as the return.
    const listed: TermReturn[] = (await call('GET', `/api/returns?institutionIds=${inst}`, 'appAdmin')).json();
    expect(listed.find((r) => r.id === id)).toMatchObject({ due_again_on: addDays(today, 7), overdue: false });
  });

  it('leaves approval and sign-off without a new date, and only app admins set one', async () => {
    const id = await returnDue(addDays(today, -3), 'submitted');
    for (const role of ['instAdmin', 'writer', 'globalReader'] as const) {
      expect((await call('POST', `/api/returns/${id}/send-back`, role, REASON)).statusCode, role).toBe(403);
    }
    await call('POST', `/api/returns/${id}/approve`, 'appAdmin');
    const [row] = await queryRows<{ due_again_on: string | null }>(
      ctx.db,
      sql`SELECT to_char(due_again_on, 'YYYY-MM-DD') AS due_again_on FROM term_returns WHERE id = ${id}`,
    );
    expect(row!.due_again_on).toBeNull();
    const approve = await call('POST', `/api/returns/${id}/approve`, 'appAdmin', { due_again_on: today });
    expect(approve.statusCode).toBe(400);
  });

  it('refuses a chosen day before the period’s own due date, naming the field, and takes the period’s day itself', async () => {
    const periodDue = addDays(today, 30);
    const id = await returnDue(periodDue, 'submitted');
    const early = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', { ...REASON, due_again_on: addDays(today, 14) });
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors).toEqual({ due_again_on: [DUE_AGAIN_BEFORE_PERIOD] });
    expect((await returnOf(id)).state).toBe('submitted'); // nothing done
    const onDue = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', { ...REASON, due_again_on: periodDue });
    expect(onDue.statusCode, onDue.body).toBe(200);
    expect(onDue.json()).toMatchObject({ due_again_on: periodDue });
  });

  it('gives by default the day the dialog prefills (one shared rule), whichever of the two is later', async () => {
    for (const periodDue of [addDays(today, -5), addDays(today, 13), addDays(today, 14), addDays(today, 15)]) {
      const id = await returnDue(periodDue, 'submitted');
      const sent = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', REASON);
      expect(sent.json().due_again_on, periodDue).toBe(defaultDueAgainOn(today, periodDue));
    }
  });

  it('moves a sent-back return’s due date with its period’s when the period is made due later, never due before it', async () => {
    const id = await returnDue(addDays(today, 20), 'submitted');
    const sent = await call('POST', `/api/returns/${id}/send-back`, 'appAdmin', REASON);
    expect(sent.json()).toMatchObject({ due_again_on: addDays(today, 20) });
    // The period's due date is moved 15 days later on the Periods screen.
    const moved = await call('PATCH', `/api/periods/${periodOfReturn.get(id)}`, 'appAdmin', { due_on: addDays(today, 35) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await returnOf(id)).toMatchObject({ due_on: addDays(today, 35), due_again_on: addDays(today, 35), overdue: false });
    // Overdue counts from the later day too: the return's own day passed, the period's not yet.
    await liveDaysLater(id, 30); // the stored own day is now in the past
    expect(await returnOf(id)).toMatchObject({ due_again_on: addDays(today, 35), overdue: false });
    const listed: TermReturn[] = (await call('GET', `/api/returns?institutionIds=${inst}`, 'appAdmin')).json();
    expect(listed.find((r) => r.id === id)).toMatchObject({ due_again_on: addDays(today, 35), overdue: false });
  });
});
