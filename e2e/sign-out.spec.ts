import { TEXT } from '../src/shared/messages.ts';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/**
 * Issue 28, in a real browser: another site's link to the sign-out address (which SameSite=Lax sends the session
 * cookie with) asks first, and the page's button signs out through the cross-site guard. The other site is a page
 * the browser is handed for an address of its own, so Chromium names the navigation cross-site itself.
 */
test('a sign-out link on another site asks first; the page’s button signs out', async ({ page, baseURL }) => {
  await signInAs(page, 'writer');
  const username = async () => ((await (await page.request.get('/api/profile')).json()) as { username: string }).username;
  expect(await username()).toBe('writer');

  await page.route('https://elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><a href="${baseURL}/api/logout">Click me</a>` }),
  );
  await page.goto('https://elsewhere.example/');
  await page.getByRole('link', { name: 'Click me' }).click();

  await expect(page.getByRole('heading', { level: 1, name: TEXT.signOutPage.title })).toBeVisible();
  expect(await username()).toBe('writer');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: TEXT.signOut }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await username()).toBe('');
});

test('the sign-out address typed into the browser signs out at once', async ({ page }) => {
  await signInAs(page, 'writer');
  await page.goto('/api/logout');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(((await (await page.request.get('/api/profile')).json()) as { username: string }).username).toBe('');
});
