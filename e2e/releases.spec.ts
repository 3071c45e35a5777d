import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/**
 * Releases of province figures (decision 024): everyone who reads reports sees the release calendar; an app admin
 * releases a period with a note and finds it in the calendar; a reader of one institution's report says which release
 * its province figures come from, with a link to the calendar. The demo (seeded as of 15 December 2025) holds the
 * schedule's release of every period past its due date. The period released again here is the demo's oldest, long
 * approved and unchanged, so its figures stay what every other test sees.
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe.serial('releases', () => {
  for (const size of WIDTHS) {
    test(`a writer reads the release calendar and the report's release line (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'writer');
      await page.goto('/releases');
      await expect(page.getByRole('heading', { level: 1, name: 'Release calendar' })).toBeVisible();
      await expect(page.getByTestId('release-row').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Release now' })).toHaveCount(0);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`releases-writer-${size.width}.png`), fullPage: true });

      await page.goto('/reports/yearCompare?fiscalYearFrom=2021%2F22&fiscalYearTo=2024%2F25');
      const line = page.getByTestId('report-release-line');
      await expect(line).toContainText(/Province figures as released on .* \(release \d+\)/);
      await line.getByRole('link', { name: 'See the release calendar.' }).click();
      await expect(page).toHaveURL(/\/releases$/);
    });

    test(`an app admin releases a period with a note (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'appadmin');
      await page.goto('/releases');
      const form = page.getByRole('region', { name: 'Release now' });
      await expect(form).toBeVisible();
      const before = await page.getByTestId('release-row').count();
      await form.getByRole('button', { name: 'Release the chosen periods' }).click();
      await expect(form.getByText('Choose at least one period.')).toBeVisible();
      await form.getByRole('checkbox', { name: 'Summer 2016/17' }).check();
      const note = `Re-release for the browser test at ${size.width} px`;
      await form.getByLabel('Note').fill(note);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`releases-admin-${size.width}.png`), fullPage: true });
      await form.getByRole('button', { name: 'Release the chosen periods' }).click();
      await expect(page.getByText(/Release \d+ is made\./)).toBeVisible();
      await expect(page.getByTestId('release-row')).toHaveCount(before + 1);
      await expect(page.getByTestId('release-row').first()).toContainText(note);
      await noSideways(page, size.width);
    });
  }
});
