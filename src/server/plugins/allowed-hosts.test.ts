import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { createProgram, recordBody } from '../test/record-factories.ts';

const count = async (ctx: TestContext, table: 'sessions' | 'records') =>
  (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

/** What a page on a rebinding domain sends: to the browser it is same-origin with itself, so both headers agree. */
const fromPageAt = (host: string) => ({ host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });

function expectMisdirected(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(421);
  expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/does not answer to that host name/);
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('development answers only to loopback names (DNS rebinding)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createUser(ctx.db, { username: 'appadmin', privileges: { glblAdmin: true } });
  });
  afterAll(() => ctx.close());

  const signIn = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/login/direct', headers, payload: { username: 'appadmin' } });

  it.each(['rebind.evil.example:3000', 'rebind.evil.example', '10.0.0.5:3000', 'localhost.evil.example', '[::2]:3000'])(
    'refuses direct sign-in as appadmin from a page at %s: 421, no cookie, no session',
    async (host) => {
      const before = await count(ctx, 'sessions');
      expectMisdirected(await signIn(fromPageAt(host)));
      expect(await count(ctx, 'sessions')).toBe(before);
    },
  );

  it('refuses a loopback Host that names another host in X-Forwarded-Host', async () => {
    const before = await count(ctx, 'sessions');
    expectMisdirected(await signIn({ ...fromPageAt('localhost:3000'), 'x-forwarded-host': 'rebind.evil.example' }));
    expect(await count(ctx, 'sessions')).toBe(before);
  });

  it.each(['localhost:3000', 'localhost:5173', '127.0.0.1:3123', '127.0.0.2:41801', '[::1]:3000', 'LOCALHOST'])(
    'signs in from a page at the loopback address %s',
    async (host) => {
      const res = await signIn(fromPageAt(host));
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe('appadmin');
    },
  );

  it('refuses pages and reads under another name too, in plain words', async () => {
    for (const url of ['/', '/records', '/api/profile', '/global/header.json', '/assets/no-such.js']) {
      expectMisdirected(await ctx.app.inject({ method: 'GET', url, headers: { host: 'rebind.evil.example' } }));
    }
  });

  it('answers the health check under any name, for load balancers that probe by address', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/health', headers: { host: '10.0.0.5:3000' } });
      expect(res.statusCode).toBe(200);
    }
    // Only the health check: any other method or path on it is still refused.
    expectMisdirected(await ctx.app.inject({ method: 'POST', url: '/api/health', headers: { host: '10.0.0.5' } }));
    expectMisdirected(await ctx.app.inject({ method: 'GET', url: '/api/health/x', headers: { host: '10.0.0.5' } }));
  });
});

describe('development with PUBLIC_URL also answers to its host name', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'http://wil-dev.example.ca:3000' });
  });
  afterAll(() => ctx.close());

  it('answers PUBLIC_URL’s name and loopback, not others', async () => {
    const get = (host: string) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { host } });
    expect((await get('wil-dev.example.ca:3000')).statusCode).toBe(200);
    expect((await get('localhost:3000')).statusCode).toBe(200);
    expectMisdirected(await get('evil.example'));
  });
});

describe('production answers only to PUBLIC_URL’s host name and ALLOWED_HOSTS', () => {
  let ctx: TestContext;
  let cookie: string;
  let body: () => object;
  beforeAll(async () => {
    ctx = await createTestContext({
      ...PRODUCTION_ENV,
      PUBLIC_URL: 'https://wil.example.ca',
      ALLOWED_HOSTS: 'wil-app-1.internal',
    });
    const institutionId = await createInstitution(ctx.db);
    const programId = await createProgram(ctx.db, institutionId);
    cookie = await ctx.cookieFor(await createUser(ctx.db, { privileges: { write: [institutionId] } }));
    // A new fiscal year and term each time: one record per program, year and term.
    body = () => recordBody(institutionId, programId);
  });
  afterAll(() => ctx.close());

  const create = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/records', headers: { cookie, ...headers }, payload: body() });

  it.each([
    ['its public name', { host: 'wil.example.ca', origin: 'https://wil.example.ca' }],
    ['its public name with a port', { host: 'wil.example.ca:443', origin: 'https://wil.example.ca' }],
    [
      'a name in ALLOWED_HOSTS (a proxy passing its own)',
      { host: 'wil-app-1.internal:3000', 'x-forwarded-host': 'wil.example.ca' },
    ],
  ])('saves a record sent to %s', async (_, headers) => {
    const before = await count(ctx, 'records');
    expect((await create(headers)).statusCode).toBe(200);
    expect(await count(ctx, 'records')).toBe(before + 1);
  });

  it.each([
    ['another name', { host: 'rebind.evil.example', origin: 'http://rebind.evil.example' }],
    ['a loopback name (only development allows them)', { host: 'localhost:3000' }],
    ['a loopback address', { host: '127.0.0.1:3000' }],
    ['our name, forwarded for another', { host: 'wil.example.ca', 'x-forwarded-host': 'rebind.evil.example' }],
    ['another name, forwarded as ours', { host: 'rebind.evil.example', 'x-forwarded-host': 'wil.example.ca' }],
    ['our name then another, forwarded', { host: 'wil.example.ca', 'x-forwarded-host': 'wil.example.ca, evil.example' }],
  ])('refuses a write sent to %s with 421 and saves nothing', async (_, headers) => {
    const before = await count(ctx, 'records');
    const res = await create(headers);
    expectMisdirected(res);
    expect(res.body).toContain('https://wil.example.ca');
    expect(await count(ctx, 'records')).toBe(before);
  });

  it('answers the health check by address', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
