import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../../shared/messages.ts';
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
    const out = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
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

/**
 * Issue 28: `GET /api/logout` stays a GET (a link in the header), so any page could link to it, and SameSite=Lax
 * sends the session cookie with a top-level navigation from another site. It signs out only when the browser says
 * the navigation is this site's own or typed; otherwise it asks, with a button whose POST the cross-site guard covers.
 */
describe('sign-out from another site', () => {
  let ctx: TestContext;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    userId = await createUser(ctx.db, { username: 'leaver' });
  });
  afterAll(() => ctx.close());

  const signedIn = async (cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username === 'leaver';
  const signedOutNow = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'wil_session')?.value === '';

  it.each([
    ['another site links to it (Sec-Fetch-Site: cross-site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain links to it (Sec-Fetch-Site: same-site)', { 'sec-fetch-site': 'same-site' }],
    ['the browser says cross-site, whatever the Referer', { 'sec-fetch-site': 'cross-site', referer: 'http://localhost/' }],
    ['no Sec-Fetch-Site, and the Referer is another site', { referer: 'https://evil.example/page' }],
    ['no Sec-Fetch-Site, and the Origin is another site', { origin: 'https://evil.example' }],
    ['no Sec-Fetch-Site, and the Referer is this host on another port', { referer: 'http://localhost:8080/' }],
    ['no Sec-Fetch-Site, and the Origin is opaque', { origin: 'null' }],
    [
      'no Sec-Fetch-Site, and the Origin is another site though the Referer is ours',
      { origin: 'https://evil.example', referer: 'http://localhost/' },
    ],
    // A page can hide its address (Referrer-Policy: no-referrer), so saying nothing proves nothing.
    ['nothing says where the navigation came from', {}],
  ])('keeps the session and offers a Sign out button when %s', async (_, headers) => {
    const cookie = await ctx.cookieFor(userId);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
    expect(res.body).toContain(TEXT.signOutPage.title);
    expect(res.body).toMatch(/<form method="post" action="\/api\/logout">\s*<button type="submit">Sign out<\/button>/);
    expect(await signedIn(cookie)).toBe(true);
  });

  it.each([
    ['the app’s own link (Sec-Fetch-Site: same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the person typed or bookmarked it (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['no Sec-Fetch-Site, and the Referer is a page of this site', { referer: 'http://localhost/records?page=2' }],
    ['no Sec-Fetch-Site, and the Origin is this site', { origin: 'http://localhost' }],
  ])('signs out when %s', async (_, headers) => {
    const cookie = await ctx.cookieFor(userId);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(signedOutNow(res)).toBe(true);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('the page’s Sign out button signs out: its form posts to a route the cross-site guard lets this site’s pages use', async () => {
    const cookie = await ctx.cookieFor(userId);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)![1]!;
    // What a browser sends for that form: a same-origin POST with an empty url-encoded body.
    const res = await ctx.app.inject({
      method: 'POST',
      url: action,
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(signedOutNow(res)).toBe(true);
    expect(await signedIn(cookie)).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['another Origin', { origin: 'https://evil.example' }],
  ])('another site cannot post the form itself (%s): 403, still signed in', async (_, headers) => {
    const cookie = await ctx.cookieFor(userId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(cookie)).toBe(true);
  });

  it('a script signs out with a POST and no body', async () => {
    const cookie = await ctx.cookieFor(userId);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(await signedIn(cookie)).toBe(false);
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

  it('judges a sign-out’s Referer against PUBLIC_URL, not the Host the request came in on', async () => {
    const id = await createUser(ctx.db);
    const cookie = await ctx.cookieFor(id);
    const profile = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().username;
    const fromHost = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, referer: 'http://localhost/' },
    });
    expect(fromHost.statusCode).toBe(200);
    expect(await profile()).not.toBe('');
    const fromSite = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, referer: 'http://127.0.0.1:3000/records' },
    });
    expect(fromSite.statusCode).toBe(302);
    expect(await profile()).toBe('');
  });

  it('refuses a callback without the sign-in flow cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login/callback?code=abc&state=xyz' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?signin=failed');
  });
});
