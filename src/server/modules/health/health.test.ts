import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('answers ok with the database up, without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with db "down" when the database is unreachable, with or without a session cookie', async () => {
    // The browser's health checks carry its cookie: the session lookup must not turn them into a 500.
    const cookie = await ctx.cookieFor(await createUser(ctx.db));
    await ctx.database.close();
    for (const headers of [{}, { cookie }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', db: 'down' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
