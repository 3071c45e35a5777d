import { type Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.ts';

/**
 * The CSP allows no eval (script-src 'self', app.ts), and no page may trip over it: a refused eval is a console error
 * and a best-practices failure in Lighthouse even when the script catches it (zod's probe, lib/zod-jitless.ts).
 * Both the console and the `securitypolicyviolation` events are watched, from before the first script runs.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return seen;
}

const PAGES: [string, string, RegExp][] = [
  ['home', '/', /Welcome|Due|returns/i],
  ['Browse', '/records', /Browse records/],
  ['a record', '/records/1', /: \w+ \d{4}\/\d{2}$/],
  ['Find results', '/records/find/findResults?terms=Fall', /Find results/],
  ['a report', '/reports/placementPercentage', /Placement/],
  ['Users', '/admin', /Users/],
];

test('signed out, the home page raises no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('signed in, no page raises a CSP violation while it loads its code and data', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAs(page, 'appadmin');
  for (const [name, url, heading] of PAGES) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first(), name).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(violations, name).toEqual([]);
  }
});
