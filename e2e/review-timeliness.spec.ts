import { type APIRequestContext, type Page } from '@playwright/test';
import type { ApprovalFlags } from '../src/shared/schemas/returns.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * Timeliness and the figures' flags (issue 30): three institutions sign off a fresh Fall with zero records (the app
 * admin acting for them), long before its due date. The matrix says "3 of N submitted, 3 on time" under the period,
 * each of the three is 100% on time in its On time column, the others not yet judged; the bulk approval's confirmation lists under each
 * return what its figures flag (zero records sit far below the programs' history). Both widths, axe clean.
 */

const FISCAL_YEAR = fiscalYearAhead(13);
const matrixUrl = `/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`;
const dialog = (page: Page) => page.getByRole('dialog');

interface Chosen {
  id: number;
  institution_name: string;
}

async function signOffThree(request: APIRequestContext): Promise<{ chosen: Chosen[]; total: number }> {
  const created = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: 'Fall' } });
  expect(created.ok(), await created.text()).toBe(true);
  const listed = await request.get(`/api/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}&term=Fall`);
  const all = (await listed.json()) as (Chosen & { expected: number })[];
  const three = all
    .filter((r) => r.expected > 0)
    .sort((a, b) => a.institution_name.localeCompare(b.institution_name))
    .slice(0, 3);
  for (const r of three) {
    const reason = 'Set up by the browser test';
    expect((await request.post(`/api/returns/${r.id}/fill-zeros`, { data: { reason } })).ok()).toBe(true);
    const submitted = await request.post(`/api/returns/${r.id}/submit`, { data: { reason } });
    expect(submitted.ok(), await submitted.text()).toBe(true);
  }
  return { chosen: three.map(({ id, institution_name }) => ({ id, institution_name })), total: all.length };
}

test.describe.serial('timeliness and the figures in the bulk approval', () => {
  let chosen: Chosen[];
  let total: number;
  let flags: ApprovalFlags['returns'];

  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    ({ chosen, total } = await signOffThree(request));
    const answer = await request.get(`/api/returns/approval-flags?ids=${chosen.map((r) => r.id).join(',')}`);
    expect(answer.ok(), await answer.text()).toBe(true);
    flags = ((await answer.json()) as ApprovalFlags).returns;
    // Zero records against the demo's history: some program of these returns is far below it.
    expect(flags.some((f) => f.far.length > 0)).toBe(true);
  });

  async function expectTimeliness(page: Page) {
    await expect(page.getByTestId('total-Fall')).toHaveText(`3 of ${total} submitted, 3 on time`);
    for (const r of chosen) {
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: r.institution_name, exact: true }) });
      await expect(row.getByTestId('on-time-rate')).toContainText('100%');
      await expect(row.getByTestId('on-time-rate')).toContainText('1 of 1');
    }
    await expect(page.getByTestId('on-time-rate').filter({ hasText: 'none due yet' }).first()).toBeVisible();
    await expect(page.getByTestId('on-time-total')).toContainText('100%');
    await expect(page.getByTestId('on-time-total')).toContainText('3 of 3');
    await expect(page.getByTestId('timeliness-note')).toContainText('first signed off on or before the period’s due date');
  }

  async function expectFlagsListed(page: Page) {
    for (const f of flags) {
      const item = dialog(page).getByTestId(`bulk-approve-item-${f.id}`);
      const notes = item.getByTestId('bulk-approve-figure-flags');
      if (f.far.length > 0) await expect(notes).toContainText(`Far from their history: ${f.far[0]!.program_name} (`);
      else await expect(notes).toContainText('none far from their history');
    }
  }

  test('the matrix says who signed off on time, and the confirmation lists each return’s flags (1366 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Term returns' })).toBeVisible();
    await expectTimeliness(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: `Select every submitted return of Fall ${FISCAL_YEAR} (3) for approval` }).check();
    await page.getByRole('button', { name: 'Approve 3 returns' }).click();
    await expectFlagsListed(page);
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  });

  test('on a phone the same, readable without the page scrolling sideways; approving keeps them on time (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'appadmin');
    await page.goto(matrixUrl);
    await expectTimeliness(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: `Select every submitted return of Fall ${FISCAL_YEAR} (3) for approval` }).check();
    await page.getByRole('button', { name: 'Approve 3 returns' }).click();
    await expectFlagsListed(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByRole('button', { name: 'Approve 3 returns' }).click();
    await expect(page.getByTestId('bulk-approve-result')).toContainText('3 returns approved');
    // Approved returns stand signed off, and their first sign-off was on time.
    await expectTimeliness(page);
  });
});
