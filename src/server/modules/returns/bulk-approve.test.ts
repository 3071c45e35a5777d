import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkApproveOutcome, TermReturn } from '../../../shared/schemas/returns.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { insertPeriodWithReturns, setReturnState, storedReturn } from '../../test/return-factories.ts';

/**
 * Approving many returns at once (issue 30, POST /api/returns/approve): rights as for a single approval, each return
 * all-or-nothing on its own (not the batch), a return changed since it was chosen refused with the single approval's
 * reason while the others pass, a history line and audit entry per return, and two requests racing approve each once.
 */

type Call = MatrixCaller['call'];
const URL = '/api/returns/approve';

describe('POST /api/returns/approve', () => {
  let ctx: TestContext;
  let call: Call;
  let matrix: MatrixCaller['matrix'];
  let institutionIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    institutionIds = [matrix.institutions.own, matrix.institutions.other];
    for (let i = 0; i < 4; i++) institutionIds.push(await createInstitution(ctx.db));
  }, 120_000);
  afterAll(() => ctx?.close());

  /** A fresh period whose returns are all submitted (arranged directly), with the versions an admin would see. */
  async function submittedReturns(count = institutionIds.length): Promise<{ id: number; version: number }[]> {
    const { returnIds } = await insertPeriodWithReturns(ctx.db, institutionIds.slice(0, count));
    const chosen = [];
    for (const id of returnIds) {
      await setReturnState(ctx.db, id, 'submitted');
      chosen.push({ id, version: (await storedReturn(ctx.db, id)).version });
    }
    return chosen;
  }

  const approveEvents = async (id: number) =>
    queryRows<{ from_state: string; to_state: string; user_id: number }>(
      ctx.db,
      sql`SELECT from_state, to_state, user_id FROM return_events WHERE return_id = ${id} AND action = 'approve' ORDER BY id`,
    );
  const approveAudits = async (id: number) =>
    queryRows<{ changed_by: number }>(
      ctx.db,
      sql`SELECT changed_by FROM audit_log WHERE entity_type = 'return' AND entity_id = ${id} AND action = 'approve'`,
    );

  it('is for app admins only, checked before the body is read (the role matrix)', async () => {
    const chosen = await submittedReturns(2);
    const got: string[] = [];
    for (const role of ROLE_NAMES) {
      // A body that is not one: a caller without the right learns only that they may not.
      got.push(`${role} ${(await call('POST', URL, role, { x: 1 })).statusCode}`);
      if (role !== 'appAdmin') got.push(`${role} ${(await call('POST', URL, role, { returns: chosen })).statusCode}`);
    }
    expect(got).toEqual([
      'signedOut 401',
      'signedOut 401',
      'userOnly 403',
      'userOnly 403',
      'reader 403',
      'reader 403',
      'writer 403',
      'writer 403',
      'instAdmin 403',
      'instAdmin 403',
      'globalReader 403',
      'globalReader 403',
      'appAdmin 400',
    ]);
    for (const { id } of chosen) expect((await storedReturn(ctx.db, id)).state).toBe('submitted');
  });

  it('approves each return listed, each with its own history line and audit entry', async () => {
    const chosen = await submittedReturns(3);
    const res = await call('POST', URL, 'appAdmin', { returns: chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual(chosen.map(({ id }) => ({ id, ok: true })));
    for (const { id, version } of chosen) {
      expect(await storedReturn(ctx.db, id)).toEqual({ state: 'approved', version: version + 1 });
      expect(await approveEvents(id)).toEqual([
        { from_state: 'submitted', to_state: 'approved', user_id: matrix.users.appAdmin },
      ]);
      expect(await approveAudits(id)).toEqual([{ changed_by: matrix.users.appAdmin }]);
      const shown: TermReturn = (await call('GET', `/api/returns/${id}`, 'appAdmin')).json();
      expect(shown.first_approved_at).not.toBeNull();
    }
  });

  it('refuses a return changed since it was chosen with the single approval’s reason, and approves the others', async () => {
    const chosen = await submittedReturns(4);
    const [stale, sentBack] = chosen;
    // Between selection and confirmation: one return's version moved on, another was sent back.
    await ctx.db.execute(sql`UPDATE term_returns SET version = version + 1 WHERE id = ${stale!.id}`);
    const back = await call('POST', `/api/returns/${sentBack!.id}/send-back`, 'appAdmin', { reason: 'Fall looks doubled' });
    expect(back.statusCode).toBe(200);

    const res = await call('POST', URL, 'appAdmin', { returns: [...chosen, { id: 2147483000, version: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const results: BulkApproveOutcome[] = res.json().results;
    expect(results.map((r) => [r.id, r.ok, r.ok ? null : r.code])).toEqual([
      [stale!.id, false, 'return_version'],
      [sentBack!.id, false, 'return_version'],
      [chosen[2]!.id, true, null],
      [chosen[3]!.id, true, null],
      [2147483000, false, 'not_found'],
    ]);
    const staleMessage = (results[0] as { message: string }).message;
    expect(staleMessage).toMatch(/changed \(version \d+\) after you opened it/);
    expect(await approveEvents(stale!.id)).toEqual([]);
    expect((await storedReturn(ctx.db, sentBack!.id)).state).toBe('open');
    expect(await approveEvents(sentBack!.id)).toEqual([]);

    // Chosen again with the version now shown, the sent-back return is refused for its state, in the single approval's words.
    const single = await call('POST', `/api/returns/${sentBack!.id}/approve`, 'appAdmin');
    expect(single.statusCode).toBe(409);
    const now = await storedReturn(ctx.db, sentBack!.id);
    const again = await call('POST', URL, 'appAdmin', { returns: [{ id: sentBack!.id, version: now.version }] });
    expect(again.json().results).toEqual([{ id: sentBack!.id, ok: false, code: 'return_state', message: single.json().message }]);
  });

  it('keeps each approval all-or-nothing on its own: one that fails half-way leaves its return untouched, not the others', async () => {
    const chosen = await submittedReturns(3);
    const broken = chosen[1]!;
    // A real failure inside the approval's transaction, after the state was written: the history line is refused.
    await ctx.db.execute(
      sql.raw(`CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.return_id = ${broken.id} THEN RAISE EXCEPTION 'history refused by the test'; END IF; RETURN NEW; END $$`),
    );
    await ctx.db.execute(
      sql.raw('CREATE TRIGGER refuse_event BEFORE INSERT ON return_events FOR EACH ROW EXECUTE FUNCTION refuse_event()'),
    );
    try {
      const res = await call('POST', URL, 'appAdmin', { returns: chosen });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.map((r: BulkApproveOutcome) => [r.id, r.ok, r.ok ? null : r.code])).toEqual([
        [chosen[0]!.id, true, null],
        [broken.id, false, 'failed'],
        [chosen[2]!.id, true, null],
      ]);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER refuse_event ON return_events'));
      await ctx.db.execute(sql.raw('DROP FUNCTION refuse_event()'));
    }
    expect(await storedReturn(ctx.db, broken.id)).toEqual({ state: 'submitted', version: broken.version });
    expect(await approveAudits(broken.id)).toEqual([]);
    for (const other of [chosen[0]!, chosen[2]!]) {
      expect(await storedReturn(ctx.db, other.id)).toEqual({ state: 'approved', version: other.version + 1 });
    }
  });

  it('refuses a body that is not a list of distinct {id, version}, naming the field, and approves nothing', async () => {
    const [one] = await submittedReturns(1);
    const bodies: unknown[] = [
      {},
      { returns: [] },
      { returns: [one, one] },
      {
        returns: [
          { id: one!.id, version: one!.version },
          { id: one!.id, version: one!.version + 1 },
        ],
      },
      { returns: [{ id: one!.id }] },
      { returns: [{ id: String(one!.id), version: one!.version }] },
      { returns: [{ id: one!.id, version: 1.5 }] },
      { returns: [{ id: 0, version: 1 }] },
      { returns: [{ id: 2147483648, version: 1 }] },
      { returns: [{ id: one!.id, version: one!.version, state: 'approved' }] },
      { returns: [one], extra: true },
      { returns: one },
      { returns: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, version: 1 })) },
    ];
    for (const body of bodies) {
      const res = await call('POST', URL, 'appAdmin', body as object);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const named = Object.keys(res.json().fieldErrors ?? {});
      expect(named.length > 0 && named.every((field) => field === 'extra' || field.startsWith('returns')), named.join()).toBe(
        true,
      );
    }
    expect((await storedReturn(ctx.db, one!.id)).state).toBe('submitted');
    // 500 is the limit, and a list that long is taken (unknown ids refused one by one).
    const many = Array.from({ length: 500 }, (_, i) => ({ id: 2147483000 - i, version: 1 }));
    const res = await call('POST', URL, 'appAdmin', { returns: many });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.every((r: BulkApproveOutcome) => !r.ok && r.code === 'not_found')).toBe(true);
  });

  it('approves each return once when two bulk approvals race for the same returns', async () => {
    const chosen = await submittedReturns(6);
    const reversed = [...chosen].reverse();
    const [a, b] = await Promise.all([
      call('POST', URL, 'appAdmin', { returns: chosen }),
      call('POST', URL, 'appAdmin', { returns: reversed }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const outcomes = [...a.json().results, ...b.json().results] as BulkApproveOutcome[];
    for (const { id, version } of chosen) {
      const mine = outcomes.filter((o) => o.id === id);
      expect(mine.filter((o) => o.ok)).toHaveLength(1);
      // The loser saw the winner's approval: a newer version (it is checked first) and the single approval's words.
      expect(mine.filter((o) => !o.ok).map((o) => (o.ok ? null : o.code))).toEqual(['return_version']);
      expect(await storedReturn(ctx.db, id)).toEqual({ state: 'approved', version: version + 1 });
      expect(await approveEvents(id)).toHaveLength(1);
      expect(await approveAudits(id)).toHaveLength(1);
    }
  });
});
