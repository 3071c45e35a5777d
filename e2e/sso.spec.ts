import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Sign-in through a real OpenID Connect provider's pages in Chromium: `npm run demo:sso`'s script (oidc-provider on
 * loopback plus the built app configured for it) on its own port and throwaway database.
 */
const PORT = Number(process.env.E2E_SSO_PORT ?? 3131);
const APP = `http://localhost:${PORT}`;
let demo: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wil-sso-'));
  demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo-sso.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${APP}/api/health`).catch(() => null))?.status ?? 0, { timeout: 110_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  demo?.kill('SIGTERM');
  await new Promise((resolve) => demo?.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('a first-time employee signs in on the provider’s page, comes back signed in, and is told how to get access', async ({
  page,
}) => {
  await page.goto(`${APP}/`);
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name=login]').fill('newstaff');
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  // The provider asks for consent once.
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(`${APP}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Nico Firsttime');
  await expect(page.getByText('You are signed in, but have no access yet')).toBeVisible();
  const profile = await (await page.request.get(`${APP}/api/profile`)).json();
  expect(profile).toMatchObject({ username: 'newstaff', roles: ['user', 'employee'], institution: 'UVic' });

  // Sign out ends the app's session and the provider's.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect.poll(async () => (await (await page.request.get(`${APP}/api/profile`)).json()).username).toBe('');
});

test('an existing user keeps their privileges when signing in through the provider', async ({ page }) => {
  await page.goto(`${APP}/`);
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.locator('input[name=login]').fill('writer');
  await page.locator('input[name=password]').fill('x');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(`${APP}/`);
  const profile = await (await page.request.get(`${APP}/api/profile`)).json();
  expect(profile.roles).toEqual(['user', 'employee', 'write']);
});
