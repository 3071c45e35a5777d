// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, type Privileges, type Profile } from '../../shared/schemas/profile.ts';
import { SITE_DEFAULTS } from '../../shared/schemas/site.ts';
import { PROFILE_QUERY_KEY } from '../features/session/index.ts';
import { AppProviders } from './providers.tsx';
import { createAppQueryClient } from './query-client.ts';
import { createAppRoutes } from './router.tsx';
import { profileWith } from '../lib/profile.test-support.ts';
import { stubMissingBrowserApis } from '../lib/jsdom-stubs.test-support.ts';

beforeAll(() => {
  stubMissingBrowserApis();
  window.scrollTo = () => undefined;
  // The shell asks for the banner and the institutions; answer as a server with neither would.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});

const user = (privileges: Partial<Privileges>): Profile =>
  profileWith(privileges, { institution: 'UVic', prefName: 'Uma', homeInstitution: 2 });

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

async function renderAt(path: string, profile: Profile, options: { isDevelopment?: boolean; extraRoutes?: RouteObject[] } = {}) {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
  const siteConfig = { ...SITE_DEFAULTS, isDevelopment: options.isDevelopment ?? false };
  const routes = createAppRoutes({ queryClient, siteConfig });
  if (options.extraRoutes) routes[0]!.children![0]!.children!.unshift(...options.extraRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <AppProviders queryClient={queryClient} siteConfig={siteConfig}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  // Let loaders and lazy screens settle. React Router loads a route's screen alongside its loader even when the loader
  // then refuses (a 404), so a large screen's first import can take a while on a busy machine: wait up to 3 s.
  for (let i = 0; i < 300 && !container.querySelector('h1'); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  return { container, router };
}

const h1 = () => container?.querySelector('h1')?.textContent;
const main = () => container?.querySelector('main')?.textContent ?? '';

describe('the router', () => {
  it('shows "Page not found: {path}" for an unknown route', async () => {
    await renderAt('/no/such/page', user({ glblAdmin: true }));
    expect(h1()).toBe('404 Not Found');
    expect(main()).toContain('Page not found: /no/such/page');
  });

  it('gives a 404 when a page check fails (/records/abc)', async () => {
    await renderAt('/records/abc', user({ glblAdmin: true }));
    expect(h1()).toBe('404 Not Found');
    expect(main()).toContain('Page not found: /records/abc');
  });

  it('opens /records/RecordExport for an app admin: routes ignore letter case', async () => {
    await renderAt('/records/RecordExport', user({ glblAdmin: true }));
    expect(h1()).toBe('Export records');
    expect(main()).toContain('Download every record that matches');
  });

  it('asks a signed-out visitor to sign in (401)', async () => {
    const { container } = await renderAt('/records?page=2', SIGNED_OUT);
    expect(h1()).toBe('401 Unauthorized');
    const signIn = [...container.querySelectorAll('main a')].find((a) => a.textContent === 'Sign in to continue');
    expect(signIn?.getAttribute('href')).toBe('/api/login?returnPath=%2Frecords%3Fpage%3D2');
  });

  it('refuses a signed-in user without the role (403 Forbidden)', async () => {
    await renderAt('/admin', user({ read: [2] }));
    expect(h1()).toBe('403 Forbidden');
  });

  it('hides /login outside development and shows it in development', async () => {
    await renderAt('/login', SIGNED_OUT, { isDevelopment: false });
    expect(h1()).toBe('404 Not Found');
    act(() => root?.unmount());
    container?.remove();
    await renderAt('/login', SIGNED_OUT, { isDevelopment: true });
    expect(h1()).toBe('Sign in');
  });

  it('shows a render error on the error page (500)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('The table could not be drawn');
    }
    await renderAt('/broken', user({ glblAdmin: true }), { extraRoutes: [{ path: '/broken', Component: Broken }] });
    expect(h1()).toBe('500 Internal Server Error');
    expect(main()).toContain('The table could not be drawn');
    spy.mockRestore();
  });

  it('keeps the shell: skip link first, landmarks, one h1', async () => {
    const { container } = await renderAt('/', user({ glblAdmin: true }));
    const firstFocusable = container.querySelector('a[href], button');
    expect(firstFocusable?.textContent).toBe('Skip to main content');
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull();
    expect(container.querySelector('main#main-content')).not.toBeNull();
    expect(container.querySelector('footer')).not.toBeNull();
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(h1()).toBe('Welcome, Uma');
  });

  it('after direct sign-in, returns to a page of this site only (issue 17: /..//host is not followed)', async () => {
    const admin = { ...user({ glblAdmin: true }), username: 'appadmin', prefName: 'Avery' };
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/login/direct/users'))
        return json([{ username: 'appadmin', prefName: 'Avery', summary: 'App admin' }]);
      if (url.includes('/api/login/direct') || url.includes('/api/profile')) return json(admin);
      return json({});
    });
    try {
      const { container, router } = await renderAt(`/login?returnPath=${'/..//127.0.0.2:41801/pwned'}`, SIGNED_OUT, {
        isDevelopment: true,
      });
      for (let i = 0; i < 300 && !container.querySelector('input[type="radio"]'); i++) {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      }
      await act(async () => (container.querySelector('input[value="appadmin"]') as HTMLInputElement).click());
      await act(async () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click());
      for (let i = 0; i < 300 && router.state.location.pathname.toLowerCase() === '/login'; i++) {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      }
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/');
    } finally {
      vi.mocked(fetch).mockImplementation(async () => json({}));
    }
  });
});
