import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../test/factories.ts';
import { createRouteCases, injectCase, type RouteCase } from '../test/route-cases.ts';

/**
 * Access control, walked over every API route the server registers (app.apiRoutes, so a new route fails the first
 * test until it is given a row in test/route-cases.ts) × every kind of caller, against its table of expected statuses.
 *
 * Requests that change things send a body that is refused by validation, so a caller who gets past the guards
 * sees 400 and nothing is written: the status alone tells whether the guard let them through.
 */

describe('access control over every API route', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRouteCases>>['matrix'];
  let cases: RouteCase[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ matrix, cases } = await createRouteCases(ctx));
  });
  afterAll(() => ctx.close());

  it('has an expectation for every API route the server registers, and none for a route it does not', () => {
    const registered = new Set(ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(new Set(cases.map((c) => c.route))).toEqual(registered);
  });

  it.each(ROLE_NAMES.map((role, n) => [role, n] as [RoleName, number]))('answers %s as the table says', async (role, n) => {
    const userId = role === 'signedOut' ? null : matrix.users[role];
    const actual: string[] = [];
    const expected: string[] = [];
    for (const c of cases) {
      // A fresh session for every call, so signing out (GET /api/logout) cannot spoil the calls after it.
      const cookie = userId === null ? undefined : await ctx.cookieFor(userId);
      const res = await injectCase(ctx, c, cookie);
      actual.push(`${c.route} ${c.url} → ${res.statusCode}`);
      expected.push(`${c.route} ${c.url} → ${c.expect[n]}`);
    }
    expect(actual).toEqual(expected);
  });
});
