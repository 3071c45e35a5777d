import { type Page } from '@playwright/test';
import type { TermReturn } from '../src/shared/schemas/returns.ts';
import type { TestSmtpServer } from '../src/server/test/smtp-server.ts';
import { startAppWithMail } from './app-with-mail.ts';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/**
 * Who signs off, and who grants access (issue 29). The return page's "Who signs off" and its "Ready for sign-off"
 * need mail settings, so they run against the built app on its own port and throwaway database with a real SMTP
 * server started here (as the reminders spec does). Who grants access runs on the shared server.
 */
const PORT = Number(process.env.E2E_SIGNOFF_PORT ?? Number(process.env.E2E_PORT ?? 3123) + 600);
const APP = `http://127.0.0.1:${PORT}`;
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

let smtp: TestSmtpServer;
let stop: (() => Promise<void>) | undefined;

/** The writer's open UVic return (not signed off), as the writer's home page would list it. */
async function openUvicReturn(page: Page): Promise<TermReturn> {
  const res = await page.request.get(`${APP}/api/returns?open=true`);
  expect(res.ok()).toBe(true);
  const open = ((await res.json()) as TermReturn[]).filter(
    (r) => r.institution_name === 'UVic' && r.state !== 'submitted' && r.state !== 'approved',
  );
  expect(open.length, 'an open UVic return in the demo').toBeGreaterThan(0);
  return open[0]!;
}

test.describe.serial('who signs off a return, and Ready for sign-off', () => {
  let ret: TermReturn;

  test.beforeAll(async () => {
    ({ smtp, stop } = await startAppWithMail(PORT, '2025-12-15'));
  });

  test.afterAll(async () => {
    await stop?.();
  });

  test('a writer sees who signs off, tells them it is ready, and the history keeps it (1366 px)', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${APP}/`);
    await signInAs(page, 'writer', APP);
    ret = await openUvicReturn(page);
    await page.goto(`${APP}/returns/${ret.id}`);
    const section = page.getByRole('region', { name: 'Who signs off' });
    await expect(section).toContainText('An admin of UVic signs this return off:');
    const mailLink = section.getByRole('link', { name: 'uvicadmin@example.ca' });
    await expect(mailLink).toHaveAttribute('href', /^mailto:uvicadmin@example\.ca\?subject=/);
    await expect(section.getByRole('listitem')).toHaveText(['Uma Victoria, uvicadmin@example.ca']);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/sign-off-people-1366.png', fullPage: true });

    const button = section.getByRole('button', { name: 'Ready for sign-off' });
    await expect(button).toHaveAccessibleDescription(/Mails them that the figures are in/);
    expect(smtp.received).toEqual([]);
    await button.click();
    await expect(page.getByText('Told Uma Victoria that the return is ready for sign-off').first()).toBeVisible();
    await expect(page.getByTestId('return-history').getByRole('row', { name: /Marked ready for sign-off/ })).toContainText(
      'Told Uma Victoria',
    );
    await expect(section).toContainText('Last told it is ready:');
    await expect(button).toBeDisabled();
    await expect(section).toContainText('They can be told again after');

    await expect.poll(() => smtp.received.length).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(['uvicadmin@example.ca']);
    expect(mail!.headers.get('subject')).toEqual([`Ready for sign-off: the ${ret.term} ${ret.fiscal_year} term return`]);
    expect(mail!.text).toContain(
      `Wren Writer says the ${ret.term} ${ret.fiscal_year} term return of UVic is ready for sign-off.`,
    );
    expect(mail!.text).toContain(`${APP}/returns/${ret.id}\n`);
  });

  test('a second try within the hour is refused, and a reader sees who signs off without the button (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize(WIDTHS[1]);
    await page.goto(`${APP}/`);
    await signInAs(page, 'writer', APP);
    const again = await page.request.post(`${APP}/api/returns/${ret.id}/ready-for-sign-off`, { data: {} });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('ready_recently');

    await signInAs(page, 'reader', APP);
    await page.goto(`${APP}/returns/${ret.id}`);
    const section = page.getByRole('region', { name: 'Who signs off' });
    await expect(section.getByRole('link', { name: 'uvicadmin@example.ca' })).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
    // Nothing sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/sign-off-people-390.png', fullPage: true });
    expect(smtp.received).toHaveLength(1);
  });
});

test.describe('who grants access', () => {
  for (const size of WIDTHS) {
    test(`a new user's home names who grants access, with a mail link (${size.width} px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'newuser');
      await page.goto('/');
      const panel = page.getByTestId('no-access-panel');
      await expect(panel).toContainText('You are signed in, but have no access yet');
      // newuser's sign-on names no institution: the app admins, never some institution's admins.
      const contacts = panel.getByTestId('access-contacts');
      await expect(contacts).toContainText('Ask an application administrator for access:');
      await expect(contacts.getByRole('link', { name: 'appadmin@example.ca' })).toHaveAttribute(
        'href',
        /^mailto:appadmin@example\.ca/,
      );
      await expect(contacts).not.toContainText('instadmin');
      await expect(contacts).not.toContainText('uvicadmin');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/access-contacts-home-${size.width}.png`, fullPage: true });
    });

    test(`the 403 page of a screen only app admins use names the app admins, whom no institution admin can stand in for (${size.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'writer');
      await page.goto('/periods');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('403 Forbidden');
      await expect(page.getByTestId('error-message')).toHaveText('Unauthorized');
      const contacts = page.getByTestId('access-contacts');
      await expect(contacts).toContainText('Ask an application administrator for access:');
      await expect(contacts.getByRole('link', { name: 'appadmin@example.ca' })).toBeVisible();
      await expect(contacts).not.toContainText('uvicadmin');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/access-contacts-403-${size.width}.png`, fullPage: true });

      await signInAs(page, 'instadmin');
      await page.goto('/admin');
      await expect(page.getByTestId('access-contacts')).toContainText('Ask an application administrator for access:');
      await expect(page.getByTestId('access-contacts')).not.toContainText('instadmin@example.ca');
    });

    test(`a term return of an institution the user may not read, and its grid, are the 403 page, not a failure to try again (${size.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'instadmin');
      const res = await page.request.get('/api/returns?open=true');
      const ubc = ((await res.json()) as TermReturn[]).find((r) => r.institution_name === 'UBC');
      expect(ubc, 'an open UBC return in the demo').toBeDefined();
      await signInAs(page, 'writer');
      for (const path of [`/returns/${ubc!.id}`, `/returns/${ubc!.id}/enter`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('403 Forbidden');
        await expect(page.getByTestId('error-message')).toHaveText('Unauthorized');
        // Another institution's return: the admins of the user's own institution grant what they may read.
        await expect(page.getByTestId('access-contacts')).toContainText('Ask an admin of UVic for access:');
        await expect(page.getByTestId('access-contacts').getByRole('link', { name: 'uvicadmin@example.ca' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});
