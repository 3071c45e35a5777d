import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, PRODUCTION_ENV } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { createProgram, recordBody } from '../test/record-factories.ts';

/** A state-changing request a page of another site could make with the person's cookie, and what the app must do. */
async function setUp(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  const institutionId = await createInstitution(ctx.db);
  const programId = await createProgram(ctx.db, institutionId);
  const cookie = await ctx.cookieFor(await createUser(ctx.db, { privileges: { write: [institutionId] } }));
  const create = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/records',
      headers: { cookie, ...headers },
      payload: recordBody(institutionId, programId),
    });
  const recordCount = async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM records`))[0]!.n;
  return { ctx, create, recordCount };
}

describe('cross-site writes are refused (development: the site is the host the browser used)', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp();
  });
  afterAll(() => t.ctx.close());

  it.each([
    ['another site says so (Sec-Fetch-Site: cross-site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain says so (Sec-Fetch-Site: same-site)', { 'sec-fetch-site': 'same-site' }],
    ['the Origin is another site', { origin: 'https://evil.example' }],
    ['the Origin is this host on another port', { origin: 'http://localhost:8080' }],
    ['the Origin is opaque (sandboxed frame)', { origin: 'null' }],
    ['the Origin is this site but Sec-Fetch-Site says otherwise', { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' }],
  ])('refuses with 403 and writes nothing when %s', async (_, headers) => {
    const before = await t.recordCount();
    const res = await t.create(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/another site/);
    expect(await t.recordCount()).toBe(before);
  });

  it.each([
    ['the browser says same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    ['the person typed or bookmarked it (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['an older browser sends only a matching Origin', { origin: 'http://localhost' }],
    ['no browser is involved (neither header)', {}],
  ])('accepts the write when %s', async (_, headers) => {
    const before = await t.recordCount();
    const res = await t.create(headers);
    expect(res.statusCode).toBe(200);
    expect(await t.recordCount()).toBe(before + 1);
  });

  it('guards sign-in too, so another site cannot sign a person in as someone else', async () => {
    await createUser(t.ctx.db, { username: 'planted' });
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/login/direct',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'planted' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('leaves reads alone: a cross-site GET is answered (CORS keeps its body from the other site)', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('cross-site writes are refused (production: the site is PUBLIC_URL, whatever Host says)', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp(PRODUCTION_ENV);
  });
  afterAll(() => t.ctx.close());

  it('accepts an Origin equal to PUBLIC_URL', async () => {
    expect((await t.create({ origin: PRODUCTION_ENV.PUBLIC_URL })).statusCode).toBe(200);
  });

  it('refuses an Origin that only matches the Host header a proxy passed on', async () => {
    const before = await t.recordCount();
    const res = await t.create({ origin: 'http://localhost', host: 'localhost' });
    expect(res.statusCode).toBe(403);
    expect(await t.recordCount()).toBe(before);
  });
});
