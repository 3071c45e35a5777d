import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures.ts';

/**
 * The main area is at least a window high (global.css), so the footer starts below the window: a screen whose data
 * arrives after its first paint grows downwards without pushing a footer in view (layout shift, issue 21).
 */
for (const width of [1366, 390]) {
  test(`at ${width} px, the footer starts below the window on a short page and on a loading one`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, 'appadmin');
    for (const url of ['/no-such-page', '/records/1']) {
      await page.goto(url);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeAttached();
      const box = await footer.boundingBox();
      expect(box?.y, url).toBeGreaterThanOrEqual(800);
    }
  });
}
