import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteBanner } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createRoleMatrix } from '../../test/factories.ts';

const BANNER = {
  text: 'Scheduled maintenance Saturday 8–10 a.m.',
  type: 'warning',
  icon: 'alert-triangle',
  url: 'https://status.example.ca/',
};

describe('advisory banner', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    matrix = await createRoleMatrix(ctx.db);
  });
  afterAll(() => ctx.close());

  const put = async (payload: unknown, who?: keyof typeof matrix.users) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/header',
      payload: payload as object,
      headers: who ? { cookie: await ctx.cookieFor(matrix.users[who]) } : {},
    });

  it('answers {} at /global/header.json when there is no banner, to anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/global/header.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it.each([
    [undefined, 401],
    ['userOnly', 403],
    ['reader', 403],
    ['writer', 403],
    ['instAdmin', 403],
    ['globalReader', 403],
  ] as const)('refuses PUT /api/header for %s with %i and changes nothing', async (who, status) => {
    const res = await put(BANNER, who);
    expect(res.statusCode).toBe(status);
    expect((await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json()).toEqual({});
  });

  it('lets an app admin set the banner, audited, and clear it with {}', async () => {
    const set = await put(BANNER, 'appAdmin');
    expect(set.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json()).toEqual(BANNER);
    expect((await put({}, 'appAdmin')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json()).toEqual({});
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'banner'));
    expect(audit.map((a) => [a.action, a.changedBy])).toEqual([
      ['set', matrix.users.appAdmin],
      ['clear', matrix.users.appAdmin],
    ]);
    expect(audit[0]!.after).toEqual(BANNER);
  });

  it.each([
    ['a link that is not a web address', { ...BANNER, url: 'javascript:alert(1)' }, 'url'],
    ['a path a browser reads as another host (/\\)', { ...BANNER, url: '/\\evil.example' }, 'url'],
    ['a protocol-relative link', { ...BANNER, url: '//evil.example' }, 'url'],
    ['a path whose dot segments resolve to another host', { ...BANNER, url: '/..//evil.example' }, 'url'],
    ['a path with an encoded slash', { ...BANNER, url: '/%2F%2Fevil.example' }, 'url'],
    ['a path with a tab in it', { ...BANNER, url: '/\t/evil.example' }, 'url'],
    ['a plain http link', { ...BANNER, url: 'http://status.example.ca/' }, 'url'],
    ['an https link with credentials', { ...BANNER, url: 'https://wil.example.ca@evil.example/' }, 'url'],
    ['an unknown type', { ...BANNER, type: 'purple' }, 'type'],
    ['empty text', { ...BANNER, text: '' }, 'text'],
  ])('refuses %s with a 400, and keeps the banner as it was', async (_label, payload) => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json();
    const res = await put(payload, 'appAdmin');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json()).toEqual(before);
  });

  it('names each field a banner lacks as required, not as of the wrong kind', async () => {
    const res = await put({ text: 'Maintenance tonight' }, 'appAdmin');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      type: ['Type is required: one of info, success, warning, error'],
      icon: ['Icon is required'],
    });
  });

  it('accepts a path on this site as the link', async () => {
    const banner = { ...BANNER, url: '/reports/params?type=region' };
    expect((await put(banner, 'appAdmin')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json()).toEqual(banner);
  });

  it('serves a link stored under the older rule without it, so no page follows it', async () => {
    expect((await put(BANNER, 'appAdmin')).statusCode).toBe(200);
    await ctx.db.update(siteBanner).set({ url: '/\\evil.example' });
    const res = await ctx.app.inject({ method: 'GET', url: '/global/header.json' });
    expect(res.statusCode).toBe(200);
    const { url: _url, ...withoutLink } = BANNER;
    expect(res.json()).toEqual(withoutLink);
  });
});
