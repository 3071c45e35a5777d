import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { fiscalYearOf } from '../src/shared/record-rules.ts';
import { workerBaseUrl } from './worker-port.ts';

/** Playwright's test, against the app server of the worker running it (playwright.config.ts starts one per worker). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this first parameter.
  baseURL: async ({}, use, testInfo) => {
    await use(workerBaseUrl(testInfo.parallelIndex));
  },
});
export { expect };

/** The demo users of docs/product.md §10.2 (and UVic's admin, issue 29), seeded into the throwaway database the browser tests run against. */
export type DemoUser = 'appadmin' | 'globalreader' | 'instadmin' | 'writer' | 'reader' | 'newuser' | 'uvicadmin';

/** The B.C. fiscal year (April to March) `ahead` years after the current one; negative for earlier years. */
export function fiscalYearAhead(ahead: number): string {
  const now = new Date();
  return fiscalYearOf((now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1) + ahead);
}

/** Signs in through the development API (fast); the sign-in page itself has its own test. `origin`: another app server's. */
export async function signInAs(page: Page, username: DemoUser, origin = ''): Promise<void> {
  const res = await page.request.post(`${origin}/api/login/direct`, { data: { username } });
  expect(res.ok(), `direct sign-in as ${username}`).toBe(true);
}

/**
 * Runs axe-core on the page once its transitions have ended (a dialog fading in has too little contrast for a
 * moment) and fails on any serious or critical violation. `exclude`: a selector for parts left out, only where they
 * repeat markup checked elsewhere on the same page.
 */
export async function expectNoSeriousA11yViolations(page: Page, { exclude }: { exclude?: string } = {}): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // A toast's time can run out while axe works, and its fading out is a moment of low contrast that no one reads (CI,
  // 2026-11-28: a toast's text "failed" color-contrast mid-fade). So while axe works nothing moves: every transition
  // and animation jumps to its end, where a leaving toast is gone and a coming one is whole.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Legacy mode runs axe in the page itself: the default opens a blank page for every check to gather frames' results,
  // and the app has no frames. With only violations in full (passes and the undecided as one example each), a check
  // took 0.45 s instead of 1.75 s (decision 046); what axe checks and finds is the same.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (exclude ? builder.exclude(exclude) : builder)
    .analyze()
    .finally(() => still.evaluate((tag) => (tag as Element).remove()));
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}

/** The labels of the top navigation bar, and of each dropdown's items when opened. */
export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  const labels: string[] = [];
  for (const item of await nav.locator(':scope > * a, :scope > * button').all()) {
    const label = (await item.innerText()).trim();
    if ((await item.getAttribute('aria-haspopup')) === 'menu') {
      await item.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      for (const child of await menu.getByRole('menuitem').all()) labels.push(`${label} > ${(await child.innerText()).trim()}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    } else {
      labels.push(label);
    }
  }
  return labels;
}

/**
 * Runs `act` with the page's CPU slowed twelvefold, as on an old laptop: clicks then come before the page has drawn
 * what the one before asked for, which is how a stale copy of the state is caught (a second sort click repeating the
 * first was 5 of 5 at this rate).
 */
export async function onASlowMachine(page: Page, act: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  try {
    await act();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
