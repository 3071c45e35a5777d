import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, fiscalYearAhead, signInAs } from './fixtures.ts';

/**
 * The reporting cycle's screens (issue 20): an institution admin fills the remaining programs with zero records and
 * signs off their return; an app admin approves it from the completeness matrix; then, on a phone, reopens it with a
 * reason. A fresh period of a fiscal year no other test uses keeps the return's starting state known.
 */

const FISCAL_YEAR = fiscalYearAhead(4);
const TERM = 'Summer';
const UBC = 'UBC';
const matrixUrl = `/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`;
const returnLink = (page: Page) =>
  page.getByTestId('returns-matrix').getByRole('link', { name: new RegExp(`${UBC}, ${TERM}: open the return`) });
const dialog = (page: Page) => page.getByRole('dialog');
/** Presses Tab until the target has focus: the way a keyboard user gets there (fails after 80 stops). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}
const state = (page: Page) => page.getByTestId('return-summary').locator('[data-state]');

test.describe.serial('term returns', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    const created = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: TERM } });
    expect(created.ok(), await created.text()).toBe(true);
  });

  test('an institution admin fills the rest with zero records and signs off; an app admin approves (1366 px)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'instadmin');
    await page.goto(matrixUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Term returns' })).toBeVisible();
    await expect(returnLink(page)).toContainText('Not started');
    await expectNoSeriousA11yViolations(page);

    await returnLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: `${UBC}'s ${TERM} ${FISCAL_YEAR} return` })).toBeVisible();
    await expect(page.getByTestId('return-blockers')).toContainText(/programs? ha(s|ve) no submitted record/);
    await expect(page.getByTestId('return-programs')).toContainText('No record');
    await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Fill remaining programs with zero records' }).click();
    await expect(dialog(page)).toContainText('No activity this term');
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Write zero records' }).click();
    await expect(page.getByTestId('return-blockers')).toContainText('Every expected program has a submitted record');
    await expect(page.getByTestId('return-programs')).not.toContainText('No record');

    await page.getByRole('button', { name: 'Sign off' }).click();
    await dialog(page).getByRole('button', { name: 'Sign off' }).click();
    await expect(state(page)).toHaveText('Submitted');
    await expect(page.getByTestId('return-history')).toContainText('Signed off');
    await expect(page.getByText('There is nothing you can do on this return')).toBeVisible();

    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await expect(returnLink(page)).toContainText('Submitted');
    await expect(page.getByTestId(`total-${TERM}`)).toContainText(/\d+ of \d+ submitted/);
    await returnLink(page).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    await expect(state(page)).toHaveText('Approved');
    await expect(page.getByTestId('return-history')).toContainText('Approved');
    await page.getByRole('link', { name: 'All term returns' }).click();
    await expect(returnLink(page)).toContainText('Approved');
  });

  test('on a phone the matrix keeps the institution in view, and reopening asks for a reason (390 px)', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    const matrix = page.getByTestId('returns-matrix');
    await expect(returnLink(page)).toBeVisible();
    // The page itself does not scroll sideways; the matrix does, with the institution column frozen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await matrix.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const name = matrix.getByRole('rowheader', { name: UBC });
    const box = await name.boundingBox();
    expect(box && box.x).toBeLessThan(40);
    await expectNoSeriousA11yViolations(page);

    await returnLink(page).click();
    await expect(state(page)).toHaveText('Approved');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await dialog(page).getByRole('button', { name: 'Reopen' }).click();
    await expect(dialog(page)).toContainText('Reason is required');
    await dialog(page).getByLabel('Reason').fill('A late correction from the faculty');
    await dialog(page).getByRole('button', { name: 'Reopen' }).click();
    await expect(state(page)).toHaveText('Reopened');
    await expect(page.getByTestId('return-history')).toContainText('A late correction from the faculty');
  });

  test('an institution admin signs off with the keyboard alone (1366 px)', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'appadmin');
    const created = await page.request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: 'Fall' } });
    expect(created.ok(), await created.text()).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'instadmin');
    await page.goto(matrixUrl);
    const link = page.getByTestId('returns-matrix').getByRole('link', { name: new RegExp(`${UBC}, Fall: open the return`) });
    await expect(link).toContainText('Not started');
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    const fill = page.getByRole('button', { name: 'Fill remaining programs with zero records' });
    await expect(fill).toBeVisible();
    await tabTo(page, fill);
    await page.keyboard.press('Enter');
    // Focus starts on Cancel, the safe choice; one Tab reaches the confirmation.
    await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('return-blockers')).toContainText('Every expected program has a submitted record');
    const signOff = page.getByRole('button', { name: 'Sign off' });
    await tabTo(page, signOff);
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(state(page)).toHaveText('Submitted');
  });
});
