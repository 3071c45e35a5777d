import { type Page } from '@playwright/test';
import type { Period } from '../src/shared/schemas/returns.ts';
import type { Term } from '../src/shared/constants.ts';
import { nextTerm, periodName } from '../src/shared/term-calendar.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * The Periods screen (docs/reporting-cycle.md): an app admin sees every period newest first with its dates and state,
 * changes a period's due date (a date before the opening day is refused on the field; a change made meanwhile by another
 * admin is refused and shown), and adds a period; adding it
 * again is refused, plainly. The dates changed are of the demo's oldest periods, long approved, so no other test sees
 * them; the periods added are of a fiscal year no other test uses, which has not opened.
 */

const WIDTHS = [
  {
    width: 1366,
    height: 900,
    term: 'Fall',
    oldest: 'Summer 2016/17',
    newDue: '2016-10-14',
    shown: 'Oct 14, 2016',
    theirDue: '2016-10-21',
    theirShown: 'Oct 21, 2016',
  },
  {
    width: 390,
    height: 844,
    term: 'Spring',
    oldest: 'Fall 2016/17',
    newDue: '2017-02-14',
    shown: 'Feb 14, 2017',
    theirDue: '2017-02-21',
    theirShown: 'Feb 21, 2017',
  },
] as const;
const ADD_YEAR = fiscalYearAhead(2);

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe.serial('the Periods screen', () => {
  for (const size of WIDTHS) {
    test(`an app admin changes a due date and adds a period (${size.width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signInAs(page, 'appadmin');
      await page.goto('/periods');
      await expect(page.getByRole('heading', { level: 1, name: 'Reporting periods' })).toBeVisible();
      const rows = page.getByTestId('period-row');
      // The demo runs from Summer 2016/17 to the term after today's; newest first.
      await expect(page.locator('[data-period="Spring 2025/26"]')).toBeVisible();
      const order = (name: string) => Number(name.slice(-7, -3)) * 3 + ['Summer', 'Fall', 'Spring'].indexOf(name.split(' ')[0]!);
      const shown = await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-period')!));
      expect(shown.length).toBeGreaterThanOrEqual(30);
      expect(shown.map(order)).toEqual(shown.map(order).sort((a, b) => b - a));
      await expect(rows.first().locator('[data-state]')).toHaveCount(1);
      await noSideways(page, size.width);
      // The table fits too, on a phone as well: each row's state and button are seen without scrolling it sideways.
      const table = page.getByTestId('period-table');
      expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`periods-${size.width}.png`), fullPage: true });

      // Change a due date: first one before the opening day, refused beside the field; then a good one.
      const row = page.locator(`[data-testid="period-row"][data-period="${size.oldest}"]`);
      await row.getByRole('button', { name: `Change the dates of ${size.oldest}` }).click();
      const dialog = page.getByRole('dialog', { name: `Dates of ${size.oldest}` });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Due on').fill('2010-01-01');
      await dialog.getByRole('button', { name: 'Save dates' }).click();
      await expect(dialog.getByText(/cannot be before the date the period opens/)).toBeVisible();
      await expect(dialog.getByLabel('Due on')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`periods-error-${size.width}.png`) });
      await dialog.getByLabel('Due on').fill(size.newDue);
      await dialog.getByRole('button', { name: 'Save dates' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('period-due')).toHaveText(size.shown);

      // Another admin changes the dates while this dialog is open: the save is refused and the dialog shows theirs.
      await row.getByRole('button', { name: `Change the dates of ${size.oldest}` }).click();
      await expect(dialog).toBeVisible();
      const periods = (await (await page.request.get('/api/periods')).json()) as Period[];
      const current = periods.find((p) => `${p.term} ${p.fiscal_year}` === size.oldest)!;
      const theirs = await page.request.patch(`/api/periods/${current.id}`, {
        data: { due_on: size.theirDue, version: current.version },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(theirs.status()).toBe(200);
      await dialog.getByLabel('Due on').fill(size.newDue.replace(/-\d\d$/, '-28'));
      await dialog.getByRole('button', { name: 'Save dates' }).click();
      await expect(dialog.getByRole('alert')).toContainText('were changed since you read them, so nothing was saved');
      await expect(dialog.getByLabel('Due on')).toHaveValue(size.theirDue);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(row.getByTestId('period-due')).toHaveText(size.theirShown);
      // The focus is back on the button that opened the dialog, not at the top of the page.
      await expect(row.getByRole('button', { name: `Change the dates of ${size.oldest}` })).toBeFocused();

      // The form offers the period after the newest there is (before and after an add), not one that exists.
      const form = page.getByRole('region', { name: 'Add a period' });
      const offered = async () =>
        `${await form.getByLabel('Term').inputValue()} ${await form.getByLabel('Fiscal year').inputValue()}`;
      const afterNewest = async () => {
        const [term, fiscalYear] = (await rows.first().getAttribute('data-period'))!.split(' ') as [Term, string];
        return periodName(nextTerm(fiscalYear, term));
      };
      expect(await offered()).toBe(await afterNewest());
      // Add a period on the term calendar's dates, then the same again: refused, naming the existing one.
      await form.getByLabel('Fiscal year').selectOption(ADD_YEAR);
      await form.getByLabel('Term').selectOption(size.term);
      await form.getByRole('button', { name: 'Add the period' }).click();
      const added = page.locator(`[data-testid="period-row"][data-period="${size.term} ${ADD_YEAR}"]`);
      await expect(added).toBeVisible();
      await expect(added.locator('[data-state="upcoming"]')).toBeVisible();
      await expect.poll(offered).toBe(await afterNewest());
      await form.getByLabel('Fiscal year').selectOption(ADD_YEAR);
      await form.getByLabel('Term').selectOption(size.term);
      await form.getByRole('button', { name: 'Add the period' }).click();
      const duplicate = page.getByTestId('period-duplicate');
      await expect(duplicate).toContainText('This period already exists');
      await expect(duplicate).toContainText(`${size.term} ${ADD_YEAR} is already a reporting period`);
      await noSideways(page, size.width);
      await expectNoSeriousA11yViolations(page);
      // From the top, so the table's heading row (which follows the window down) sits on the table.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`periods-added-${size.width}.png`), fullPage: true });
    });
  }

  test('is for app admins only', async ({ page }) => {
    await signInAs(page, 'globalreader');
    await page.goto('/periods');
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
  });
});
