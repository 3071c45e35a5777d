import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, onASlowMachine, signInAs, test } from './fixtures.ts';

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
    // The institution admin has nothing more to do: the page says what happens next, and who does it.
    await expect(
      page.getByText(
        'The return is signed off and waits for approval by an application administrator, who alone can send it back.',
      ),
    ).toBeVisible();

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

  test('a return sent back says so and why at the top and on the home card; the reason field takes the focus; the import is a link away (1366 and 390 px)', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await page
      .getByTestId('returns-matrix')
      .getByRole('link', { name: new RegExp(`${UBC}, Fall: open the return`) })
      .click();
    await expect(state(page)).toHaveText('Submitted');
    const returnUrl = page.url();
    await page.getByRole('button', { name: 'Send back' }).click();
    // The period is due years from now: the day prefilled is its due date, and the hint says so (not "two weeks").
    const due = dialog(page).getByLabel('Due again on');
    const prefilled = await due.inputValue();
    const periodDue = `${Number(FISCAL_YEAR.slice(0, 4)) + 1}-01-31`;
    expect(prefilled).toBe(periodDue);
    await expect(dialog(page)).toContainText(
      `the period’s own due date, Jan 31, ${periodDue.slice(0, 4)}, as it is later than two weeks from today`,
    );
    await expect(due).toHaveAttribute('min', periodDue);
    // A blank reason: its error is shown and the focus goes to the Reason field, not left on Send back.
    await dialog(page).getByRole('button', { name: 'Send back' }).click();
    await expect(dialog(page)).toContainText('Reason is required');
    await expect(dialog(page).getByLabel('Reason')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    const reason = '<b>Biology</b> looks doubled: check the placements against the faculty’s list before signing off again';
    await page.keyboard.type(reason);
    await dialog(page).getByRole('button', { name: 'Send back' }).click();
    await expect(state(page)).toHaveText('In progress');

    await signInAs(page, 'instadmin');
    await page.goto(returnUrl);
    const notice = page.getByTestId('returned-notice');
    await expect(notice).toContainText(
      new RegExp(
        `Sent back by .+ on .+ P[SD]?T: ${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. Due again on Jan 31, ${periodDue.slice(0, 4)}\\.`,
      ),
    );
    await expect(notice.locator('b')).toHaveCount(0); // the reason is text, never markup
    // At the top, before the summary; the green "can be signed off" is not said as if all were well.
    expect(
      await notice.evaluate(
        (el) => !!(el.compareDocumentPosition(document.querySelector('[data-testid="return-summary"]')!) & 4),
      ),
    ).toBe(true);
    await expect(page.getByTestId('return-blockers')).toContainText('but the return was sent back');
    await expect(page.getByTestId('return-blockers')).not.toContainText('the return can be signed off');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('sent-back-1366.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('sent-back-390.png'), fullPage: true });
    // The import is a link away, and carries the return to come back to.
    await page.getByRole('link', { name: 'Import records into this return' }).click();
    await expect(page).toHaveURL(/\/records\/import\?return=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import records' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the return' }).click();
    await expect(page).toHaveURL(returnUrl);

    // The home card, once the period has opened (it is years ahead: its opening day is moved back for this check).
    const periods: { id: number; fiscal_year: string; term: string; opens_on: string }[] = await (
      await page.request.get('/api/periods')
    ).json();
    const fall = periods.find((p) => p.fiscal_year === FISCAL_YEAR && p.term === 'Fall')!;
    await signInAs(page, 'appadmin');
    const moved = await page.request.patch(`/api/periods/${fall.id}`, { data: { opens_on: '2020-09-01' } });
    expect(moved.ok(), await moved.text()).toBe(true);
    try {
      await signInAs(page, 'instadmin');
      await page.goto('/');
      const card = page.getByTestId('due-return').filter({ hasText: `Fall ${FISCAL_YEAR}` });
      await expect(card.getByTestId('due-returned')).toHaveText(/^Sent back: <b>Biology<\/b> looks doubled: .+…$/);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath('home-sent-back-390.png'), fullPage: true });
    } finally {
      await signInAs(page, 'appadmin');
      await page.request.patch(`/api/periods/${fall.id}`, { data: { opens_on: fall.opens_on } });
    }
  });

  test('the matrix filters live in the URL, survive a reload and go with the download (1366 and 390 px)', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    // A bad value in the URL is dropped, not a broken page: every institution shows.
    await page.goto(`${matrixUrl}&region=Atlantis&state=lost`);
    const matrix = page.getByTestId('returns-matrix');
    await expect(matrix.getByRole('rowheader', { name: 'UVic', exact: true })).toBeVisible();

    // Two filters picked on a slow machine, the second before the matrix is drawn again for the first: both stay.
    await onASlowMachine(page, async () => {
      await page.getByRole('combobox', { name: 'Region' }).click();
      await page.getByRole('option', { name: 'Mainland/Southwest' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'State' }).click();
      await page.getByRole('option', { name: 'Reopened' }).click();
      await page.keyboard.press('Escape');
    });
    await expect(page).toHaveURL(/region=Mainland%2FSouthwest/);
    await expect(page).toHaveURL(/state=reopened/);
    // UBC's Summer return was reopened above; its Fall return, signed off, is greyed; UVic is in another region.
    const check = async () => {
      await expect(matrix.getByRole('rowheader')).toHaveText([UBC, 'Totals']);
      await expect(returnLink(page)).toContainText('Reopened');
      await expect(matrix.getByRole('link', { name: /UBC, Fall: open the return \(not in the chosen states\)/ })).toBeVisible();
      await expect(page.getByTestId(`total-${TERM}`)).toHaveText('0 of 1 submitted, 0 on time');
    };
    await check();
    await page.reload();
    await check();

    const csvLink = page.getByRole('link', { name: 'Download the matrix as CSV' });
    const href = (await csvLink.getAttribute('href'))!;
    const asked = new URL(href, page.url()).searchParams;
    expect(asked.get('fiscalYear')).toBe(FISCAL_YEAR);
    expect(asked.get('region')).toBe('Mainland/Southwest');
    expect(asked.get('state')).toBe('reopened');
    expect(asked.get('format')).toBe('csv');
    const file = await page.request.get(href);
    expect(file.ok()).toBe(true);
    const lines = (await file.text()).split('\r\n');
    expect(lines[1]).toMatch(/^UBC,Reopened,/);
    expect(lines[2]).toMatch(/^Totals,0 of 1 submitted,/);
    expect(await page.getByRole('link', { name: 'Download the matrix as XLSX' }).getAttribute('href')).toBe(
      href.replace('format=csv', 'format=xlsx'),
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('matrix-filters-1366.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('matrix-filters-390.png'), fullPage: true });
  });
});

