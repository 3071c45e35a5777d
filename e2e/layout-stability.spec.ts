import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

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

/** Every layout shift of the page so far, with what moved, as Chromium reports them (PerformanceObserver). */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (globalThis as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const name = (node: Node | null) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node: Node | null }[] }[]) {
        shifts.push({ value: entry.value, moved: entry.sources.map((s) => name(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);

/** Resolves when the browser has painted what is on the page now (two animation frames). */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * The header's menu, account links and the advisory banner do not push the page down when the profile arrives (issue
 * 21, layout shift): the profile is held back until the page has painted without it, then let through. The banner
 * comes with the page itself, so it is there even though /global/header.json is held back too.
 */
for (const width of [1366, 390]) {
  test(`at ${width} px, nothing moves when the profile, the banner and the record arrive`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, 'appadmin');
    await observeLayoutShifts(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(api\/profile|global\/header\.json)$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/records/1');
    await expect(page.locator('#main-content')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Site notice' })).toBeVisible();
    await expect(page.getByTestId('signed-in-name')).toHaveCount(0);
    await painted(page);
    release();

    await expect(page.getByTestId('signed-in-name')).toBeVisible();
    if (width === 1366) await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByTestId('record-form')).toBeVisible();
    await painted(page);
    // Nothing moved at all: not the main area under the header, nor the form under a "signed off" notice.
    expect(await layoutShifts(page)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}

/**
 * A table's heading row follows the window down over the table's own rows (ui/table-scroll.tsx), so it must hide
 * them: the term return's list of programs and its history once drew their headings straight over the program names.
 * Every table on the page is scrolled until its head is stuck, and the head's background must be opaque.
 */
for (const width of [1366, 390]) {
  test(`at ${width} px, every heading row that follows the window down hides the rows under it`, async ({ page }) => {
    // A short window, so that even the last table, above only the footer, can be scrolled under its head.
    await page.setViewportSize({ width, height: 450 });
    await signInAs(page, 'appadmin');
    // The demo's reopened return: a history of five lines, long enough for its head to follow the window.
    // (The earliest such return: the worker's other tests add returns with long histories in later fiscal years.)
    const returns = (await (await page.request.get('/api/returns')).json()) as {
      id: number;
      fiscal_year: string;
      history: unknown[];
    }[];
    const reopened = returns.filter((r) => r.history.length >= 5).sort((a, b) => a.fiscal_year.localeCompare(b.fiscal_year))[0]!;
    await page.goto(`/returns/${reopened.id}`);
    // The figures and the programs arrive after the return itself: count the tables once each has its rows.
    for (const table of ['return-figures', 'return-programs', 'return-history']) {
      await expect(page.getByTestId(table).locator('tbody tr').nth(2)).toBeVisible();
    }
    const tables = page.locator('.data-table-scroll table');
    let checked = 0;
    for (let i = 0; i < (await tables.count()); i++) {
      const table = tables.nth(i);
      // A head never moves past the last row, so a table of one or two rows has nothing to follow.
      if ((await table.locator('tbody tr').count()) < 3) continue;
      checked++;
      // Scroll so the table's top is well above the window and its last row below the head.
      await table.evaluate((el) => {
        const top = el.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top + Math.min(el.getBoundingClientRect().height / 2, 120));
      });
      const head = table.locator('thead');
      await expect(head, `table ${i}`).toHaveAttribute('data-stuck', '');
      const background = await head.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background, `table ${i}`).not.toMatch(/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/);
    }
    expect(checked).toBeGreaterThanOrEqual(3); // the figures, the programs and the history at least
  });
}

/**
 * A list with nothing to show says so within the screen: the message once stood in a cell across a table of 720 px or
 * more, so on a phone it ran off the right edge under headings over nothing.
 */
test('at 390 px, an empty list says so within the screen, without a table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, 'appadmin');
  for (const [url, testId, words] of [
    ['/institutions?q=no-such-name', 'institutions-table', 'No institutions match these filters'],
    ['/admin?q=no-such-name', 'users-table', 'No users match these filters'],
  ] as const) {
    await page.goto(url);
    const empty = page.getByTestId(testId);
    await expect(empty).toContainText(words);
    await expect(empty.locator('table')).toHaveCount(0);
    const message = empty.getByText(words);
    const box = (await message.boundingBox())!;
    expect(box.x, url).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, url).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  }
});

/** Each row of fields in a grid: the tops of its boxes, as many as differ by more than a pixel (none when lined up). */
async function misalignedRows(page: Page, grids = '.mantine-SimpleGrid-root'): Promise<string[]> {
  return page.locator(grids).evaluateAll((found) =>
    found.flatMap((grid) => {
      const rows = new Map<number, { label: string; top: number }[]>();
      for (const field of grid.querySelectorAll(':scope > .mantine-InputWrapper-root')) {
        const box = field.querySelector('.mantine-Input-wrapper');
        if (!box) continue;
        const rowTop = Math.round(field.getBoundingClientRect().top);
        const label = field.querySelector('label')?.textContent ?? '';
        rows.set(rowTop, [...(rows.get(rowTop) ?? []), { label, top: box.getBoundingClientRect().top }]);
      }
      return [...rows.values()]
        .filter((row) => Math.max(...row.map((f) => f.top)) - Math.min(...row.map((f) => f.top)) > 1)
        .map((row) => row.map((f) => `${f.label} at ${Math.round(f.top)}`).join(', '));
    }),
  );
}

/**
 * Fields side by side line up their boxes when one label wraps to more lines than its neighbour's ("Work terms in
 * Vancouver Island/Coast" beside "Work terms in Mainland/Southwest") or has a hint under it: the record form at both
 * widths, the phone's one-program entry of the whole-term grid, and Add a period.
 */
test('fields side by side line up their boxes, whatever their labels’ lengths', async ({ page }) => {
  await signInAs(page, 'writer');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/records/create');
    await expect(page.getByRole('textbox', { name: 'Work terms in Vancouver Island/Coast' })).toBeVisible();
    expect(await misalignedRows(page), `record form at ${width} px`).toEqual([]);
  }
  // A warning far from the program's history beside fields without one: it once sat under its box and pushed every
  // other box of the row ~90 px down, away from its label.
  const uvic = ((await (await page.request.get('/api/profile')).json()) as { privileges: { write: number[] } }).privileges
    .write[0];
  const programs = (await (await page.request.get('/api/programs')).json()) as {
    id: number;
    institution_id: number;
    active_ind: boolean;
  }[];
  const program = programs.find((p) => p.institution_id === uvic && p.active_ind)!;
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/records/create?programId=${program.id}&fiscalYear=${encodeURIComponent(fiscalYearAhead(0))}&term=Summer`);
  await page.locator('#record-avg-hourly-wage').fill('2.45');
  await expect(page.locator('#record-avg-hourly-wage-warning')).toBeVisible();
  expect(await misalignedRows(page), 'record form with a warning').toEqual([]);
  const open = (await (await page.request.get('/api/returns?open=true')).json()) as { id: number }[];
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/returns/${open[0]!.id}/enter`);
  await expect(page.getByTestId('entry-phone')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Work terms in Vancouver Island/Coast' })).toBeVisible();
  expect(await misalignedRows(page), 'the grid on a phone').toEqual([]);

  // A row of fields of which only some have a hint: Add a period's year and term beside its two dates.
  await signInAs(page, 'appadmin');
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/periods');
  await expect(page.getByTestId('add-period-fields').getByLabel('Due on')).toBeVisible();
  expect(await misalignedRows(page, '[data-testid="add-period-fields"]'), 'Add a period').toEqual([]);
});
