import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { CUT_ADVICE, DEFAULT_DISCLOSURE_RULE, suppressionFootnotes } from '../src/shared/disclosure.ts';
import { REPORT_MENU_LABELS } from '../src/shared/navigation.ts';
import { REPORT_FLAG_LEGEND, REPORT_PAGES, REPORT_TYPES } from '../src/shared/reports.ts';
import type { Report } from '../src/shared/schemas/report.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, onASlowMachine, signInAs, test } from './fixtures.ts';

// The longest spec by far, and it changes nothing: its tests are shared among the workers rather than run one after
// another by whichever worker reaches the file, which was the last minute of the browser tests (decision 046).
test.describe.configure({ mode: 'parallel' });

/** The last five complete B.C. fiscal years (April to March): the form's default range. */
function defaultYears(): { from: string; to: string } {
  return { from: fiscalYearAhead(-5), to: fiscalYearAhead(-1) };
}

const table = (page: Page) => page.getByTestId('report-table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const chartSvg = (page: Page) =>
  page
    .getByRole('figure', { name: /^Chart of the .*table on this page gives every figure/ })
    .locator('svg.recharts-surface')
    .first();

/** The first cell of each grouped row, without its p/r mark. */
async function firstCells(page: Page): Promise<string[]> {
  return bodyRows(page)
    .locator('th')
    .evaluateAll((cells) =>
      cells.map((cell) =>
        [...cell.childNodes]
          .filter((node) => node.nodeName !== 'SUP')
          .map((node) => node.textContent)
          .join('')
          .trim(),
      ),
    );
}

async function openFromMenu(page: Page, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Reports' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: label, exact: true }).click();
}

test.describe('reports (app admin)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'appadmin');
  });

  test('the index lists the ten reports by their menu labels, each linking to its parameters, and passes axe', async ({
    page,
  }) => {
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Reports' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    for (const type of REPORT_TYPES) {
      await expect(list.getByRole('link', { name: REPORT_MENU_LABELS[type], exact: true })).toHaveAttribute(
        'href',
        `/reports/params?type=${type}`,
      );
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('each report opens from the Reports menu, runs with the defaults, shows rows and a chart, and reloads the same', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { from, to } = defaultYears();
    await page.goto('/');
    for (const [index, type] of REPORT_TYPES.entries()) {
      await openFromMenu(page, REPORT_MENU_LABELS[type]);
      await expect(page).toHaveURL(new RegExp(`/reports/params\\?type=${type}$`));
      await expect(page.locator('#report-fiscal-year-from')).toHaveValue(from);
      await expect(page.locator('#report-fiscal-year-to')).toHaveValue(to);
      if (index === 0) await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Run report' }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === REPORT_PAGES[type] &&
          url.searchParams.get('fiscalYearFrom') === from &&
          url.searchParams.get('fiscalYearTo') === to,
      );
      await expect(bodyRows(page).first()).toBeVisible();
      expect(await bodyRows(page).count(), `${type} has rows`).toBeGreaterThan(0);
      await expect(chartSvg(page)).toBeVisible();
      await expect(page.getByTestId('report-totals-row')).toContainText('Total (institutions shown)');
      await expect(page.getByTestId('report-province-row')).toContainText('Province (all institutions)');
      if (index === 0) await expectNoSeriousA11yViolations(page);

      // A long report adds its rows a slice at a time (busy until all are in): compare the whole table.
      await expect(table(page)).not.toHaveAttribute('aria-busy');
      const before = await bodyRows(page).allInnerTexts();
      await page.reload();
      await expect(bodyRows(page).first()).toBeVisible();
      await expect(table(page)).not.toHaveAttribute('aria-busy');
      expect(await bodyRows(page).allInnerTexts(), `${type} after a reload`).toEqual(before);
    }
  });

  test('a long report ends with every row in the table, shown and sorted as a whole, and every row on paper', async ({
    page,
  }) => {
    // Some 1,500 rows, drawn, sorted and laid out for print: slow on a busy two-core machine.
    test.slow();
    await page.goto('/reports/placementPercentage');
    const count = Number((await page.getByTestId('report-row-count').innerText()).replace(/\D/g, ''));
    expect(count, 'a report long enough to be drawn a slice at a time').toBeGreaterThan(1000);
    // It starts grouped by institution (report-widths.spec.ts); ungrouped, it is one table of every row.
    await page.getByRole('checkbox', { name: 'Group by institution' }).uncheck();
    await expect(table(page)).not.toHaveAttribute('aria-busy');
    await expect(table(page).locator('tbody:not([hidden]) tr')).toHaveCount(count);
    await expect(table(page)).not.toHaveAttribute('aria-rowcount');
    // Every row but the last has its line under it, the last of each slice (a tbody each) too.
    const lines = await bodyRows(page).evaluateAll((rows) => rows.slice(0, -1).map((r) => getComputedStyle(r).borderBottomStyle));
    expect(new Set(lines)).toEqual(new Set(['solid']));

    await table(page).getByRole('button', { name: 'Students placed', exact: true }).click();
    await expect(page).toHaveURL(/sort=students_placed/);
    // The address changes at once; the rows are re-drawn in a transition, with the heading's aria-sort.
    await expect(table(page).locator('th[aria-sort="ascending"]')).toContainText('Students placed');
    await expect(table(page)).not.toHaveAttribute('aria-busy');
    const placed = (await bodyRows(page).locator('td:nth-child(5)').allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
    expect(placed).toHaveLength(count);
    expect(placed).toEqual([...placed].sort((a, b) => a - b));

    await page.emulateMedia({ media: 'print' });
    await expect(bodyRows(page).last()).toBeVisible();
    // Every slice of 100 rows (a tbody each) is the same markup as the first: axe checks the first and the rest of the
    // page. Over all ~1,500 rows it took most of this test's minute and a half on a two-core machine.
    await expectNoSeriousA11yViolations(page, { exclude: '[data-testid="report-table"] tbody ~ tbody' });
  });

  test('sorting keeps the total and province rows at the bottom and lives in the URL', async ({ page }) => {
    await page.goto('/reports/institutionalBreakdown?fiscalYearFrom=2021/22&fiscalYearTo=2025/26');
    await expect(bodyRows(page)).toHaveCount(25);
    const placed = table(page).getByRole('button', { name: 'Students placed', exact: true });
    // On a slow machine the second click comes before the first sort is drawn, and must still turn the order round.
    await onASlowMachine(page, async () => {
      await placed.click();
      await expect(page).toHaveURL(/sort=students_placed/);
      await placed.click();
      await expect(page).toHaveURL(/sort=-students_placed/);
    });
    // "Placed" under "Students", named by the column's whole label.
    await expect(table(page).getByRole('columnheader', { name: 'Students placed', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const numbers = (await bodyRows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const foot = table(page).locator('tfoot tr');
    await expect(foot).toHaveCount(2);
    await expect(foot.nth(0)).toContainText('Total (institutions shown)');
    await expect(foot.nth(1)).toContainText('Province (all institutions)');
    // A reload keeps the order.
    const order = await firstCells(page);
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(25);
    expect(await firstCells(page)).toEqual(order);

    // Print: the button opens the browser's print; on paper the navigation and buttons go, the table's headings stay.
    await page.evaluate(() => {
      const g = globalThis as unknown as { printed: number; print: () => void };
      g.printed = 0;
      g.print = () => void g.printed++;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Change parameters' })).toBeHidden();
    await expect(table(page).locator('thead th').first()).toBeVisible();
    await expect(page.getByTestId('report-province-row')).toBeVisible();
    // On paper, a total's scope is a size below its name and the headings the figures' size, not larger.
    const size = (selector: string) =>
      table(page)
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const figure = await size('tbody td');
    expect(await size('.report-pinned-scope')).toBeLessThan(await size('tfoot th'));
    expect(await size('thead th')).toBeLessThanOrEqual(figure);
  });

  test('a wide report scrolls sideways on a phone: its last column is reached by keyboard, the first stays in view, nothing is boxed in', async ({
    page,
  }) => {
    // At 1366 px every report fits (report-widths.spec.ts); on a phone the region report's table is wider than the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reports/regions?fiscalYearFrom=2021/22&fiscalYearTo=2025/26');
    await expect(bodyRows(page).first()).toBeVisible();
    const scroll = page.getByTestId('report-table-scroll');
    // The last heading shown: its secondary columns are left off the screen until asked for.
    const lastHeading = table(page).locator('thead th:not(.report-optional)').last();
    // Wider than the page: the box scrolls, says so with a fade on the right, and is a named region that takes focus.
    expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(scroll).toHaveAttribute('tabindex', '0');
    await expect(scroll).toHaveAttribute('role', 'region');
    await expect(scroll).toHaveAccessibleName(/scrolls sideways/);
    await expect(page.locator('.table-scroll-frame[data-more-end]')).toHaveCount(1);
    await expect(lastHeading).not.toBeInViewport();
    // Every row is in the page: no box of its own scrolls up and down.
    expect(await scroll.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page);

    // By keyboard alone: Tab reaches the table's box (past its sort buttons, which are in the box too), arrows scroll.
    await scroll.focus();
    await expect(scroll).toBeFocused();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('ArrowRight');
      if (await scroll.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)) break;
    }
    expect(await scroll.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
    // The window scrolled down to the table (not sideways: that was the keyboard's job) shows the last column whole.
    await table(page).evaluate((t) => window.scrollTo(0, t.getBoundingClientRect().top + window.scrollY - 10));
    await expect(lastHeading).toBeInViewport({ ratio: 0.99 });
    await expect(page.locator('.table-scroll-frame[data-more-end]')).toHaveCount(0);
    await expect(page.locator('.table-scroll-frame[data-more-start]')).toHaveCount(1);
    // The first column is frozen: still at the left edge of the box.
    const boxLeft = await scroll.evaluate((el) => el.getBoundingClientRect().left);
    const firstCell = bodyRows(page).first().locator('th').first();
    await expect(firstCell).toBeInViewport();
    expect(Math.abs((await firstCell.boundingBox())!.x - boxLeft)).toBeLessThanOrEqual(2);
    // Numbers stay on one line.
    const lastCell = bodyRows(page).first().locator('td:not(.report-optional)').last();
    await expect(lastCell).toHaveCSS('white-space', 'nowrap');
  });

  test('the form checks the years and terms, and "Change parameters" pre-fills it', async ({ page }) => {
    await page.goto('/reports/params?type=fiscal');
    await page.locator('#report-fiscal-year-from').selectOption('2024/25');
    await page.locator('#report-fiscal-year-to').selectOption('2020/21');
    for (const term of ['Summer', 'Fall', 'Spring']) await page.getByRole('checkbox', { name: term }).uncheck();
    await page.getByRole('button', { name: 'Run report' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('The last fiscal year (2020/21) must not be before the first (2024/25)');
    await expect(summary).toContainText('Choose at least one term');
    await expect(page).toHaveURL(/\/reports\/params\?type=fiscal$/);
    await expectNoSeriousA11yViolations(page);

    await page.locator('#report-fiscal-year-to').selectOption('2025/26');
    await page.getByRole('checkbox', { name: 'Fall' }).check();
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page).toHaveURL(/\/reports\/yearCompare\?fiscalYearFrom=2024%2F25&fiscalYearTo=2025%2F26&terms=Fall$/);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(page.getByTestId('report-params')).toContainText('2024/25 to 2025/26');
    await expect(page.getByTestId('report-params')).toContainText('Fall');

    await page.getByRole('link', { name: 'Change parameters' }).click();
    await expect(page).toHaveURL(/\/reports\/params\?type=fiscal&fiscalYearFrom=2024%2F25/);
    await expect(page.locator('#report-fiscal-year-from')).toHaveValue('2024/25');
    await expect(page.locator('#report-fiscal-year-to')).toHaveValue('2025/26');
    await expect(page.getByRole('checkbox', { name: 'Fall' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Summer' })).not.toBeChecked();
  });

  test('a report with no matching records says so, and refused parameters say what is wrong', async ({ page }) => {
    await page.goto('/reports/yearCompare?fiscalYearFrom=2000/01&fiscalYearTo=2001/02');
    await expect(page.getByTestId('report-empty')).toContainText('No submitted records match these parameters');
    await expect(page.getByTestId('report-empty').getByRole('link', { name: 'Change parameters' })).toHaveAttribute(
      'href',
      '/reports/params?type=fiscal&fiscalYearFrom=2000%2F01&fiscalYearTo=2001%2F02',
    );
    await expect(page.getByTestId('report-table')).toHaveCount(0);

    await page.goto('/reports/regions?fiscalYearFrom=2025/26&fiscalYearTo=2020/21');
    const refused = page.getByTestId('report-refused');
    await expect(refused).toContainText('fiscalYearTo (2020/21) must not be before fiscalYearFrom (2025/26)');
    await expect(refused.getByRole('link', { name: 'Change parameters' })).toHaveAttribute(
      'href',
      /\/reports\/params\?type=region/,
    );
  });

  test('download links ask for the same report as a file', async ({ page }) => {
    const query = 'fiscalYearFrom=2023%2F24&fiscalYearTo=2024%2F25&terms=Fall';
    await page.goto(`/reports/regions?${query}`);
    await expect(bodyRows(page)).toHaveCount(2);
    const csv = page.getByRole('link', { name: 'Download CSV' });
    const xlsx = page.getByRole('link', { name: 'Download Excel (XLSX)' });
    await expect(csv).toHaveAttribute('href', `/api/reports/region/download?format=csv&${query}`);
    await expect(xlsx).toHaveAttribute('href', `/api/reports/region/download?format=xlsx&${query}`);
    await expect(csv).toHaveAttribute('download', '');

    // The file itself (GET /api/reports/{type}/download, added by the lead engineer's branch).
    // The file's headings are the report's column labels (the table may show a shorter heading under a group's, named
    // by the label or by the group and its words: "Work terms by location: All"), one per column of the table.
    const api = (await (await page.request.get(`/api/reports/region?${query}`)).json()) as Report;
    const headers = api.columns.map((c) => c.label);
    await expect(table(page).locator('thead th[aria-sort]')).toHaveCount(headers.length);
    const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    // The table, then (after a blank line) the legend of the p/r marks when any row is marked.
    const [tableText, legend] = text.trim().split(/\r?\n\r?\n/);
    const lines = tableText!.split(/\r?\n/);
    const headerCells = lines[0]!.split(',').map((c) => c.replace(/^"|"$/g, ''));
    expect(headerCells).toEqual([...headers, 'Flag']); // the row marks, last
    expect(lines).toHaveLength(1 + 2 + 2); // header, two years, Total, Province
    // Quoted: it holds a semicolon, where some spreadsheets split a field (files/table-files.ts, decision 017).
    if (lines.some((line) => /,[pr]$/.test(line))) expect(legend).toBe(`"${REPORT_FLAG_LEGEND}"`);
    expect(lines.at(-2)).toMatch(/^"?Total/);
    expect(lines.at(-1)).toMatch(/^"?Province/);

    const [file] = await Promise.all([page.waitForEvent('download'), xlsx.click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Report')!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual([...headers, 'Flag']);
    expect(sheet.rowCount).toBe(1 + 2 + 2 + (legend ? 2 : 0));
    expect(cells(4)[0]).toMatch(/^Total/);
    expect(cells(5)[0]).toMatch(/^Province/);
    // The same figures as the CSV, as numbers Excel can add up.
    expect(cells(2).slice(1, headers.length).map(String)).toEqual(lines[1]!.split(',').slice(1, headers.length));
  });
});

test.describe('reports (reader of UVic and SFU)', () => {
  test("the institution report shows only the reader's institutions, then the province", async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/reports/params?type=institution');
    // The institutions offered, and chosen by default, are the two the reader may read.
    await expect(page.getByRole('combobox', { name: 'Institutions' })).toBeVisible();
    const pills = page.locator('.mantine-MultiSelect-pill');
    await expect(pills).toHaveCount(2);
    await expect(pills.filter({ hasText: 'Simon Fraser University (SFU)' })).toHaveCount(1);
    await expect(pills.filter({ hasText: 'University of Victoria (UVic)' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page).toHaveURL(/\/reports\/institutionalBreakdown\?.*institutionIds=\d+%2C\d+/);
    // The province's figures of the others come from releases (decision 024): end on the last released year.
    await page.goto(page.url().replace(/fiscalYearTo=[^&]*/, 'fiscalYearTo=2024%2F25'));
    await expect(bodyRows(page)).toHaveCount(2);
    expect(await firstCells(page)).toEqual(['SFU', 'UVic']);
    await expect(page.getByTestId('report-params')).toContainText(/SFU, UVic|UVic, SFU/);
    const placed = async (testId: string) =>
      Number((await page.getByTestId(testId).locator('td').nth(2).innerText()).replace(/,/g, ''));
    // The province counts every institution: more than the reader's two.
    expect(await placed('report-province-row')).toBeGreaterThan(await placed('report-totals-row'));
    await expectNoSeriousA11yViolations(page);
  });

  test('a report naming an institution the reader may not read is refused with "Unauthorized"', async ({ page }) => {
    await signInAs(page, 'reader');
    const institutions = (await (await page.request.get('/api/institutions')).json()) as { id: number; short_name: string }[];
    const ubc = institutions.find((i) => i.short_name === 'UBC')!;
    await page.goto(`/reports/institutionalBreakdown?institutionIds=${ubc.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /^403/ })).toBeVisible();
    await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
    await expect(page.getByTestId('report-table')).toHaveCount(0);
  });
});

test.describe('reports (writer of UVic alone)', () => {
  test("with nothing of UVic's matching, the report still shows the province's figures, saying why the rows are empty", async ({
    page,
  }) => {
    await signInAs(page, 'writer');
    // Released years only (decision 024): the demo day's current year is not released yet.
    await page.goto('/reports/institutionalBreakdown?disciplines=Health&fiscalYearFrom=2020%2F21&fiscalYearTo=2024%2F25');
    await expect(page.getByTestId('report-empty')).toContainText(
      'No submitted records of the institutions in this report match these parameters',
    );
    await expect(page.getByTestId('report-empty')).toContainText("The province's figures (all institutions)");
    await expect(bodyRows(page)).toHaveCount(0);
    const enrolled = async (testId: string) =>
      Number((await page.getByTestId(testId).locator('td').nth(0).innerText()).replace(/,/g, ''));
    expect(await enrolled('report-totals-row')).toBe(0);
    expect(await enrolled('report-province-row')).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('with nothing of UVic matching and every province figure hidden, the notice points to the notes, which say to choose every credential', async ({
    page,
  }) => {
    await signInAs(page, 'writer');
    const query = 'fiscalYearFrom=2024%2F25&fiscalYearTo=2024%2F25&credentials=Diploma';
    const api = (await (await page.request.get(`/api/reports/term?${query}`)).json()) as Report;
    expect(api.rows, 'UVic offers no diploma').toHaveLength(0);
    const figures = api.columns.filter((c) => c.kind !== 'text');
    expect(Object.keys(api.suppressed).sort(), 'every province figure is hidden').toEqual(figures.map((c) => c.key).sort());
    await page.goto(`/reports/termCompare?${query}`);
    await expect(page.getByTestId('report-empty')).toContainText('are hidden too: the notes under the table say why');
    await expect(page.getByTestId('report-empty')).not.toContainText('are in the table below');
    await expect(page.getByTestId('report-suppression-notes')).toContainText(CUT_ADVICE);
  });
});

test.describe('report charts at desk and phone widths', () => {
  for (const width of [1366, 390]) {
    test(`at ${width} px every report draws its chart with a summary in words, fits the page and passes axe`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await signInAs(page, 'appadmin');
      const { from, to } = defaultYears();
      for (const type of REPORT_TYPES) {
        await page.goto(
          `${REPORT_PAGES[type]}?fiscalYearFrom=${from.replace('/', '%2F')}&fiscalYearTo=${to.replace('/', '%2F')}`,
        );
        const figure = page.getByTestId('report-chart');
        await expect(chartSvg(page)).toBeVisible();
        // The summary names figures for a screen reader, and is the figure's description.
        const summary = page.getByTestId('report-chart-summary');
        await expect(summary).toContainText(/\d/);
        await expect(figure).toHaveAccessibleDescription((await summary.innerText()).trim());
        // Nothing sticks out sideways, on a phone least of all.
        const box = (await figure.boundingBox())!;
        expect(box.x + box.width, `${type} fits`).toBeLessThanOrEqual(width);
        if (type === 'placement') {
          await expect(page.getByTestId('report-chart-axis-note')).toContainText('not at 0');
          await expect(page.getByRole('list', { name: 'Chart: legend' })).toContainText('Province (all institutions)');
        }
        if (type === 'region') await expect(figure.locator('.report-multiples > li')).toHaveCount(10);
        await page.locator('section.report-chart').screenshot({ path: testInfo.outputPath(`chart-${type}-${width}.png`) });
        // Values on keyboard focus: the chart takes focus and an arrow key brings up the tooltip.
        await chartSvg(page).focus();
        await page.keyboard.press('ArrowRight');
        await expect(figure.locator('.recharts-tooltip-wrapper').first()).toContainText(/\d/);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});

test.describe('reports (writer of UVic): province figures hidden by disclosure control', () => {
  // Social Sciences bachelor's in 2024/25: too few other institutions place students in three of the groups counted.
  const institutionQuery =
    'fiscalYearFrom=2024%2F25&fiscalYearTo=2024%2F25&disciplines=Social%20Sciences&credentials=Bachelor%27s%20Degree';
  // Bachelor's degrees in one fiscal year: a credential cuts across every discipline's blocks (decision 020), so the
  // province's seeking, placed and rate are hidden.
  const placementQuery = 'fiscalYearFrom=2025%2F26&fiscalYearTo=2025%2F26&credentials=Bachelor%27s%20Degree';
  const hiddenCells = (page: Page) => page.getByTestId('report-province-row').getByTestId('report-hidden-cell');
  const notes = (page: Page) => page.getByTestId('report-suppression-notes');

  for (const width of [1366, 390]) {
    test(`at ${width} px the hidden province figures read x, link to notes in the files' words, and pass axe`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await signInAs(page, 'writer');
      const api = (await (await page.request.get(`/api/reports/institution?${institutionQuery}`)).json()) as Report;
      expect(Object.keys(api.suppressed).length, 'the case hides some province figures').toBeGreaterThan(0);
      await page.goto(`/reports/institutionalBreakdown?${institutionQuery}`);
      await expect(bodyRows(page)).toHaveCount(1);

      // One x per hidden figure, in its column; the other province figures are shown.
      await expect(hiddenCells(page)).toHaveCount(Object.keys(api.suppressed).length);
      const provinceCells = page.getByTestId('report-province-row').locator('td');
      for (const [key, reason] of Object.entries(api.suppressed)) {
        const column = api.columns.findIndex((c) => c.key === key);
        // A heading may be short under its group's ("Placed" under "Students"): its name is the column's label.
        await expect(table(page).getByRole('columnheader', { name: api.columns[column]!.label, exact: true })).toHaveCount(1);
        const cell = provinceCells.nth(column - 1); // the label spans the one grouping column
        await cell.scrollIntoViewIfNeeded();
        await expect(cell).toBeVisible();
        await expect(cell.locator('[aria-hidden="true"]')).toHaveText('x'); // to the eye; words to a screen reader
        const link = cell.getByRole('link');
        await expect(link).toHaveAccessibleName(/^hidden: .* \(see the notes under the table\)$/);
        await expect(link).toHaveAttribute('href', `#report-note-${reason}`);
      }
      await expect(page.getByTestId('report-province-row')).not.toContainText('no data');

      // The notes say why and how to see more, exactly as the downloaded file does under its table.
      const expected = suppressionFootnotes(
        api.suppressed,
        Object.fromEntries(api.columns.map((c) => [c.key, c.label])),
        DEFAULT_DISCLOSURE_RULE,
        { params: api.params },
      );
      await notes(page).scrollIntoViewIfNeeded();
      await expect(notes(page)).toBeVisible();
      const lines = (await notes(page).locator('li').allInnerTexts()).map((t) => t.trim());
      expect([...lines, expected.at(-1)]).toEqual(expected);
      // A credential cuts the groups figures are released in: the advice is to choose every credential, not more years.
      await expect(notes(page)).toContainText(CUT_ADVICE);
      const csv = await (await page.request.get(`/api/reports/institution/download?format=csv&${institutionQuery}`)).text();
      for (const line of expected) expect(csv).toContain(line);
      // The notes wrap inside the page: nothing sticks out sideways on a phone.
      const box = (await notes(page).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page);

      // Following an x from the keyboard lands on its note.
      const first = hiddenCells(page).first();
      const target = ((await first.getAttribute('href')) ?? '').slice(1);
      await first.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator(`#${target}`)).toBeFocused();

      // On paper: the same x and notes, without the link back to the form.
      await page.emulateMedia({ media: 'print' });
      await expect(hiddenCells(page).first()).toBeVisible();
      await expect(notes(page).locator('li').first()).toBeVisible();
      await expect(notes(page).getByRole('link', { name: 'Change parameters' })).toBeHidden();
    });
  }

  test('the placement chart leaves out the hidden province line and says so', async ({ page }) => {
    await signInAs(page, 'writer');
    await page.goto(`/reports/placementPercentage?${placementQuery}`);
    await expect(chartSvg(page)).toBeVisible();
    await expect(page.getByTestId('report-chart-hidden-note')).toContainText('A province line is not shown');
    await expect(page.getByRole('list', { name: 'Chart: legend' })).not.toContainText('Province');
    // Nor does the summary in words name the hidden rate.
    await expect(page.getByTestId('report-chart-summary')).toContainText('Placement %: highest');
    await expect(page.getByTestId('report-chart-summary')).not.toContainText('Province');
    await expect(hiddenCells(page)).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
  });

  test('an app admin sees every province figure of the same reports: no x, no notes, the province line drawn', async ({
    page,
  }) => {
    await signInAs(page, 'appadmin');
    await page.goto(`/reports/institutionalBreakdown?${institutionQuery}`);
    await expect(page.getByTestId('report-province-row')).toBeVisible();
    await expect(page.getByTestId('report-hidden-cell')).toHaveCount(0);
    await expect(notes(page)).toHaveCount(0);
    for (const text of await page.getByTestId('report-province-row').locator('td').allInnerTexts())
      expect(text.trim()).toMatch(/^[$\d]/);
    await page.goto(`/reports/placementPercentage?${placementQuery}`);
    await expect(page.getByRole('list', { name: 'Chart: legend' })).toContainText('Province (all institutions)');
    await expect(page.getByTestId('report-chart-hidden-note')).toHaveCount(0);
  });
});

test.describe('reports on paper', () => {
  /**
   * The first box around `el` that cuts part of it off (an ancestor whose overflow is not visible and whose edges it
   * crosses); null when the element is drawn whole.
   */
  async function clippingAncestor(page: Page, selector: string): Promise<string | null> {
    return page.locator(selector).evaluate((el) => {
      const rect = el.getBoundingClientRect();
      for (let box = el.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const edge = box.getBoundingClientRect();
        if (rect.left < edge.left - 1 || rect.right > edge.right + 1 || rect.top < edge.top - 1 || rect.bottom > edge.bottom + 1)
          return `${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`;
      }
      return null;
    });
  }

  for (const { type, orientation } of [
    { type: 'region', orientation: 'landscape' },
    { type: 'placement', orientation: 'portrait' },
  ] as const) {
    test(`the ${type} report prints its title, parameters, chart, every row and column and its legend, and nothing else`, async ({
      page,
    }) => {
      // A window about as wide as a page, narrower than the wide report's table: on screen that table scrolls sideways.
      await page.setViewportSize({ width: 720, height: 900 });
      await signInAs(page, 'appadmin');
      const { from, to } = defaultYears();
      await page.goto(`${REPORT_PAGES[type]}?fiscalYearFrom=${from.replace('/', '%2F')}&fiscalYearTo=${to.replace('/', '%2F')}`);
      await expect(chartSvg(page)).toBeVisible();
      await expect(table(page)).not.toHaveAttribute('aria-busy');
      // Every row of the report; the placement report starts grouped by institution, its groups closed.
      const rows = Number((await page.getByTestId('report-row-count').innerText()).replace(/\D/g, ''));
      // A value's tooltip left open on the chart, as a person who looked at one before printing would.
      await chartSvg(page).focus();
      await page.keyboard.press('ArrowRight');
      const tooltip = page.getByTestId('report-chart').locator('.recharts-tooltip-wrapper').first();
      await expect(tooltip).toContainText(/\d/);

      // What the browser does on printing (emulating print media alone does not): closed groups open for the paper.
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await page.emulateMedia({ media: 'print' });
      // Nothing to click on paper: no navigation, header, footer, breadcrumb, buttons or tooltip.
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Back to top' })).toBeHidden();
      await expect(page.locator('.breadcrumb')).toBeHidden();
      await expect(page.getByRole('group', { name: 'Download and print' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Change parameters' })).toBeHidden();
      await expect(tooltip).toBeHidden();

      // The title, the parameters, the chart and its legend.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Parameters used' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Chart: legend' })).toBeVisible();
      await expect(chartSvg(page)).toBeVisible();
      expect(await clippingAncestor(page, '[data-testid="report-chart"] svg.recharts-surface >> nth=0')).toBeNull();
      // Nothing redraws the chart for the paper: one drawn for a far wider screen still shrinks to the page's width.
      const overhang = await page
        .getByTestId('report-chart')
        .locator('svg.recharts-surface')
        .first()
        .evaluate((svg) => {
          const wrapper = svg.parentElement!;
          wrapper.style.width = '3000px';
          svg.setAttribute('width', '3000');
          const figure = svg.closest('figure')!.getBoundingClientRect();
          return svg.getBoundingClientRect().right - figure.right;
        });
      expect(overhang).toBeLessThanOrEqual(1);

      // Every row, and the last column of the last row whole: no sideways scroll box on paper.
      await expect(table(page).locator('tbody:not([hidden]) tr:not(.report-group-head)')).toHaveCount(rows);
      const lastCell = '[data-testid="report-table"] tbody:last-of-type tr:last-child > :last-child';
      await expect(page.locator(lastCell)).toBeVisible();
      expect(await clippingAncestor(page, lastCell)).toBeNull();
      await expect(page.getByTestId('report-province-row')).toBeVisible();
      await expect(page.getByTestId('report-flag-legend')).toBeVisible();

      // The heading row repeats at the top of each page, its sort buttons giving way to their text (Chromium leaves a
      // button's contents out of a repeated head); the total and province rows come once, after the last row; the
      // first column is not frozen.
      await expect(table(page).locator('thead')).toHaveCSS('display', 'table-header-group');
      await expect(table(page).locator('thead .data-table-sort').first()).toHaveCSS('display', 'contents');
      await expect(table(page).locator('tfoot')).toHaveCSS('display', 'table-row-group');
      await expect(bodyRows(page).first().locator('th')).toHaveCSS('position', 'static');
      // A table too wide for portrait paper goes on landscape pages.
      await expect(page.locator('.report-body')).toHaveAttribute('data-print-orientation', orientation);
      await expect(page.locator('.report-table-section')).toHaveCSS('page', orientation === 'landscape' ? 'report-wide' : 'auto');
    });
  }
});

test.describe('report tables on screen', () => {
  test('headings take at most two lines, marked rows are as tall as the others, and the pinned rows are tinted whole', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    const { from, to } = defaultYears();
    await page.goto(`${REPORT_PAGES.region}?fiscalYearFrom=${from.replace('/', '%2F')}&fiscalYearTo=${to.replace('/', '%2F')}`);
    await expect(bodyRows(page).first()).toBeVisible();
    // The longest headings ("Vancouver Island/Coast" in a narrow column) wrap onto two lines, not three or four.
    const lines = await table(page)
      .locator('thead th:visible .report-heading')
      .evaluateAll((labels) =>
        labels.map((label) => Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight))),
      );
    expect(Math.max(...lines)).toBeLessThanOrEqual(2);
    // A p or r after a row's label does not make the row taller.
    const heights = await bodyRows(page).evaluateAll((rows) =>
      rows.map((row) => ({
        marked: !!row.querySelector('[data-testid="report-flag"]'),
        height: row.getBoundingClientRect().height,
      })),
    );
    const marked = heights.find((h) => h.marked);
    const plain = heights.find((h) => !h.marked);
    expect(marked && plain, 'the demo data has marked and unmarked rows').toBeTruthy();
    expect(Math.abs(marked!.height - plain!.height)).toBeLessThanOrEqual(0.5);
    // The frozen first cell of the province row has the foot's tint, like the figures beside it.
    const province = page.getByTestId('report-province-row');
    const tint = await province
      .locator('td')
      .first()
      .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    await expect(province.locator('th')).toHaveCSS('background-color', tint);
  });
});
