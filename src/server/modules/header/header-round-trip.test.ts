import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';

describe('advisory banner: PUT /api/header accepts what /global/header.json returns', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/header', payload, headers: { cookie: admin } });
  const read = async () => (await ctx.app.inject({ method: 'GET', url: '/global/header.json' })).json();

  it('takes back what GET answered with one value changed, and {} (GET with no banner) clears it', async () => {
    expect((await put({ text: 'Maintenance tonight', type: 'info', icon: 'info-circle', url: '/help' })).statusCode).toBe(200);
    const before = await read();
    const res = await put({ ...before, type: 'warning' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toEqual({ ...before, type: 'warning' });
    expect((await put(await read())).statusCode).toBe(200);
    expect((await put({})).statusCode).toBe(200);
    const empty = await read();
    expect(empty).toEqual({});
    expect((await put(empty)).statusCode).toBe(200);
  });

  it('refuses an unknown field by name, and a partial banner naming what is missing, changing nothing', async () => {
    const banner = { text: 'Kept', type: 'info', icon: '' };
    expect((await put(banner)).statusCode).toBe(200);
    for (const [body, fields] of [
      [{ ...banner, colour: 'red' }, ['colour']],
      [{ colour: 'red' }, ['colour']],
      [{ url: '/help' }, ['text', 'type', 'icon']],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(fields);
    }
    expect(await read()).toEqual(banner);
  });
});
