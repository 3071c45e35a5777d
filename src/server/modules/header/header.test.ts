import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
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
    ['an unknown type', { ...BANNER, type: 'purple' }, 'type'],
    ['empty text', { ...BANNER, text: '' }, 'text'],
  ])('refuses %s with a 400', async (_label, payload) => {
    const res = await put(payload, 'appAdmin');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});
