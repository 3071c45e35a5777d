import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  preferred_username: string;
  name?: string;
  email?: string;
  institution?: string;
  affiliation?: string[];
}

export const TEST_CLIENT = { id: 'wil-test', secret: 'wil-test-secret-0123456789' };

/** A real OpenID Connect provider (oidc-provider) on loopback, with its development login pages and the given accounts. */
export async function startOidcProvider(options: { appUrl: string; accounts: Record<string, TestAccount> }) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [`${options.appUrl}/api/login/callback`],
        post_logout_redirect_uris: [`${options.appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['preferred_username', 'name', 'institution', 'affiliation'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies by name, as a browser would keep them for one host. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const hiddenInputs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

/**
 * Plays the person at the provider: follows its redirects, signs in as `account` on its login form and
 * approves the consent form, until it sends the browser back to the app. Returns that callback URL.
 */
export async function signInAtProvider(authorizationUrl: string, account: string, appUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      // The app's origin exactly: a prefix test took the provider's own pages for the app's whenever the provider's
      // free port began with the app's (127.0.0.1:39993 after :3999), and every sign-in of that run failed with 404.
      if (next.origin === new URL(appUrl).origin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${response.status} with no form or redirect: ${html.slice(0, 300)}`);
    const fields = hiddenInputs(html);
    if (fields.prompt === 'login') Object.assign(fields, { login: account, password: 'any' });
    url = new URL(action, url).href;
    body = new URLSearchParams(fields);
  }
  throw new Error('The provider never sent the browser back to the app');
}