/**
 * A return printed for a sign-off meeting: its figures, who signs off and its history, without the screen's buttons,
 * breadcrumb and links, and the "All programs" row once after the last program (a table's foot is repeated on every
 * printed page, under only that page's programs, unless it is told otherwise).
 */
test('a return and the completeness matrix on paper: figures, states and history, no buttons or ticks, the all-programs row once (1366 px)', async ({
  page,
}) => {
  await signInAs(page, 'appadmin');
  // The demo's past-due term, which UVic has signed off (the worker's other tests add later fiscal years).
  const returns = (await (await page.request.get('/api/returns')).json()) as {
    id: number;
    institution_name: string;
    state: string;
    fiscal_year: string;
    term: string;
  }[];
  const signedOff = returns.find((r) => r.institution_name === 'UVic' && r.state === 'submitted' && r.term === 'Summer')!;
  await page.goto(`/returns/${signedOff.id}`);
  const figures = page.getByTestId('return-figures');
  await expect(figures.locator('tbody tr').first()).toBeVisible();
  const controls = [
    page.getByRole('button', { name: 'Approve' }),
    page.getByRole('button', { name: 'Send back' }),
    page.getByTestId('enter-term'),
    page.getByTestId('term-template'),
    page.getByRole('link', { name: 'All term returns' }),
    page.getByRole('navigation', { name: 'Breadcrumb' }),
  ];
  for (const control of controls) await expect(control).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  for (const control of controls) await expect(control).toBeHidden();
  await expect(figures).toBeVisible();
  await expect(page.getByTestId('return-history')).toBeVisible();
  await expect(page.getByTestId('sign-off-people')).toBeVisible();
  expect(await figures.locator('tfoot').evaluate((el) => getComputedStyle(el).display)).toBe('table-row-group');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();

  // The completeness matrix on paper: the states and counts, not the downloads or the approval ticks.
  await page.goto(`/returns?fiscalYear=${encodeURIComponent(signedOff.fiscal_year)}`);
  const matrix = page.getByTestId('returns-matrix');
  const screenOnly = [page.getByRole('group', { name: 'Download' }), page.getByTestId('bulk-approve')];
  await expect(matrix.getByRole('checkbox').first()).toBeVisible();
  for (const control of screenOnly) await expect(control).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(matrix).toBeVisible();
  for (const checkbox of await page.getByRole('checkbox').all()) await expect(checkbox).toBeHidden();
  for (const control of screenOnly) await expect(control).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});
