import { type Page } from '@playwright/test';
import type { TestSmtpServer } from '../src/server/test/smtp-server.ts';
import { startAppWithMail } from './app-with-mail.ts';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/**
 * Reminder mails from the completeness matrix (issue 20): the built app on its own port and throwaway database, with
 * SMTP_URL pointing at a real SMTP server started here. An app admin sends reminders for an overdue period, sees who
 * will be mailed first, and the mail arrives; a second try within the guard mails nobody. The shared server of the
 * other specs has no mail settings, and there the button is absent.
 */
const PORT = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 3123) + 500);
const APP = `http://127.0.0.1:${PORT}`;
/** A fiscal year long before the demo's, with dates long past: every institution's return of it is overdue. */
const FISCAL_YEAR = '1990/91';
const matrixUrl = `${APP}/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`;
let smtp: TestSmtpServer;
let stop: (() => Promise<void>) | undefined;

const dialog = (page: Page) => page.getByRole('dialog');

test.describe.serial('reminder mails', () => {
  test.beforeAll(async ({ request }) => {
    ({ smtp, stop } = await startAppWithMail(PORT));
    expect((await request.post(`${APP}/api/login/direct`, { data: { username: 'appadmin' } })).ok()).toBe(true);
    const created = await request.put(`${APP}/api/periods`, {
      data: { fiscal_year: FISCAL_YEAR, term: 'Fall', opens_on: '1990-09-01', due_on: '1991-01-31' },
    });
    expect(created.ok(), await created.text()).toBe(true);
  });

  test.afterAll(async () => {
    await stop?.();
  });

  test('an app admin sees who will be mailed, sends, and the institution admin gets the mail (1366 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${APP}/`);
    await signInAs(page, 'appadmin', APP);
    await page.goto(matrixUrl);
    const button = page.getByRole('button', { name: /^Send reminders \(\d+ overdue\)$/ });
    await expect(button).toBeVisible();
    await button.click();
    const plan = dialog(page).getByTestId('reminder-plan');
    await expect(plan).toContainText('Who will be mailed');
    await expect(plan.getByRole('listitem')).toHaveText([
      'UBC, Fall: Indira Institution <instadmin@example.ca>',
      'UVic, Fall: Uma Victoria <uvicadmin@example.ca>',
    ]);
    await expect(plan).toContainText('No admin with a mail address:');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/reminders-confirm-1366.png' });
    expect(smtp.received).toEqual([]);

    await dialog(page).getByRole('button', { name: 'Send 2 reminders' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByText('2 reminders sent to 2 people.').first()).toBeVisible();
    // Only the returns confirmed were sent, and none was left out of those: no note beside the button.
    await expect(page.getByTestId('reminder-result')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/reminders-sent-1366.png' });
    await expect.poll(() => smtp.received.length).toBe(2);
    const mail = smtp.received.find((m) => m.rcptTo.includes('instadmin@example.ca'));
    expect(smtp.received.map((m) => m.rcptTo)).toEqual(
      expect.arrayContaining([['instadmin@example.ca'], ['uvicadmin@example.ca']]),
    );
    expect(mail!.headers.get('subject')).toEqual([`Reminder: the Fall ${FISCAL_YEAR} term return is overdue`]);
    expect(mail!.text).toMatch(new RegExp(`${APP}/returns/\\d+\\n`));
    // The link in the mail opens the return.
    const link = /(http:\/\/\S+\/returns\/\d+)/.exec(mail!.text)![1]!;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('UBC');
  });

  test('a second try within the guard mails nobody, and says why (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // An institution admin sees the same overdue returns of their own institution, but reminding is for app admins.
    await page.goto(`${APP}/`);
    await signInAs(page, 'instadmin', APP);
    await page.goto(matrixUrl);
    await expect(page.getByTestId('returns-matrix').getByText('Overdue').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Send reminders/ })).toHaveCount(0);

    await page.goto(`${APP}/`);
    await signInAs(page, 'appadmin', APP);
    await page.goto(matrixUrl);
    await page.getByRole('button', { name: /^Send reminders/ }).click();
    const plan = dialog(page).getByTestId('reminder-plan');
    await expect(plan).toContainText('Nobody would be mailed');
    await expect(plan).toContainText('Reminded in the last 20 hours: UBC, Fall; UVic, Fall');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/reminders-nobody-390.png' });
    // Nothing to confirm: the dialog only informs, with one way out.
    await expect(dialog(page).getByRole('button', { name: /^Send/ })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog(page)).toBeHidden();
    expect(smtp.received).toHaveLength(2);
  });
});

test('without mail settings there is no reminder button, even for an app admin with overdue returns', async ({ page }) => {
  await signInAs(page, 'appadmin');
  // A period long past on the shared server: its every return is overdue.
  const fiscalYear = '1989/90';
  const created = await page.request.put('/api/periods', {
    data: { fiscal_year: fiscalYear, term: 'Fall', opens_on: '1989-09-01', due_on: '1990-01-31' },
  });
  expect([200, 409], await created.text()).toContain(created.status());
  await page.goto(`/returns?fiscalYear=${encodeURIComponent(fiscalYear)}`);
  await expect(page.getByTestId('returns-matrix').getByText('Overdue').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Send reminders/ })).toHaveCount(0);
  expect((await page.request.post('/api/returns/reminders', { data: { fiscal_year: fiscalYear } })).status()).toBe(404);
});
