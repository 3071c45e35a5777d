import { describe, expect, it } from 'vitest';
import { CALLERS, callEveryCase, routesWalked, walkEveryRoute } from '../test/route-cases.ts';

/**
 * Personal data is not cached (plugins/no-store.ts): every API route the server registers, called by every kind of
 * caller (so successes, refusals and validation errors alike), answers with `Cache-Control: no-store`.
 */
describe('no API answer may be cached', () => {
  const walk = walkEveryRoute();

  it('walks every API route the server registers', () => {
    const { called, registered } = routesWalked(walk);
    expect(called).toEqual(registered);
  });

  it.each(CALLERS)('sends no-store to %s on every route', async (role, n) => {
    const answers = await callEveryCase(walk, role);
    // The statuses the access matrix expects: the answers checked are the real ones, not a guard's early refusal.
    for (const { c, res } of answers) expect(res.statusCode, `${c.route} ${c.url}`).toBe(c.expect[n]);
    const actual = answers.map(({ c, res }) => `${c.route} → ${res.statusCode} ${String(res.headers['cache-control'])}`);
    expect(actual).toEqual(answers.map(({ c, res }) => `${c.route} → ${res.statusCode} no-store`));
  });

  it('sends no-store on errors that no route answers: unknown API paths, bad ids, bad bodies, cross-site refusals', async () => {
    const { ctx, matrix } = walk;
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
    const res = await walk.ctx.app.inject({ url: '/records' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
