import { type Page } from '@playwright/test';
import { REPORT_PAGES, REPORT_TYPES } from '../src/shared/reports.ts';
import { expect, expectNoSeriousA11yViolations, signInAs, test, type DemoUser } from './fixtures.ts';

/**
 * Issue 30: every report's answer on screen at 1366 px without scrolling sideways (columns under spanning headings,
 * secondary columns on request, a wide table using the window's width), and the placement report for a global reader
 * grouped by institution from the start.
 */

const years = 'fiscalYearFrom=2021%2F22&fiscalYearTo=2025%2F26';
const table = (page: Page) => page.getByTestId('report-table');
const scrollBox = (page: Page) => page.getByTestId('report-table-scroll');

async function openReport(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?${years}`);
  await expect(table(page)).toBeVisible();
  await expect(table(page)).not.toHaveAttribute('aria-busy');
}

/** How far the table's box would scroll sideways, and how far the page would. */
async function overflow(page: Page): Promise<{ table: number; page: number }> {
  const table = await scrollBox(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  const whole = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return { table, page: whole };
}

for (const user of ['globalreader', 'writer'] as const satisfies readonly DemoUser[]) {
  test(`at 1366 px none of the ten reports scrolls sideways for the ${user}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, user);
    for (const type of REPORT_TYPES) {
      await openReport(page, REPORT_PAGES[type]);
      const { table: tableOverflow, page: pageOverflow } = await overflow(page);
      expect(tableOverflow, `${type}: the table's box does not scroll sideways`).toBeLessThanOrEqual(0);
      expect(pageOverflow, `${type}: the page does not scroll sideways`).toBeLessThanOrEqual(0);
      // Every column heading shown is within the window (a table may be wider than the page's column, not the window).
      for (const right of await table(page)
        .locator('thead th:visible')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right)))
        expect(right, `${type}: a heading within the window`).toBeLessThanOrEqual(1366);
    }
  });
}

test("at 1366 px the fiscal year compare's year-on-year columns stand first, under their measure's heading", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'globalreader');
  await openReport(page, REPORT_PAGES.fiscal);
  const box = (await scrollBox(page).boundingBox())!;
  for (const measure of ['Enrolled', 'Placed', 'Work terms']) {
    await expect(table(page).locator('thead th.report-head-group', { hasText: measure }).first()).toBeVisible();
    for (const name of [`${measure}: change`, `${measure}: % change`]) {
      // The heading reads "Change" under its measure; its name is the downloads' heading.
      const heading = table(page).getByRole('columnheader', { name, exact: true });
      await expect(heading).toBeVisible();
      const cell = (await heading.boundingBox())!;
      expect(cell.x, `${name} within the table's box`).toBeGreaterThanOrEqual(box.x - 1);
      expect(cell.x + cell.width, `${name} within the table's box`).toBeLessThanOrEqual(box.x + box.width + 1);
    }
  }
  // Right after the fiscal year: the first figure heading of the second row is the enrolment's change.
  await expect(table(page).locator('thead tr.report-head-sub th').first()).toHaveAccessibleName('Enrolled: change');
  expect(await scrollBox(page).evaluate((el) => el.scrollLeft)).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test('the region report shows its secondary columns on request, remembers it, and always prints them', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'globalreader');
  await openReport(page, REPORT_PAGES.region);
  const placedGroup = table(page).locator('thead th.report-head-group', { hasText: 'Students placed' });
  const indigenous = table(page).getByRole('columnheader', { name: 'Indigenous students placed', exact: true });
  const toggle = page.getByRole('checkbox', { name: 'Show students placed (4 more columns)' });
  // Off the screen at first, so the ten locations and their total fit beside the fiscal year.
  await expect(toggle).not.toBeChecked();
  await expect(placedGroup).toBeHidden();
  await expect(table(page).getByRole('columnheader', { name: 'Thompson-Okanagan', exact: true })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Work terms by location: All', exact: true })).toBeVisible();

  // On paper they are there all the same.
  await page.emulateMedia({ media: 'print' });
  await expect(indigenous).toBeVisible();
  await expect(page.getByTestId('report-province-row').locator('td.report-optional').first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(indigenous).toBeHidden();

  // Asked for: four more columns (the table may then scroll sideways, the reader's choice), kept after a reload.
  await toggle.check();
  await expect(placedGroup).toBeVisible();
  await expect(indigenous).toBeVisible();
  await expect(table(page).locator('tbody tr').first().locator('td.report-optional:visible')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(table(page)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Show students placed (4 more columns)' })).toBeChecked();
  await expect(indigenous).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show students placed (4 more columns)' }).uncheck();
  await expect(indigenous).toBeHidden();
});

for (const width of [1366, 390]) {
  test(`at ${width} px the placement report of a global reader starts grouped by institution, groups closed`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signInAs(page, 'globalreader');
    await openReport(page, REPORT_PAGES.placement);
    const grouping = page.getByRole('checkbox', { name: 'Group by institution' });
    await expect(grouping).toBeChecked();
    const toggles = table(page).getByTestId('report-group-toggle');
    await expect.poll(() => toggles.count(), 'one group per institution').toBeGreaterThan(20);
    // A list of institutions, not hundreds of rows.
    await expect(table(page).locator('tbody:not([hidden]) tr:not(.report-group-head)')).toHaveCount(0);
    for (const expanded of await toggles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded'))))
      expect(expanded).toBe('false');

    // From the keyboard: Tab onto a group's button, Enter opens it, Space closes it.
    const first = toggles.first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const size = Number((await first.locator('.report-group-count').innerText()).replace(/\D/g, ''));
    await expect(table(page).locator('tbody:not([hidden]) tr:not(.report-group-head)')).toHaveCount(size);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    // The filter box opens the groups it finds rows in; unticking the grouping gives the whole table back.
    await page.getByLabel('Filter rows').fill('UVic');
    await expect(table(page).getByTestId('report-group-toggle')).toHaveCount(1);
    await expect(table(page).getByTestId('report-group-toggle')).toHaveAttribute('aria-expanded', 'true');
    // The cleared filter applies after a pause in typing, and the rows are drawn in slices: both are waited for.
    await page.getByLabel('Filter rows').fill('');
    await grouping.uncheck();
    await expect(table(page).getByTestId('report-group-toggle')).toHaveCount(0);
    await expect(table(page)).not.toHaveAttribute('aria-busy');
    await expect.poll(() => table(page).locator('tbody tr').count()).toBeGreaterThan(500);
  });
}

test('at 390 px the grouped reports scroll sideways in their box, group names at their left, and pass axe', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'globalreader');
  for (const type of ['region', 'fiscal', 'institution', 'tuition'] as const) {
    await openReport(page, REPORT_PAGES[type]);
    const { page: pageOverflow } = await overflow(page);
    expect(pageOverflow, `${type}: only the table's box scrolls, not the page`).toBeLessThanOrEqual(0);
    // A group's name starts at its left edge, not centred over columns far off the screen.
    for (const offset of await table(page)
      .locator('thead th.report-head-group:visible')
      .evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect().left - cell.getBoundingClientRect().left;
        }),
      ))
      expect(offset, `${type}: a group's name at its left`).toBeLessThanOrEqual(16);
    await expectNoSeriousA11yViolations(page);
  }
});
