import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * Approving many returns at once (issue 30): an app admin ticks three submitted returns in the completeness matrix
 * and approves them with one confirmation; each return's history then shows its own approval. On a phone, every
 * submitted return of a period is ticked at once, and one that changed after it was ticked is refused with its reason
 * while the others are approved. A fiscal year no other spec uses keeps the returns' starting states known.
 */

const FISCAL_YEAR = fiscalYearAhead(8);
const matrixUrl = `/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`;
const dialog = (page: Page) => page.getByRole('dialog');

interface Chosen {
  id: number;
  institution_name: string;
  version: number;
}

/** Three institutions' returns of a fresh period, filled with zero records and signed off through the API. */
async function submitThree(request: APIRequestContext, term: 'Summer' | 'Fall'): Promise<Chosen[]> {
  const created = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term } });
  expect(created.ok(), await created.text()).toBe(true);
  const listed = await request.get(`/api/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}&term=${term}`);
  const returns = ((await listed.json()) as (Chosen & { expected: number })[])
    .filter((r) => r.expected > 0)
    .sort((a, b) => a.institution_name.localeCompare(b.institution_name))
    .slice(0, 3);
  const chosen: Chosen[] = [];
  for (const r of returns) {
    // The app admin acts for each institution here, so says why (decision 032).
    const reason = 'Set up by the browser test';
    const filled = await request.post(`/api/returns/${r.id}/fill-zeros`, { data: { reason } });
    expect(filled.ok(), await filled.text()).toBe(true);
    const submitted = await request.post(`/api/returns/${r.id}/submit`, { data: { reason } });
    expect(submitted.ok(), await submitted.text()).toBe(true);
    chosen.push({ id: r.id, institution_name: r.institution_name, version: (await submitted.json()).version });
  }
  return chosen;
}

/** Each return's history holds exactly one approval: its own line, not one shared by the batch. */
async function expectOneApprovalEach(page: Page, returns: readonly Chosen[]): Promise<void> {
  for (const r of returns) {
    await page.goto(`/returns/${r.id}`);
    const history = page.getByTestId('return-history');
    await expect(history.getByRole('cell', { name: 'Submitted → Approved', exact: true })).toHaveCount(1);
    await expect(history.getByRole('row').nth(1)).toContainText('Approved');
  }
}

test.describe.serial('approving many returns at once', () => {
  let summer: Chosen[];
  let fall: Chosen[];

  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    summer = await submitThree(request, 'Summer');
    fall = await submitThree(request, 'Fall');
  });

  test('an app admin ticks three submitted returns and approves them at once (1366 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Term returns' })).toBeVisible();
    await expect(page.getByTestId('bulk-approve')).toContainText('Tick submitted returns');
    const box = (r: Chosen) =>
      page.getByRole('checkbox', { name: `Select ${r.institution_name}’s Summer ${FISCAL_YEAR} return for approval` });
    // The first by keyboard (focus, Space), the others by pointer.
    await box(summer[0]!).focus();
    await page.keyboard.press('Space');
    await box(summer[1]!).click();
    await box(summer[2]!).click();
    await expect(page.getByTestId('bulk-approve')).toContainText('3 submitted returns selected');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Approve 3 returns' }).click();
    const list = dialog(page).getByTestId('bulk-approve-list');
    for (const r of summer) await expect(list).toContainText(`${r.institution_name}, Summer ${FISCAL_YEAR}`);
    await expect(list).toContainText('programs submitted');
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Approve 3 returns' }).click();

    const result = page.getByTestId('bulk-approve-result');
    await expect(result).toContainText('3 returns approved');
    for (const r of summer) await expect(result).toContainText(`${r.institution_name}, Summer ${FISCAL_YEAR}`);
    await expect(page.getByTestId('bulk-approve')).toContainText('Tick submitted returns');
    await expect(box(summer[0]!)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectOneApprovalEach(page, summer);
  });

  test('on a phone, every submitted return of a period at once; one changed meanwhile is refused with its reason (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await page.getByRole('checkbox', { name: `Select every submitted return of Fall ${FISCAL_YEAR} (3) for approval` }).check();
    await expect(page.getByTestId('bulk-approve')).toContainText('3 submitted returns selected');
    // The page itself never scrolls sideways: only the matrix's own region does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);

    // Between selection and confirmation the first return is sent back and signed off again: a newer version.
    const changed = fall[0]!;
    expect((await page.request.post(`/api/returns/${changed.id}/send-back`, { data: { reason: 'Recheck' } })).ok()).toBe(true);
    expect(
      (await page.request.post(`/api/returns/${changed.id}/submit`, { data: { reason: 'Signed off again for the test' } })).ok(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Approve 3 returns' }).click();
    // One item per return (each with its own list of notes on its figures inside).
    await expect(dialog(page).locator('[data-testid^="bulk-approve-item-"]')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Approve 3 returns' }).click();

    const result = page.getByTestId('bulk-approve-result');
    await expect(result).toContainText('2 returns approved; 1 return not approved');
    await expect(result).toContainText(`${changed.institution_name}, Fall ${FISCAL_YEAR}: This return changed`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await expectOneApprovalEach(page, fall.slice(1));
    await page.goto(`/returns/${changed.id}`);
    await expect(page.getByTestId('return-history').getByRole('cell', { name: 'Submitted → Approved', exact: true })).toHaveCount(
      0,
    );
  });
});
