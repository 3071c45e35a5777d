import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../test/factories.ts';
import { createRouteCases, injectCase, type RouteCase } from '../test/route-cases.ts';

/**
 * Personal data is not cached (plugins/no-store.ts): every API route the server registers, called by every kind of
 * caller (so successes, refusals and validation errors alike), answers with `Cache-Control: no-store`.
 */
describe('no API answer may be cached', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRouteCases>>['matrix'];
  let cases: RouteCase[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ matrix, cases } = await createRouteCases(ctx));
  });
  afterAll(() => ctx.close());

  it('walks every API route the server registers', () => {
    expect(new Set(cases.map((c) => c.route))).toEqual(new Set(ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`)));
  });

  it.each(ROLE_NAMES.map((role, n) => [role, n] as [RoleName, number]))(
    'sends no-store to %s on every route',
    async (role, n) => {
      const userId = role === 'signedOut' ? null : matrix.users[role];
      const actual: string[] = [];
      const expected: string[] = [];
      for (const c of cases) {
        const res = await injectCase(ctx, c, userId === null ? undefined : await ctx.cookieFor(userId));
        expect(res.statusCode, `${c.route} ${c.url}`).toBe(c.expect[n]);
        actual.push(`${c.route} → ${res.statusCode} ${String(res.headers['cache-control'])}`);
        expected.push(`${c.route} → ${res.statusCode} no-store`);
      }
      expect(actual).toEqual(expected);
    },
  );

  it('sends no-store on errors that no route answers: unknown API paths, bad ids, bad bodies, cross-site refusals', async () => {
    const cookie = await ctx.cookieFor(matrix.users.appAdmin);
    const responses = await Promise.all([
      ctx.app.inject({ url: '/api/nothing-here' }),
      ctx.app.inject({ url: '/api' }),
      ctx.app.inject({ url: '/API/Records', headers: { cookie } }),
      ctx.app.inject({ url: '/api/records/0x10', headers: { cookie } }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/records/find',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{',
      }),
      ctx.app.inject({
        method: 'PUT',
        url: '/api/records',
        headers: { cookie, origin: 'https://elsewhere.example' },
        payload: {},
      }),
    ]);
    expect(responses.map((r) => [r.statusCode, r.headers['cache-control']])).toEqual([
      [404, 'no-store'],
      [404, 'no-store'],
      [200, 'no-store'],
      [400, 'no-store'],
      [400, 'no-store'],
      [403, 'no-store'],
    ]);
  });

  it('leaves the pages of the app to their own caching', async () => {
    const res = await ctx.app.inject({ url: '/records' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
