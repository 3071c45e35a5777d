import { type APIRequestContext, type Page } from '@playwright/test';
import { addDays, defaultDueAgainOn } from '../src/shared/return-due.ts';
import { bcToday, defaultPeriodDates } from '../src/shared/term-calendar.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * Acting for an institution and due again (issue 30): the app admin zero-fills and signs off UVic's return, giving a
 * reason each time, and the history says it was on UVic's behalf and why; then, on a phone, reopens the approved
 * return, which the matrix shows as due again on its new date rather than overdue. A fresh period of a fiscal year no
 * other spec uses; the period is made past due only for the second test and given its dates back afterwards, so no
 * other spec sees an open, overdue period it does not expect.
 */

const FISCAL_YEAR = fiscalYearAhead(9);
const TERM = 'Summer';
const UVIC = 'UVic';
const matrixUrl = `/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`;
const cellLink = (page: Page, institution: string) =>
  page.getByTestId('returns-matrix').getByRole('link', { name: new RegExp(`${institution}, ${TERM}: open the return`) });
/** An institution's line of the matrix. */
const matrixRow = (page: Page, institution: string) =>
  page
    .getByTestId('returns-matrix')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: institution, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
const state = (page: Page) => page.getByTestId('return-summary').locator('[data-state]');
/** A day as the screens write it (formatDay: "Dec 24, 2026"). */
const shown = (isoDay: string) =>
  new Intl.DateTimeFormat('en-CA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

let periodId = 0;
async function setPeriodDates(request: APIRequestContext, dates: { opens_on: string; due_on: string }) {
  const res = await request.patch(`/api/periods/${periodId}`, { data: dates });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe.serial('acting for an institution, and due again', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    const created = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: TERM } });
    expect(created.ok(), await created.text()).toBe(true);
    periodId = (await created.json()).id;
  });
  test.afterAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    await setPeriodDates(request, defaultPeriodDates(FISCAL_YEAR, TERM));
  });

  test('the app admin zero-fills and signs off UVic’s return with a reason, and the history says so (1366 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await cellLink(page, UVIC).click();
    await expect(page.getByRole('heading', { level: 1, name: `${UVIC}'s ${TERM} ${FISCAL_YEAR} return` })).toBeVisible();

    await page.getByRole('button', { name: 'Fill remaining programs with zero records' }).click();
    await expect(dialog(page).getByTestId('on-behalf-notice')).toContainText(`You are acting for ${UVIC}`);
    // The dialog drawn whole (its buttons named and opaque) before axe looks: once it judged a half-drawn one.
    await expect(dialog(page).getByRole('button', { name: 'Write zero records' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Write zero records' }).click();
    await expect(dialog(page)).toContainText('Reason is required');
    await dialog(page).getByLabel(`Why you act for ${UVIC}`).fill('Overdue; UVic asked by phone');
    await dialog(page).getByRole('button', { name: 'Write zero records' }).click();
    await expect(page.getByTestId('return-blockers')).toContainText('Every expected program has a submitted record');

    await page.getByRole('button', { name: 'Sign off' }).click();
    await dialog(page).getByLabel(`Why you act for ${UVIC}`).fill('Signed as UVic asked');
    await dialog(page).getByRole('button', { name: 'Sign off' }).click();
    await expect(state(page)).toHaveText('Submitted');
    const history = page.getByTestId('return-history');
    await expect(history).toContainText(/on behalf of UVic by [^:]+: Signed as UVic asked/);
    await expect(history).toContainText(/on behalf of UVic by [^:]+: Overdue; UVic asked by phone/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    await expect(state(page)).toHaveText('Approved');
  });

  test('reopening sets a new due date, and the matrix shows it rather than Overdue (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'appadmin');
    // The period's due date has passed: the reopened return would be overdue at once without its own date.
    const today = bcToday();
    await setPeriodDates(page.request, { opens_on: addDays(today, -60), due_on: addDays(today, -1) });
    const dueAgain = defaultDueAgainOn(today, addDays(today, -1));
    expect(dueAgain).toBe(addDays(today, 14));

    await page.goto(matrixUrl);
    await cellLink(page, UVIC).click();
    await expect(state(page)).toHaveText('Approved');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(dialog(page).getByLabel('Due again on')).toHaveValue(dueAgain);
    await dialog(page).getByLabel('Due again on').fill(addDays(today, -1));
    await dialog(page).getByLabel('Reason').fill('A late correction from the faculty');
    await dialog(page).getByRole('button', { name: 'Reopen' }).click();
    await expect(dialog(page)).toContainText('Choose today or a later day');
    await dialog(page).getByLabel('Due again on').fill(dueAgain);
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Reopen' }).click();
    await expect(state(page)).toHaveText('Reopened');
    await expect(page.getByTestId('return-summary')).toContainText(`Due again on ${shown(dueAgain)}`);
    await expect(page.getByTestId('return-history')).toContainText(`Due again on ${shown(dueAgain)}.`);

    await page.goto(matrixUrl);
    const uvicCell = matrixRow(page, UVIC);
    await expect(uvicCell).toContainText(`Due again on ${shown(dueAgain)}`);
    await expect(uvicCell).not.toContainText('Overdue');
    // Another institution's return of the same period, never sent back, is overdue.
    const ubcRow = matrixRow(page, 'UBC');
    await expect(ubcRow).toContainText('Overdue');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
