import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { signInAtProvider, startOidcProvider, TEST_CLIENT } from '../../test/oidc-provider.ts';

const APP_URL = 'http://127.0.0.1:3999';

describe('single sign-on against a real OpenID Connect provider', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let ctx: TestContext;
  let uvic: number;

  beforeAll(async () => {
    provider = await startOidcProvider({
      appUrl: APP_URL,
      accounts: {
        'emp-1': {
          preferred_username: 'ejones',
          name: 'Emma Jones',
          email: 'ejones@uvic.ca',
          institution: 'UVic',
          affiliation: ['employee@uvic.ca'],
        },
        'stu-1': { preferred_username: 'sstudent', name: 'Sam Student', institution: 'UVic', affiliation: ['student'] },
        'known-1': { preferred_username: 'writer', name: 'Wren Writer' },
        'gone-1': { preferred_username: 'gone' },
      },
    });
    ctx = await createTestContext({
      APP_ENV: 'P',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_ALLOW_INSECURE: 'true',
      PUBLIC_URL: APP_URL,
      // app.inject sends `Host: localhost:80`.
      ALLOWED_HOSTS: 'localhost',
      COOKIE_SECRET: 'a-test-cookie-secret-of-at-least-32-chars',
    });
    uvic = await createInstitution(ctx.db, { shortName: 'UVic', nameCode: 'UVIC' });
    await createUser(ctx.db, { username: 'writer', privileges: { write: [uvic] } });
    await createUser(ctx.db, { username: 'gone', active: false });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  /** Starts sign-in at the app, signs in at the provider, and brings the callback back to the app. */
  async function signIn(account: string, returnPath = '/records?page=2') {
    const start = await ctx.app.inject({ method: 'GET', url: `/api/login?returnPath=${encodeURIComponent(returnPath)}` });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const flow = start.cookies.find((c) => c.name === 'wil_login_flow')!;
    const callback = await signInAtProvider(authorization.href, account, APP_URL);
    const done = await ctx.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: `wil_login_flow=${flow.value}` },
    });
    const session = done.cookies.find((c) => c.name === '__Host-wil_session');
    return { done, cookie: session?.value ? `__Host-wil_session=${session.value}` : '' };
  }

  const profile = async (cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();

  it('creates a first-time employee with no privileges, home institution from the claim, and returns to the path asked for', async () => {
    const { done, cookie } = await signIn('emp-1');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/records?page=2');
    expect(await profile(cookie)).toMatchObject({
      username: 'ejones',
      prefName: 'Emma Jones',
      email: 'ejones@uvic.ca',
      institution: 'UVic',
      homeInstitution: uvic,
      roles: ['user', 'employee'],
      privileges: { read: [], write: [], admin: [], glblAdmin: false, glblRead: false },
    });
    const [created] = await ctx.db.select().from(users).where(eq(users.username, 'ejones'));
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, created!.id));
    expect(audit.map((a) => a.action)).toContain('create (first sign-in)');
  });

  it('gives a student no employee role', async () => {
    const { cookie } = await signIn('stu-1');
    expect((await profile(cookie)).roles).toEqual(['user']);
  });

  it('signs an existing user in with their privileges', async () => {
    const { cookie } = await signIn('known-1', '/');
    expect(await profile(cookie)).toMatchObject({ username: 'writer', roles: ['user', 'write'], privileges: { write: [uvic] } });
  });

  it('refuses a deactivated user with an explanation and no session', async () => {
    const { done, cookie } = await signIn('gone-1');
    expect(done.headers.location).toBe('/?signin=deactivated');
    expect(cookie).toBe('');
  });

  it('refuses a callback whose state does not match', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    const flow = start.cookies.find((c) => c.name === 'wil_login_flow')!;
    const callback = await signInAtProvider(start.headers.location as string, 'emp-1', APP_URL);
    callback.searchParams.set('state', 'forged');
    const done = await ctx.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: `wil_login_flow=${flow.value}` },
    });
    expect(done.headers.location).toBe('/?signin=failed');
  });

  it('refuses a replayed authorization code: the second use of one callback makes no session', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    const flow = `wil_login_flow=${start.cookies.find((c) => c.name === 'wil_login_flow')!.value}`;
    const callback = await signInAtProvider(start.headers.location as string, 'known-1', APP_URL);
    const url = callback.pathname + callback.search;
    const first = await ctx.app.inject({ method: 'GET', url, headers: { cookie: flow } });
    expect(first.headers.location).toBe('/');
    const replay = await ctx.app.inject({ method: 'GET', url, headers: { cookie: flow } });
    expect(replay.headers.location).toBe('/?signin=failed');
    expect(replay.cookies.find((c) => c.name === '__Host-wil_session' && c.value)).toBeUndefined();
  });

  it('refuses a code from another sign-in flow even with that flow’s state copied in (PKCE verifier and nonce bind it)', async () => {
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    const myFlow = `wil_login_flow=${mine.cookies.find((c) => c.name === 'wil_login_flow')!.value}`;
    const myState = new URL(mine.headers.location as string).searchParams.get('state')!;
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/login' });
    const stolen = await signInAtProvider(theirs.headers.location as string, 'known-1', APP_URL);
    stolen.searchParams.set('state', myState);
    const done = await ctx.app.inject({ method: 'GET', url: stolen.pathname + stolen.search, headers: { cookie: myFlow } });
    expect(done.headers.location).toBe('/?signin=failed');
    expect(done.cookies.find((c) => c.name === '__Host-wil_session' && c.value)).toBeUndefined();
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/..//127.0.0.2:41801/pwned',
    '/%2F%2Fevil.example',
  ])('never follows a returnPath off this site (%s): the person lands on the home page', async (returnPath) => {
    const { done } = await signIn('known-1', returnPath);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
  });

  it('signs out of the app and sends the browser to the provider’s end-session page', async () => {
    const { cookie } = await signIn('known-1');
    const out = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    const location = new URL(out.headers.location as string);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/`);
    expect(location.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await profile(cookie)).username).toBe('');
  });
});
