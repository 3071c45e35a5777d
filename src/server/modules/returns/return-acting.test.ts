import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_BEHALF_REASON_REQUIRED } from '../../../shared/return-acting.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf, setReturnState } from '../../test/return-factories.ts';

/**
 * Acting for an institution (issue 30): an app admin who is not an admin of the return's institution zero-fills or
 * signs off on its behalf only with a reason, kept in the history and the audit; the institution's own admins (an app
 * admin among them) give none, and a reason from them is refused rather than silently dropped.
 */

describe('term returns: acting for an institution', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];
  let ownReturn: number;
  let ownAppAdminCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    await createProgram(ctx.db, matrix.institutions.own);
    const created = await call('PUT', '/api/periods', 'appAdmin', freshPeriodKey());
    ownReturn = await returnIdOf(ctx.db, matrix.institutions.own, created.json().id);
    // An app admin who is also an admin of the own institution signs off for it, not on its behalf.
    const both = await createUser(ctx.db, {
      username: 'acting-both',
      privileges: { glblAdmin: true, admin: [matrix.institutions.own] },
    });
    ownAppAdminCookie = await ctx.cookieFor(both);
  }, 120_000);
  afterAll(() => ctx?.close());

  const asBoth = (action: string, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/returns/${ownReturn}/${action}`,
      payload,
      headers: { cookie: ownAppAdminCookie },
    });

  it('requires a reason of an app admin acting for another institution, naming the field, and does nothing without it', async () => {
    for (const action of ['fill-zeros', 'submit'] as const) {
      await setReturnState(ctx.db, ownReturn, 'open');
      for (const body of [{}, { reason: '   ' }, { reason: 'bad\u0000reason' }, { reason: 'x'.repeat(2001) }]) {
        const res = await call('POST', `/api/returns/${ownReturn}/${action}`, 'appAdmin', body);
        expect(res.statusCode, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual(['reason']);
      }
      expect((await call('POST', `/api/returns/${ownReturn}/${action}`, 'appAdmin')).json().message).toBe(
        ON_BEHALF_REASON_REQUIRED,
      );
    }
    const returned: TermReturn = (await call('GET', `/api/returns/${ownReturn}`, 'appAdmin')).json();
    expect(returned).toMatchObject({ state: 'not started', reported: 0 });
    expect(returned.history).toEqual([]);
  });

  it('keeps the reason in the history and the audit as acting on the institution’s behalf', async () => {
    await setReturnState(ctx.db, ownReturn, 'open');
    const filled = await call('POST', `/api/returns/${ownReturn}/fill-zeros`, 'appAdmin', {
      reason: 'Overdue; UVic asked by phone',
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const signed = await call('POST', `/api/returns/${ownReturn}/submit`, 'appAdmin', { reason: 'Signed as asked by phone' });
    expect(signed.statusCode, signed.body).toBe(200);
    const history = (signed.json() as TermReturn).history;
    expect(history.map((e) => [e.action, e.on_behalf_reason, e.user_name])).toEqual([
      ['fill-zeros', 'Overdue; UVic asked by phone', 'matrix-appadmin'],
      ['submit', 'Signed as asked by phone', 'matrix-appadmin'],
    ]);
    // The zero fill's own note stays: which programs were filled.
    expect(history[0]!.reason).toMatch(/^Zero records for 1 program/);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, ownReturn)));
    expect(audits.slice(-2).map((a) => [a.action, (a.after as { on_behalf_reason?: string }).on_behalf_reason])).toEqual([
      ['fill-zeros', 'Overdue; UVic asked by phone'],
      ['submit', 'Signed as asked by phone'],
    ]);
  });

  it('asks no reason of the institution’s own admins, an app admin among them, and refuses one from them', async () => {
    await setReturnState(ctx.db, ownReturn, 'open');
    const own = await call('POST', `/api/returns/${ownReturn}/submit`, 'instAdmin');
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as TermReturn).history.at(-1)).toMatchObject({ action: 'submit', on_behalf_reason: null });
    await setReturnState(ctx.db, ownReturn, 'open');
    const both = await asBoth('submit');
    expect(both.statusCode, both.body).toBe(200);
    expect((both.json() as TermReturn).history.at(-1)).toMatchObject({ on_behalf_reason: null, user_name: 'acting-both' });
    await setReturnState(ctx.db, ownReturn, 'open');
    for (const res of [
      await call('POST', `/api/returns/${ownReturn}/submit`, 'instAdmin', { reason: 'Why not' }),
      await asBoth('fill-zeros', { reason: 'Why not' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['reason']);
    }
  });

  it('checks rights before the reason: a writer or reader gets 403 whatever the body', async () => {
    await setReturnState(ctx.db, ownReturn, 'open');
    for (const role of ['writer', 'reader', 'globalReader', 'userOnly'] as const) {
      for (const action of ['fill-zeros', 'submit']) {
        expect((await call('POST', `/api/returns/${ownReturn}/${action}`, role, {})).statusCode, role).toBe(403);
      }
    }
    // Approval is the app admins' own decision, never on anyone's behalf: it takes no reason.
    await setReturnState(ctx.db, ownReturn, 'submitted');
    const approve = await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin', { reason: 'x' });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().fieldErrors).toHaveProperty('reason');
  });
});
