import { type Locator, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, onASlowMachine, signInAs, test } from './fixtures.ts';

interface ApiInstitution {
  id: number;
  short_name: string;
}
interface ApiRecordPage {
  items: { id: number; institution_short_name: string }[];
  total: number;
}

const count = (page: Page) => page.getByTestId('table-count');
const rowsOf = (table: Locator) => table.locator('tbody tr');
/** The texts of one column (1-based) of the rows shown. */
const column = (table: Locator, n: number) => table.locator(`tbody tr td:nth-child(${n})`).allInnerTexts();
/** The record ids the rows link to, in order: what identifies a page of results. */
const rowIds = async (table: Locator) =>
  (await table.locator('tbody tr a[href^="/records/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map(
    (href) => Number(href?.split('/').pop()),
  );
const asNumber = (text: string) => Number(text.replace(/,/g, ''));
const formatted = (n: number) => n.toLocaleString('en-CA');

async function institutionId(page: Page, shortName: string): Promise<number> {
  const institutions = (await (await page.request.get('/api/institutions')).json()) as ApiInstitution[];
  return institutions.find((i) => i.short_name === shortName)!.id;
}

test.describe('browse records', () => {
  test('a reader sees only UVic and SFU records, sorts, pages and filters, with the view in the URL', async ({ page }) => {
    await signInAs(page, 'reader');
    const api = (await (await page.request.get('/api/records?pageSize=1')).json()) as ApiRecordPage;

    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse records' })).toBeVisible();
    const table = page.getByTestId('records-table');
    await expect(count(page)).toHaveText(`Showing 1–50 of ${formatted(api.total)} records`);
    await expect(rowsOf(table)).toHaveCount(50);
    expect(new Set(await column(table, 1))).toEqual(new Set(['SFU', 'UVic']));
    // A reader may not add records; the way to Find is there.
    await expect(page.getByRole('link', { name: 'Add a record' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Import from a spreadsheet' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Find records' })).toBeVisible();
    // The institution filter offers only what the reader may read.
    await expect(page.locator('#records-institution option')).toHaveText([
      'All your institutions',
      'SFU – Simon Fraser University',
      'UVic – University of Victoria',
    ]);
    // Rows link to their records; numbers are right-aligned.
    const firstLink = rowsOf(table).first().getByRole('link');
    await expect(firstLink).toHaveAttribute('href', /^\/records\/\d+$/);
    await expect(table.locator('tbody tr td:nth-child(6)').first()).toHaveCSS('text-align', 'right');
    await expectNoSeriousA11yViolations(page);

    // Sort by institution: A to Z puts SFU first, Z to A puts UVic first; the URL says so.
    await table.getByRole('button', { name: 'Institution' }).click();
    await expect(page).toHaveURL(/[?&]sort=institution%3Aasc/);
    await expect(rowsOf(table).first().locator('td').first()).toHaveText('SFU');
    await expect(table.getByRole('columnheader', { name: 'Institution' })).toHaveAttribute('aria-sort', 'ascending');
    await table.getByRole('button', { name: 'Institution' }).click();
    await expect(page).toHaveURL(/[?&]sort=institution%3Adesc/);
    await expect(rowsOf(table).first().locator('td').first()).toHaveText('UVic');

    // Sort by students placed, largest first (two clicks on a slow machine too): the numbers run downwards.
    await onASlowMachine(page, async () => {
      await table.getByRole('button', { name: 'Placed' }).click();
      await expect(page).toHaveURL(/[?&]sort=students_placed%3Aasc/);
      await table.getByRole('button', { name: 'Placed' }).click();
      await expect(page).toHaveURL(/[?&]sort=students_placed%3Adesc/);
    });
    await expect(table.getByRole('columnheader', { name: 'Placed' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    const placed = (await column(table, 8)).map(asNumber);
    expect(placed).toEqual([...placed].sort((a, b) => b - a));

    // Paging: page 2 shows the next rows from its first (the page scrolls back up to the table), Back returns to page 1.
    const pageOne = await rowIds(table);
    const region = page.getByTestId('records-table-region');
    await page.getByRole('button', { name: 'Page 2', exact: true }).scrollIntoViewIfNeeded();
    expect(await region.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(count(page)).toHaveText(`Showing 51–100 of ${formatted(api.total)} records`);
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    const pageTwo = await rowIds(table);
    expect(pageTwo).toHaveLength(50);
    await expect.poll(() => region.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
    expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(count(page)).toHaveText(`Showing 1–50 of ${formatted(api.total)} records`);

    // Two quick "Next page" clicks on a slow machine go two pages on: the second steps from the page the first asked for.
    await onASlowMachine(page, async () => {
      const next = page.getByRole('button', { name: 'Next page' });
      await next.click();
      await next.click();
    });
    await expect(page).toHaveURL(/[?&]page=3/);
    await expect(count(page)).toHaveText(`Showing 101–150 of ${formatted(api.total)} records`);

    // Page size.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/[?&]pageSize=25/);
    await expect(rowsOf(table)).toHaveCount(25);

    // Filter by institution: only UVic rows, a smaller total, kept on reload.
    const uvic = await institutionId(page, 'UVic');
    await page.getByLabel('Institution', { exact: true }).selectOption({ label: 'UVic – University of Victoria' });
    await expect(page).toHaveURL(new RegExp(`[?&]institutionIds=${uvic}(&|$)`));
    const uvicApi = (await (await page.request.get(`/api/records?pageSize=1&institutionIds=${uvic}`)).json()) as ApiRecordPage;
    expect(uvicApi.total).toBeLessThan(api.total);
    // The new total shows once the new rows have arrived (until then the previous rows stay, marked as updating).
    await expect(count(page)).toHaveText(`Showing 1–25 of ${formatted(uvicApi.total)} records`);
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    expect(new Set(await column(table, 1))).toEqual(new Set(['UVic']));

    // More filters: term and fiscal year range.
    await page.getByLabel('Term', { exact: true }).selectOption('Summer');
    await page.getByLabel('Fiscal year from').selectOption('2021/22');
    await page.getByLabel('Fiscal year to').selectOption('2022/23');
    await expect(page).toHaveURL(/terms=Summer/);
    await expect(page).toHaveURL(/fiscalYearFrom=2021%2F22/);
    await expect(page).toHaveURL(/fiscalYearTo=2022%2F23/);
    const narrowed = (await (
      await page.request.get(
        `/api/records?pageSize=1&institutionIds=${uvic}&terms=Summer&fiscalYearFrom=2021/22&fiscalYearTo=2022/23`,
      )
    ).json()) as ApiRecordPage;
    await expect(count(page)).toHaveText(`Showing 1–25 of ${formatted(narrowed.total)} records`);
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    expect(new Set(await column(table, 4))).toEqual(new Set(['Summer']));
    expect(new Set(await column(table, 3))).toEqual(new Set(['2021/22', '2022/23']));
    await page.reload();
    await expect(count(page)).toContainText('Showing 1–');
    await expect(page.getByLabel('Institution', { exact: true })).toHaveValue(String(uvic));
    await expect(page.getByLabel('Term', { exact: true })).toHaveValue('Summer');
    expect(new Set(await column(table, 1))).toEqual(new Set(['UVic']));
    await expectNoSeriousA11yViolations(page);

    // Nothing matches: the empty state says what to do.
    await page.getByLabel('Status', { exact: true }).selectOption('Draft');
    await page.getByLabel('Fiscal year from').selectOption('2016/17');
    await page.getByLabel('Fiscal year to').selectOption('2016/17');
    await expect(table).toContainText('No records match these filters');
    await expect(count(page)).toHaveText('No records to show');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/records\?pageSize=25&sort=students_placed%3Adesc$/);
    await expect(count(page)).toHaveText(`Showing 1–25 of ${formatted(api.total)} records`);
  });

  test('a writer may add records; a bad filter URL is explained, not crashed on', async ({ page }) => {
    await signInAs(page, 'writer');
    await page.goto('/records');
    await expect(page.getByRole('link', { name: 'Add a record' })).toHaveAttribute('href', '/records/create');
    await expect(page.getByRole('link', { name: 'Import from a spreadsheet' })).toHaveAttribute('href', '/records/import');
    await expect(rowsOf(page.getByTestId('records-table'))).toHaveCount(50);
    expect(new Set(await column(page.getByTestId('records-table'), 1))).toEqual(new Set(['UVic']));
    // Text hidden for screen readers in the cells stays inside the table: the page ends at the footer, not far below it.
    const { pageHeight, footerBottom } = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY,
    }));
    expect(pageHeight).toBeLessThanOrEqual(Math.ceil(footerBottom) + 1);

    await page.goto('/records?fiscalYearFrom=2024/25&fiscalYearTo=2020/21&sort=shoe_size');
    const problems = page.getByTestId('criteria-problems');
    await expect(problems).toContainText('These filters cannot be used');
    await expect(problems).toContainText('sort "shoe_size" is not valid');
    await expect(page.getByTestId('records-table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await problems.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/records$/);
    await expect(rowsOf(page.getByTestId('records-table'))).toHaveCount(50);
  });
});

test.describe('records tables read like documents', () => {
  test('at 1366×900 all 50 rows are in the page (no inner scroll box), the head follows the window down, the default sort is shown', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto('/records');
    const table = page.getByTestId('records-table');
    await expect(rowsOf(table)).toHaveCount(50);
    // The default order is the one the heading shows: the latest fiscal year first.
    await expect(table.getByRole('columnheader', { name: 'Fiscal year' })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('columnheader', { name: 'Term' })).toHaveAttribute('aria-sort', 'none');
    const years = await column(table, 3);
    expect(years).toEqual([...years].sort().reverse());

    const last = rowsOf(table).last();
    const layout = await last.evaluate((row) => {
      const limited: string[] = [];
      for (let el = row.parentElement; el && el !== document.documentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) limited.push(el.className);
      }
      const box = row.getBoundingClientRect();
      return { limited, bottom: box.bottom + window.scrollY, height: box.height, doc: document.documentElement.scrollHeight };
    });
    expect(layout.limited).toEqual([]);
    expect(layout.height).toBeGreaterThan(0);
    expect(layout.bottom).toBeLessThanOrEqual(layout.doc);
    // Scrolled to the last row, it is on screen in the window, and the heading row sits at the top of the window.
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect
      .poll(() => table.locator('thead').evaluate((head) => Math.round(head.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(-1);
    expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().top)).toBeLessThanOrEqual(1);
    await expect(table.getByRole('columnheader', { name: 'Institution' })).toBeInViewport();

    // Nothing is cut off at 1366 px: the table fits, so it has no sideways scroll and no tab stop of its own.
    const scroll = page.getByTestId('records-table-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await expect(scroll).not.toHaveAttribute('tabindex', '0');
  });

  test('the column chooser hides a column, keeps the first, and remembers the choice after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto('/records');
    const table = page.getByTestId('records-table');
    await expect(rowsOf(table)).toHaveCount(50);
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toHaveCount(1);
    await page.getByTestId('records-table-columns').click();
    await expect(page.getByRole('checkbox', { name: /^Institution/ })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /^Institution/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('checkbox', { name: 'Updated' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toHaveCount(0);
    await expect(page.getByTestId('records-table-columns')).toHaveText('Columns (1 hidden)');
    await page.reload();
    await expect(rowsOf(table)).toHaveCount(50);
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Institution' })).toHaveCount(1);
    // Find results remember their own choice: every column there.
    await page.goto('/records/find/findResults?terms=Fall');
    await expect(page.getByTestId('find-results-table').getByRole('columnheader', { name: 'Updated' })).toHaveCount(1);
    // Show all columns brings it back on Browse.
    await page.goto('/records');
    await page.getByTestId('records-table-columns').click();
    await page.getByRole('button', { name: 'Show all columns' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toHaveCount(1);
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toHaveCount(1);
  });

  test('at 390 px the records table keeps its first column in view and scrolls sideways by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'appadmin');
    await page.goto('/records');
    const table = page.getByTestId('records-table');
    await expect(rowsOf(table)).toHaveCount(50);
    const scroll = page.getByTestId('records-table-scroll');
    await expect(scroll).toHaveAttribute('tabindex', '0');
    await expect(scroll).toHaveAttribute('role', 'region');
    await scroll.focus();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('ArrowRight');
      if (await scroll.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)) break;
    }
    expect(await scroll.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
    await table.evaluate((t) => window.scrollTo(0, t.getBoundingClientRect().top + window.scrollY - 10));
    const firstCell = rowsOf(table).first().locator('td').first();
    await expect(firstCell).toBeInViewport();
    const box = await firstCell.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });

  test('an app admin exports the find results: the link carries the criteria and the count is shown', async ({ page }) => {
    await signInAs(page, 'appadmin');
    const criteria = 'fiscalYearFrom=2022%2F23&fiscalYearTo=2023%2F24&terms=Fall';
    await page.goto(`/records/find/findResults?${criteria}&sort=students_placed%3Adesc&page=2`);
    const api = (await (
      await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: '2022/23', fiscalYearTo: '2023/24', terms: ['Fall'] },
      })
    ).json()) as ApiRecordPage;
    const link = page.getByRole('link', { name: 'Export these results' });
    await expect(link).toHaveAttribute('href', `/records/recordExport?${criteria}`);
    await expect(page.getByTestId('export-results-count')).toHaveText(`${formatted(api.total)} records to export`);
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/records/recordExport\\?${criteria}$`));
    await expect(page.getByTestId('export-count')).toContainText(formatted(api.total));
  });

  test('a reader, who may not export, is not offered the export of find results', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/records/find/findResults?terms=Fall');
    await expect(page.getByTestId('find-results-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export these results' })).toHaveCount(0);
  });
});

test.describe('find records', () => {
  test('a find lands on results whose URL reproduces them; sorting and paging update it; Edit search keeps the criteria', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'reader');
    await page.goto('/records/find');
    await expect(page.getByRole('heading', { level: 1, name: 'Find records' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: 'Fall' }).check();
    await page.getByRole('checkbox', { name: 'Spring' }).check();
    await page.locator('#find-fiscal-year-from').selectOption('2022/23');
    await page.locator('#find-fiscal-year-to').selectOption('2023/24');
    await page.getByRole('button', { name: 'Find records' }).click();

    await expect(page).toHaveURL(
      /\/records\/find\/findResults\?fiscalYearFrom=2022%2F23&fiscalYearTo=2023%2F24&terms=Fall&terms=Spring$/,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Find results' })).toBeVisible();
    const summary = page.getByTestId('criteria-summary');
    await expect(summary).toContainText('Fiscal years:2022/23 to 2023/24');
    await expect(summary).toContainText('Terms:Fall, Spring');

    // The same answer as the API gives for these criteria, and every row matches them.
    const api = (await (
      await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: '2022/23', fiscalYearTo: '2023/24', terms: ['Fall', 'Spring'] },
      })
    ).json()) as ApiRecordPage;
    const table = page.getByTestId('find-results-table');
    await expect(count(page)).toHaveText(`Showing 1–50 of ${formatted(api.total)} records`);
    expect(new Set(await column(table, 1))).toEqual(new Set(['SFU', 'UVic']));
    expect(new Set(await column(table, 4))).toEqual(new Set(['Fall', 'Spring']));
    for (const year of await column(table, 3)) expect(['2022/23', '2023/24']).toContain(year);
    await expectNoSeriousA11yViolations(page);

    // Sorting and paging change the URL and the rows.
    const before = await rowIds(table);
    await table.getByRole('button', { name: 'Enrolled' }).click();
    await expect(page).toHaveURL(/[?&]sort=students_enrolled%3Aasc/);
    await expect(page).toHaveURL(/terms=Fall&terms=Spring/);
    await expect(table.getByRole('columnheader', { name: 'Enrolled' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    const enrolled = (await column(table, 6)).map(asNumber);
    expect(enrolled).toEqual([...enrolled].sort((a, b) => a - b));
    expect(await rowIds(table)).not.toEqual(before);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(count(page)).toHaveText(`Showing 51–100 of ${formatted(api.total)} records`);
    await expect(page.getByTestId('table-updating')).toHaveCount(0);
    const shown = await rowIds(table);
    const url = page.url();

    // A bookmark: the URL opened fresh in another browser session shows the same rows.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await signInAs(fresh, 'reader');
    await fresh.goto(url);
    await expect(fresh.getByTestId('table-count')).toHaveText(`Showing 51–100 of ${formatted(api.total)} records`);
    expect(await rowIds(fresh.getByTestId('find-results-table'))).toEqual(shown);
    await other.close();

    // Edit search: the form comes back with the same criteria, and the sort is kept.
    await page.getByRole('link', { name: 'Edit search' }).click();
    await expect(page).toHaveURL(
      /\/records\/find\?fiscalYearFrom=2022%2F23&fiscalYearTo=2023%2F24&terms=Fall&terms=Spring&sort=students_enrolled%3Aasc$/,
    );
    await expect(page.getByRole('checkbox', { name: 'Fall' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Spring' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Summer' })).not.toBeChecked();
    await expect(page.locator('#find-fiscal-year-from')).toHaveValue('2022/23');
    await expect(page.locator('#find-fiscal-year-to')).toHaveValue('2023/24');

    // A backwards range is refused on the field, with the summary at the top, and no search is run.
    await page.locator('#find-fiscal-year-from').selectOption('2024/25');
    await page.getByRole('button', { name: 'Find records' }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(problem).toContainText('The last fiscal year (2023/24) must not be before the first (2024/25)');
    await expect(page.locator('#find-fiscal-year-to')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/records\/find\?/);
    await expectNoSeriousA11yViolations(page);
    await problem.getByRole('link').click();
    await expect(page.locator('#find-fiscal-year-to')).toBeFocused();

    // Corrected, it searches, with the new criteria.
    await page.locator('#find-fiscal-year-to').selectOption('2025/26');
    await page.getByRole('button', { name: 'Find records' }).click();
    await expect(page).toHaveURL(/findResults\?fiscalYearFrom=2024%2F25&fiscalYearTo=2025%2F26&terms=Fall&terms=Spring/);
    await expect(page.getByTestId('criteria-summary')).toContainText('2024/25 to 2025/26');
  });

  test('institutions limit the programs on offer, and a find by institution returns only its records', async ({ page }) => {
    await signInAs(page, 'reader');
    const sfu = await institutionId(page, 'SFU');
    const form = page.getByTestId('find-form');
    const listbox = page.getByRole('listbox');
    await page.goto('/records/find');

    // With no institution chosen, programs of both readable institutions are offered, named with their institution.
    await page.locator('#find-programs').click();
    await expect(listbox.getByRole('option').first()).toBeVisible();
    const all = await listbox.getByRole('option').allInnerTexts();
    for (const label of all) expect(label).toMatch(/^(UVic|SFU) – /);
    const sfuProgram = all.find((label) => label.startsWith('SFU – '))!;
    await listbox.getByRole('option', { name: sfuProgram, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByText(sfuProgram, { exact: true })).toBeVisible();

    // Choosing UVic drops the SFU program, and offers only UVic's programs, by name alone.
    await page.locator('#find-institutions').click();
    await listbox.getByRole('option', { name: 'UVic – University of Victoria' }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByText(sfuProgram, { exact: true })).toHaveCount(0);
    await page.locator('#find-programs').click();
    const uvicOnly = await listbox.getByRole('option').allInnerTexts();
    expect(uvicOnly.length).toBeGreaterThan(0);
    expect(uvicOnly.sort()).toEqual(
      all
        .filter((label) => label.startsWith('UVic – '))
        .map((label) => label.slice('UVic – '.length))
        .sort(),
    );
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);

    // Search SFU instead, with one of its programs and a placement floor.
    await page.locator('#find-institutions').click();
    await page.keyboard.press('Backspace');
    await listbox.getByRole('option', { name: 'SFU – Simon Fraser University' }).click();
    await page.keyboard.press('Escape');
    await page.locator('#find-programs').click();
    await listbox.getByRole('option', { name: sfuProgram.slice('SFU – '.length), exact: true }).click();
    await page.keyboard.press('Escape');
    await page.locator('#find-placed-min').fill('10');
    await page.getByRole('button', { name: 'Find records' }).click();
    await expect(page).toHaveURL(new RegExp(`findResults\\?institutionIds=${sfu}&programIds=\\d+&placedMin=10$`));
    const summary = page.getByTestId('criteria-summary');
    await expect(summary).toContainText('Institutions:SFU');
    await expect(summary).toContainText(`Programs:${sfuProgram}`);
    await expect(summary).toContainText('Students placed:at least 10');
    const table = page.getByTestId('find-results-table');
    await expect(count(page)).toContainText('Showing 1–');
    expect(new Set(await column(table, 1))).toEqual(new Set(['SFU']));
    expect(
      new Set(
        await table.locator('tbody tr td:nth-child(2) a').evaluateAll((links) => links.map((a) => a.firstChild?.textContent)),
      ),
    ).toEqual(new Set([sfuProgram.slice('SFU – '.length)]));
    for (const n of (await column(table, 8)).map(asNumber)) expect(n).toBeGreaterThanOrEqual(10);
  });

  test('a results URL with bad criteria says what is wrong, and Edit search keeps what it can', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/records/find/findResults?terms=Winter&fiscalYearFrom=2021/22&placedMin=lots');
    await expect(page.getByRole('heading', { level: 1, name: 'Find results' })).toBeVisible();
    const problems = page.getByTestId('criteria-problems');
    await expect(problems).toContainText('This search cannot be run');
    await expect(problems).toContainText('"Winter" is not one');
    await expect(problems).toContainText('placedMin must be a whole number');
    await expect(page.getByTestId('find-results-table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await problems.getByRole('link', { name: 'Edit search' }).click();
    await expect(page).toHaveURL(/\/records\/find\?terms=Winter&fiscalYearFrom=2021%2F22&placedMin=lots$/);
    await expect(page.getByTestId('url-problems')).toContainText('"Winter" is not one');
    await expect(page.locator('#find-fiscal-year-from')).toHaveValue('2021/22');
    await expect(page.locator('#find-placed-min')).toHaveValue('');
  });
});
