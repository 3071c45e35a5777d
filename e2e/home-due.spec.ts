import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * "What is due" on the home page and the record form's lock notice (issue 20): a writer sees their institution's open
 * returns and reaches one; a reader sees their institutions' returns too; an app admin and a global reader see the
 * province's progress and the overdue returns. Once a return is signed off, the writer's form for its program and term says so and offers no save. The demo's
 * latest term (every earlier one approved) is the open period; the lock uses a period of a fiscal year no other test
 * uses, which has not opened yet, so it stays off the home page.
 */

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const LOCK_YEAR = fiscalYearAhead(1);
const LOCK_TERM = 'Summer';

const due = (page: Page) => page.getByRole('region', { name: 'What is due' });
const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function uvicId(request: APIRequestContext): Promise<number> {
  const institutions = (await (await request.get('/api/institutions')).json()) as { id: number; short_name: string }[];
  return institutions.find((i) => i.short_name === 'UVic')!.id;
}

test.describe.serial('what is due, and the lock on the record form', () => {
  for (const size of WIDTHS) {
    test(`a writer's home lists UVic's open return and opens it (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'writer');
      await page.goto('/');
      await expect(due(page).getByRole('heading', { name: 'Your institutions’ term returns' })).toBeVisible();
      const item = due(page).getByTestId('due-return').first();
      await expect(item).toBeVisible();
      await expect(item).toContainText(/programs reported/);
      await expect(item).toContainText(/Due .*\d{4}/);
      await expect(item.locator('[data-state]')).toHaveCount(1);
      await expect(due(page).getByRole('heading', { name: 'Across the province' })).toHaveCount(0);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`writer-home-${size.width}.png`), fullPage: true });

      const link = item.getByRole('link', { name: /^UVic — / });
      const period = (await link.textContent())!.replace('UVic — ', '');
      await link.click();
      await expect(page).toHaveURL(/\/returns\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: `UVic's ${period} return` })).toBeVisible();
    });
  }

  for (const size of WIDTHS) {
    test(`an institution admin's home names each access level in full (${size.width} px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'instadmin');
      await page.goto('/');
      const level = page.getByTestId('access-level').first();
      await expect(level).toHaveText('Admin', { ignoreCase: true });
      const label = level.locator('.mantine-Badge-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    });
  }

  for (const size of WIDTHS) {
    test(`an app admin's home shows the province's progress and the overdue returns (${size.width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'appadmin');
      await page.goto('/');
      const province = due(page).getByTestId('due-province-period').first();
      await expect(province.getByTestId('due-progress-line')).toHaveText(/^\d+ of \d+ submitted$/);
      await expect(province).toContainText(/\d+ approved/);
      await expect(province.getByTestId('due-state-counts').locator('[data-state]').first()).toBeVisible();
      await expect(province.getByRole('link', { name: 'Open the completeness matrix' })).toHaveAttribute(
        'href',
        /^\/returns\?fiscalYear=/,
      );
      // The demo's latest term leaves returns in progress past their due date.
      const overdue = province.getByTestId('due-overdue').getByRole('link');
      await expect(overdue.first()).toBeVisible();
      await expect(due(page).getByRole('heading', { name: 'Your institutions’ term returns' })).toHaveCount(0);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`appadmin-home-${size.width}.png`), fullPage: true });

      await overdue.first().click();
      await expect(page.getByTestId('return-summary')).toContainText('Overdue');
    });
  }

  for (const size of WIDTHS) {
    test(`a reader's home lists what UVic and SFU still owe, and a global reader's the province's progress (${size.width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, 'reader');
      await page.goto('/');
      const mine = due(page).getByTestId('due-return');
      await expect(mine.getByRole('link', { name: /^UVic — / }).first()).toBeVisible();
      await expect(mine.getByRole('link', { name: /^SFU — / }).first()).toBeVisible();
      // Only the institutions the reader may read: nothing of UBC's, nothing across the province.
      await expect(mine.getByRole('link', { name: /^UBC — / })).toHaveCount(0);
      await expect(due(page).getByRole('heading', { name: 'Across the province' })).toHaveCount(0);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`reader-home-${size.width}.png`), fullPage: true });
      // The return opens for reading.
      await mine
        .getByRole('link', { name: /^SFU — / })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: /^SFU's .* return$/ })).toBeVisible();
      // Nothing there asks a reader to fill in and import: the workbook is offered as the term's figures.
      await expect(page.getByTestId('term-template')).toHaveText('Download the figures (XLSX)');
      await expect(page.getByText(/import it/)).toHaveCount(0);

      await signInAs(page, 'globalreader');
      await page.goto('/');
      const province = due(page).getByTestId('due-province-period').first();
      await expect(province.getByTestId('due-progress-line')).toHaveText(/^\d+ of \d+ submitted$/);
      await expect(due(page).getByRole('heading', { name: 'Your institutions’ term returns' })).toHaveCount(0);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('once UVic signs off a term, the writer’s form for it says so and offers no save (1366 and 390 px)', async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'appadmin');
    const uvic = await uvicId(page.request);
    const created = await page.request.put('/api/periods', { data: { fiscal_year: LOCK_YEAR, term: LOCK_TERM } });
    expect(created.ok(), await created.text()).toBe(true);
    const [ret] = (await (
      await page.request.get(`/api/returns?fiscalYear=${encodeURIComponent(LOCK_YEAR)}&term=${LOCK_TERM}&institutionIds=${uvic}`)
    ).json()) as { id: number }[];
    // The app admin acts for UVic here, so gives a reason (issue 30).
    const filled = await page.request.post(`/api/returns/${ret!.id}/fill-zeros`, { data: { reason: 'Set up by the test' } });
    expect(filled.ok(), await filled.text()).toBe(true);
    const [zero] = ((await filled.json()) as { created: { program_id: number; record_id: number }[] }).created;

    // Before sign-off the form saves as ever.
    await signInAs(page, 'writer');
    await page.setViewportSize(WIDTHS[0]);
    const createUrl = `/records/create?programId=${zero!.program_id}&fiscalYear=${encodeURIComponent(LOCK_YEAR)}&term=${LOCK_TERM}`;
    await page.goto(createUrl);
    await expect(page.getByRole('button', { name: 'Submit record' })).toBeEnabled();
    await expect(page.getByTestId('return-locked')).toHaveCount(0);

    await signInAs(page, 'appadmin');
    const submitted = await page.request.post(`/api/returns/${ret!.id}/submit`, { data: { reason: 'Set up by the test' } });
    expect(submitted.ok(), await submitted.text()).toBe(true);

    await signInAs(page, 'writer');
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(createUrl);
      const notice = page.getByTestId('return-locked');
      await expect(notice).toContainText('This term’s return is signed off');
      await expect(notice).toContainText(/Signed off on .+ by Avery Admin\./);
      await expect(notice).toContainText(
        `UVic's ${LOCK_TERM} ${LOCK_YEAR} return is submitted, so its records cannot be added or changed. An app admin can send it back for correction`,
      );
      await expect(page.getByRole('button', { name: 'Submit record' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
      await expect(page.getByTestId('saving-off')).toBeVisible();
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`locked-form-${size.width}.png`), fullPage: false });
    }

    // Another term of the same program is not locked.
    await page.locator('#record-term').selectOption('Fall');
    await expect(page.getByTestId('return-locked')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit record' })).toBeEnabled();

    // A record of the signed-off term, opened for editing, says so too, and its link opens the return.
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`/records/${zero!.record_id}`);
    await expect(page.getByTestId('return-locked')).toContainText('This term’s return is signed off');
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('return-locked').getByRole('link', { name: 'Open the return' }).click();
    await expect(page).toHaveURL(new RegExp(`/returns/${ret!.id}$`));
    await expect(page.getByTestId('return-summary').locator('[data-state]')).toHaveText('Submitted');

    // Moving the record out of the signed-off term is no way round: its term is read-only like the rest.
    await page.goBack();
    await expect(page.getByTestId('return-locked')).toBeVisible();
    await expect(page.locator('#record-term')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  });
});
