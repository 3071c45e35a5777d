import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { createProgram, recordBody } from '../test/record-factories.ts';

/**
 * Sessions are cached per server (session-cache.ts); these tests hold the cache to the rule that a change to who may
 * do what is never outlived: through the app at once, from elsewhere as soon as the database's notice arrives.
 */
describe('the session cache never outlives a change of rights', () => {
  let ctx: TestContext;
  let institutionId: number;
  let programId: number;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    institutionId = await createInstitution(ctx.db);
    programId = await createProgram(ctx.db, institutionId);
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const createRecord = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'PUT', url: '/api/records', headers: { cookie }, payload: recordBody(institutionId, programId) });
  const username = async (app: FastifyInstance, cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username as string;
  /** Polls `check` until it holds or ten seconds pass (a busy machine): the notice travels through the database. */
  const soon = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('takes rights removed through the app away on the very next request', async () => {
    const writerId = await createUser(ctx.db, { privileges: { write: [institutionId] } });
    const writer = await ctx.cookieFor(writerId);
    expect((await createRecord(ctx.app, writer)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${writerId}`,
      headers: { cookie: admin },
      payload: { privileges: { read: [institutionId], write: [] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await createRecord(ctx.app, writer)).statusCode).toBe(403);
  });

  it('tells another server on the same database of a change made through this one', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      const writerId = await createUser(ctx.db, { privileges: { write: [institutionId] } });
      const writer = await ctx.cookieFor(writerId);
      expect((await createRecord(other, writer)).statusCode).toBe(200); // cached there now
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${writerId}`, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await soon(async () => (await username(other, writer)) === '')).toBe(true);
      expect((await createRecord(other, writer)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('hears of privileges changed straight in the database', async () => {
    const writerId = await createUser(ctx.db, { privileges: { write: [institutionId] } });
    const writer = await ctx.cookieFor(writerId);
    expect((await createRecord(ctx.app, writer)).statusCode).toBe(200);
    await queryRows(ctx.db, sql`DELETE FROM user_privileges WHERE user_id = ${writerId}`);
    expect(await soon(async () => (await createRecord(ctx.app, writer)).statusCode === 403)).toBe(true);
  });

  it('ends a session signed out elsewhere, and one deleted straight in the database', async () => {
    const userId = await createUser(ctx.db, { username: 'two-tabs' });
    const cookie = await ctx.cookieFor(userId);
    expect(await username(ctx.app, cookie)).toBe('two-tabs');
    await queryRows(ctx.db, sql`DELETE FROM sessions WHERE user_id = ${userId}`);
    expect(await soon(async () => (await username(ctx.app, cookie)) === '')).toBe(true);
  });
});

// PostgreSQL only: PGlite lives in the server's own process, so there are no notices to miss.
if (process.env.TEST_DB === 'postgres') {
  describe('while the database notices cannot be heard (PostgreSQL)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    const listenerPids = async () =>
      (
        await queryRows<{ pid: number }>(
          ctx.db,
          sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN wil_session_cache%'`,
        )
      ).map((r) => r.pid);
    const profile = async (cookie: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username as string;
    /** Makes a session idle beyond its limit without a notice (last_seen_at is not watched): only a fresh read sees it. */
    const idleOut = (userId: number) =>
      queryRows(ctx.db, sql`UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE user_id = ${userId}`);

    it('caches while listening, stops caching when the connection is lost, and resumes once it is back', async () => {
      await expect.poll(listenerPids, { timeout: 5000 }).toHaveLength(1);

      // Listening: a cached session outlives an unwatched change until the cache's minute is up.
      const cachedId = await createUser(ctx.db, { username: 'cached' });
      const cached = await ctx.cookieFor(cachedId);
      expect(await profile(cached)).toBe('cached');
      await idleOut(cachedId);
      expect(await profile(cached)).toBe('cached');

      // The listener's connection dies: from then on every request reads the database.
      const [pid] = await listenerPids();
      await queryRows(ctx.db, sql`SELECT pg_terminate_backend(${pid}::int)`);
      await expect.poll(async () => profile(cached), { timeout: 2000 }).toBe('');
      // It reconnects by itself, and notices work again.
      await expect.poll(async () => (await listenerPids()).filter((p) => p !== pid), { timeout: 5000 }).toHaveLength(1);
      const laterId = await createUser(ctx.db, { username: 'later' });
      const later = await ctx.cookieFor(laterId);
      expect(await profile(later)).toBe('later');
      await queryRows(ctx.db, sql`UPDATE users SET active = false WHERE id = ${laterId}`);
      await expect.poll(async () => profile(later), { timeout: 2000 }).toBe('');
    });
  });
}
