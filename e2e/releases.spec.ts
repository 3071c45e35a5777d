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
      // The current term, never released, leads; the long-approved periods, unchanged since their final release, are
      // folded away until asked for.
      const candidates = page.getByTestId('release-candidates');
      await expect(candidates.getByRole('checkbox', { name: 'Fall 2025/26' })).toBeVisible();
      // The table fits, on a phone as well: what a release would take is read without scrolling it sideways.
      expect(await candidates.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
      await expect(form.getByRole('checkbox', { name: 'Summer 2016/17' })).toHaveCount(0);
      await form.getByRole('button', { name: /^Show the \d+ periods with nothing new/ }).click();
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

    test(`an app admin sets the release schedule (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'appadmin');
      await page.goto('/releases');
      const form = page.getByRole('region', { name: 'Release schedule' });
      const days = form.getByLabel('Days after the due date');
      await expect(days).toHaveValue('14');
      // The server's rule, in its words, before anything is sent.
      await days.fill('400');
      await form.getByRole('button', { name: 'Save the schedule' }).click();
      await expect(form.getByText('Days after the due date must be a whole number from 0 to 365')).toBeVisible();
      await days.fill('21');
      // The error spoke of the number that stood there: it goes with it.
      await expect(form.getByText('Days after the due date must be a whole number from 0 to 365')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await form.getByRole('button', { name: 'Save the schedule' }).click();
      await expect(page.getByText('The release schedule is saved.')).toBeVisible();
      await expect(page.getByText('A provisional release 21 days after a period’s due date.')).toBeVisible();
      await expect(form.getByTestId('release-schedule-changed')).toContainText(/Last changed on .+ by Avery Admin\./);
      await noSideways(page, size.width);
      await page.screenshot({ path: testInfo.outputPath(`releases-schedule-${size.width}.png`), fullPage: true });

      // Another admin changes it while this page still shows 21: the save is refused and the form shows theirs.
      const { schedule } = await (await page.request.get('/api/releases')).json();
      const theirs = await page.request.put('/api/releases/schedule', {
        data: { provisional_days_after_due: 7, final_when_approved: true, version: schedule.version },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(theirs.status()).toBe(200);
      await form.getByLabel('Final release once every return of a period is approved').uncheck();
      await form.getByRole('button', { name: 'Save the schedule' }).click();
      await expect(form.getByRole('alert')).toContainText('since you read it, so nothing was saved');
      await expect(days).toHaveValue('7');
      await expect(form.getByLabel('Final release once every return of a period is approved')).toBeChecked();

      // Back as the demo has it, for the other tests.
      await days.fill('14');
      await form.getByRole('button', { name: 'Save the schedule' }).click();
      await expect(page.getByText('A provisional release 14 days after a period’s due date.')).toBeVisible();
    });
  }
});
