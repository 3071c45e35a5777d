import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'wil_session');
  return c ? `${c.name}=${c.value}` : '';
};

describe('direct sign-in (development)', () => {
  let ctx: TestContext;
  let uvic: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    uvic = await createInstitution(ctx.db, { shortName: 'UVic', nameCode: 'UVIC' });
    await createUser(ctx.db, {
      username: 'writer',
      prefName: 'Wren Writer',
      privileges: { write: [uvic] },
      homeInstitutionId: uvic,
    });
    await createUser(ctx.db, { username: 'gone', active: false });
  });
  afterAll(() => ctx.close());

  it('signs in as an existing user with an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'Writer' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'writer',
      prefName: 'Wren Writer',
      institution: 'UVic',
      homeInstitution: uvic,
      roles: ['user', 'write'],
    });
    const cookie = res.cookies.find((c) => c.name === 'wil_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: cookieOf(res) } });
    expect(profile.json().username).toBe('writer');
  });

  it('stores only a hash of the session token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'writer' } });
    const token = res.cookies.find((c) => c.name === 'wil_session')!.value;
    const stored = await ctx.db.select({ id: sessions.id }).from(sessions);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((s) => s.id === token)).toBe(false);
  });

  it('gives a new session at each sign-in and ends the old one', async () => {
    const first = cookieOf(await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'writer' } }));
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/direct',
      payload: { username: 'writer' },
      headers: { cookie: first },
    });
    expect(cookieOf(second)).not.toBe(first);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: first } });
    expect(old.json().username).toBe('');
  });

  it('refuses an unknown username with a 400 naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'nobody' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ username: ['No user has this username.'] });
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a deactivated user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'gone' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);
  });

  it.each([
    ['a missing username', {}, 'username'],
    ['a blank username', { username: '   ' }, 'username'],
    ['a number for username', { username: 42 }, 'username'],
    ['an unknown field', { username: 'writer', admin: true }, 'admin'],
  ])('answers 400 naming the field for %s', async (_label, payload, field) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toContain(field);
  });

  it('lists the users the development sign-in page offers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login/direct/users' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ username: 'writer', prefName: 'Wren Writer', summary: 'Write: UVic' }]);
  });

  it('sends GET /api/login to the direct sign-in page when no provider is configured, keeping only a relative returnPath', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/login?returnPath=%2Frecords%3Fpage%3D2' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/login?returnPath=%2Frecords%3Fpage%3D2');
    for (const evil of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/..//127.0.0.2:41801/pwned',
      '/./\\evil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      '/api/logout',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/login?returnPath=${encodeURIComponent(evil)}` });
      expect(res.headers.location, evil).toBe('/login?returnPath=%2F');
    }
  });

  it('does not turn a returnPath with dot segments into another host (issue 17: /..//host)', async () => {
    // As the report sent it: not encoded, so the server's own query parsing is part of the test.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login?returnPath=/..//127.0.0.2:41801/pwned' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnPath=%2F');
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const cookie = cookieOf(await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'writer' } }));
    const out = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(out.cookies.find((c) => c.name === 'wil_session')?.value).toBe('');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(after.json().username).toBe('');
  });

  // Deactivation through the app ends sessions on the very next request (users.test.ts); a change typed straight into
  // the database reaches this server through the database's notices, within moments rather than at the next request.
  it('ends the sessions of a user deactivated outside the app, as soon as the database says so', async () => {
    const id = await createUser(ctx.db, { username: 'soon-gone' });
    const cookie = await ctx.cookieFor(id);
    const username = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username as string;
    expect(await username()).toBe('soon-gone');
    const { users } = await import('../../db/schema.ts');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, id));
    // Polled: the change reaches the session cache through a database notice, later on a busy machine.
    const deadline = Date.now() + 10_000;
    while ((await username()) !== '' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await username()).toBe('');
  });

  it('ignores an expired session', async () => {
    const id = await createUser(ctx.db);
    const cookie = await ctx.cookieFor(id);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username).toBe('');
  });
});

describe('outside development', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(PRODUCTION_ENV);
    await createUser(ctx.db, { username: 'writer' });
  });
  afterAll(() => ctx.close());

  it('has no direct sign-in: POST /api/login/direct and its user list answer 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'writer' } });
    expect(res.statusCode).toBe(404);
    expect(res.cookies).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/login/direct/users' })).statusCode).toBe(404);
  });

  it('uses a Secure __Host- cookie', async () => {
    const id = await createUser(ctx.db);
    const cookie = await ctx.cookieFor(id);
    expect(cookie.startsWith('__Host-wil_session=')).toBe(true);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(res.json().username).not.toBe('');
  });

  it('sends people home with an explanation when the provider cannot be reached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login?returnPath=/records' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?signin=unavailable');
  });

  it('refuses a callback without the sign-in flow cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login/callback?code=abc&state=xyz' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?signin=failed');
  });
});
