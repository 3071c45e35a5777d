import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/** Issue 30: every answer of a report on screen, long reports searchable and grouped, and the app's own 404 page. */

const years = 'fiscalYearFrom=2020%2F21&fiscalYearTo=2024%2F25';
const table = (page: Page) => page.getByTestId('report-table');
const rowCount = async (page: Page) =>
  Number((await page.getByTestId('report-row-count').innerText()).split(' ')[0]!.replace(/\D/g, ''));

test('at 1366 px the fiscal year compare shows its year-on-year columns without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'globalreader');
  await page.goto(`/reports/yearCompare?${years}`);
  await expect(table(page)).toBeVisible();
  await expect(page.getByTestId('report-chart-plots')).toHaveText(
    'Shows students enrolled, seeking a work term and placed, as lines over the fiscal years.',
  );
  const box = (await page.getByTestId('report-table-scroll').boundingBox())!;
  const changes = table(page)
    .locator('thead th')
    .filter({ hasText: /change/i });
  await expect(changes).toHaveCount(6);
  for (const heading of await changes.all()) {
    const cell = (await heading.boundingBox())!;
    expect(cell.x + cell.width, `${await heading.innerText()} within the table's box`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  // Nothing scrolled to get there, and no cell of the rows' changes hidden past the box.
  expect(await page.getByTestId('report-table-scroll').evaluate((el) => el.scrollLeft)).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test("the term compare's chart says which measure it plots", async ({ page }) => {
  await signInAs(page, 'globalreader');
  await page.goto(`/reports/termCompare?${years}`);
  await expect(page.getByTestId('report-chart-plots')).toContainText('students placed');
});

for (const width of [1366, 390]) {
  test(`at ${width} px the placement report's filter box narrows the rows, and its groups open from the keyboard`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signInAs(page, 'globalreader');
    await page.goto(`/reports/placementPercentage?${years}`);
    await expect(table(page)).not.toHaveAttribute('aria-busy');
    const all = await rowCount(page);
    expect(all).toBeGreaterThan(50);
    // It starts grouped by institution (report-widths.spec.ts): the filter is tried on the whole table first.
    await page.getByRole('checkbox', { name: 'Group by institution' }).uncheck();

    await page.getByLabel('Filter rows').fill('UVic engineering');
    await expect(page.getByTestId('report-row-count')).toHaveText(new RegExp(`^\\d+ of ${all.toLocaleString('en-CA')} rows$`));
    const shown = await rowCount(page);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
    await expect(table(page).locator('tbody tr')).toHaveCount(shown);
    for (const cell of await table(page).locator('tbody tr > th').allInnerTexts()) expect(cell).toMatch(/^UVic/);
    for (const cell of await table(page).locator('tbody tr td:nth-child(2)').allInnerTexts())
      expect(cell).toMatch(/engineering/i);

    // Grouped: one group per institution, closed at first without a filter; Enter on a group's button opens it.
    // The filter applies after a pause in typing: the groups are counted once every row is back, not while the last
    // filter's one institution is still shown.
    await page.getByLabel('Filter rows').fill('');
    await expect(page.getByTestId('report-row-count')).toHaveText(`${all.toLocaleString('en-CA')} rows`);
    await page.getByRole('checkbox', { name: 'Group by institution' }).check();
    const toggles = table(page).getByTestId('report-group-toggle');
    await expect.poll(() => toggles.count()).toBeGreaterThan(3);
    await expect(table(page).locator('tbody:not([hidden]) tr:not(.report-group-head)')).toHaveCount(0);
    const first = toggles.first();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const groupSize = Number((await first.locator('.report-group-count').innerText()).replace(/\D/g, ''));
    await expect(table(page).locator('tbody:not([hidden]) tr:not(.report-group-head)')).toHaveCount(groupSize);
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expectNoSeriousA11yViolations(page);
  });

  test(`at ${width} px an unknown path shows the app's 404 page with its header and a link home`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signInAs(page, 'globalreader');
    for (const [path, shownPath] of [
      ['/reports/bogus', '/reports/bogus'],
      ['/reports/params?type=bogus', '/reports/params'],
      ['/no/such/page', '/no/such/page'],
    ] as const) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
      await expect(page.getByRole('banner')).toContainText('B.C. Co-op Education and WIL Statistical Database');
      await expect(page.getByText(`Page not found: ${shownPath}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
