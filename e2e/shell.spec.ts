import { expect, expectNoSeriousA11yViolations, menuLabels, signInAs, test, type DemoUser } from './fixtures.ts';
import type { Page } from '@playwright/test';

const TITLE = 'B.C. Co-op Education and WIL Statistical Database';
const PROGRAM_INFO = [
  'Program Information > Browse Records',
  'Program Information > Find Records',
  'Program Information > Term Returns',
];
const REPORTS = [
  'Region/Demographics',
  'Employer/Partner',
  'Discipline Grouping',
  'Term Compare',
  'Fiscal Year Compare',
  'Placement/Experience % Compare',
  'Institutional Breakdown',
  'Salary Breakdown',
  'Tuition Fee Breakdown',
  'Count/Discipline Compare',
  'Release Calendar',
].map((label) => `Reports > ${label}`);

test.describe('signed out', () => {
  test('home shows the title, Sign in, Sign in Direct (development) and the footer, and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /B\.C\. Co-op Education and WIL Statistical Database/ }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in Direct' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Contacts',
      'Maps',
      'Hours',
      'Terms of use',
      'Accessibility',
      'Emergency contacts',
      'Website feedback',
      'Back to top',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText('Victoria BC');
    await expect(
      page
        .getByRole('status')
        .or(page.getByRole('region', { name: 'Site notice' }))
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(page).toHaveTitle(new RegExp(TITLE.replace(/\./g, '\\.')));
  });

  test('explains a refused single sign-on on the home page', async ({ page }) => {
    await page.goto('/?signin=deactivated');
    await expect(page.getByRole('alert')).toContainText('This account has been deactivated');
    await page.goto('/?signin=unavailable');
    await expect(page.getByRole('alert')).toContainText('Single sign-on is not answering');
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('an unknown route shows the 404 page with "Page not found: {path}" and passes axe', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a route whose check fails is a 404 too', async ({ page }) => {
    const response = await page.goto('/records/abc');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page not found: /records/abc')).toBeVisible();
  });

  test('a guarded screen asks a visitor to sign in (401) and passes axe', async ({ page }) => {
    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1, name: '401 Unauthorized' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('sign-in page (development)', () => {
  test('signs in as a chosen demo user, says so in a toast that then goes, and returns to the path asked for', async ({
    page,
  }) => {
    await page.goto('/login?returnPath=%2Freports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // No provider is configured in this run, so the page offers no single sign-on link that would lead back here.
    await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('radio', { name: /Riley Reader/ }).check();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    const toast = page.locator('.toast-message', { hasText: 'Signed in as Riley Reader' });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 8000 });
    await expect(page.getByRole('banner').getByText('Sign out')).toBeVisible();
  });

  test('says what is wrong when no user is chosen, at the top and beside the field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toContainText('Choose a user to sign in as');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('toasts and the header', () => {
  for (const width of [1366, 390]) {
    test(`at ${width} px a toast shows at the top without covering the header's controls, and Sign in Direct goes once signed in`, async ({
      browser,
    }) => {
      // The pointer rests on the toast, as a person reading it would: that holds its closing timer, which a busy machine
      // can otherwise outrun before the measuring below is done (seen closed once under load). The toast closes itself
      // 3.2 s after it shows, and on a slow machine that passed once before the pointer reached it (2026-11-28): then
      // the sign-in is made again in a fresh browser context, at most five times.
      test.setTimeout(180_000);
      const headerBottom = async (page: Page) => {
        const header = (await page.getByRole('banner').boundingBox())!;
        return header.y + header.height;
      };
      const signIn = async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        // To a light page: under load, drawing a long list of records held the page while the toast's time ran out.
        await page.goto('/login?returnPath=%2Freleases');
        await page.getByRole('radio', { name: /Riley Reader/ }).check();
        await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
        await expect(page).toHaveURL(/\/releases$/);
        const toast = page.locator('.mantine-Notification-root', { hasText: 'Signed in as Riley Reader' });
        await expect(toast).toBeVisible();
        // Forced: the pointer goes straight to it, without waiting for two still animation frames, which a loaded
        // machine can stretch past the toast's 3.2 s (CI, 2026-11-28: the toast was gone before the hover, three times).
        const held = await toast.hover({ force: true, timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        // A toast whose timer ran out just as the pointer arrived is already leaving (seen on CI, 2026-11-28): it must
        // still be there once its closing animation would have ended.
        if (held && (await page.waitForTimeout(1000).then(() => toast.isVisible()))) {
          // It then moves under the header (its offset follows the header a frame after the header changes size,
          // toast-offset.ts), which can take it from under the pointer, and its timer runs again (CI, 2026-11-29: gone
          // before it came to rest). The pointer follows it until it rests under the header.
          for (const until = Date.now() + 15_000; Date.now() < until;) {
            const box = await toast.boundingBox();
            if (!box) break;
            await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
            if (box.y >= (await headerBottom(page))) return { context, page, toast };
            await page.waitForTimeout(100);
          }
        }
        await context.close();
        return null;
      };
      let signedIn: Awaited<ReturnType<typeof signIn>> = null;
      for (let attempt = 0; attempt < 5 && !signedIn; attempt++) signedIn = await signIn();
      expect(signedIn, 'the toast closed, or never came to rest under the header, five times').not.toBeNull();
      const { context, page, toast } = signedIn!;
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      // Under the header while it shows, so nothing in it (banner, account links, menu toggle, navigation) is covered.
      // The toast slides in and its offset follows the header a frame after the header changes size (toast-offset.ts),
      // so the test waits for it to come to rest there rather than measuring once (seen 37 px short once on CI).
      await expect.poll(async () => (await toast.boundingBox())!.y - (await headerBottom(page))).toBeGreaterThanOrEqual(0);

      const box = (await toast.boundingBox())!;
      // At the top of the page (docs/product.md §2.4) and centred.
      expect(box.y).toBeLessThan(400);
      expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(4);
      expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
      // Clear of every control in the header: account links, menu toggle, navigation.
      const controls = page.getByRole('banner').locator('a:visible, button:visible');
      const count = await controls.count();
      expect(count).toBeGreaterThan(2);
      for (let i = 0; i < count; i++) {
        const control = (await controls.nth(i).boundingBox())!;
        const overlaps =
          box.x < control.x + control.width &&
          control.x < box.x + box.width &&
          box.y < control.y + control.height &&
          control.y < box.y + box.height;
        expect(overlaps, `toast over ${await controls.nth(i).innerText()}`).toBe(false);
      }
      await page.screenshot({ path: `test-results/ui21-toast-${width}.png` });

      // Signed in: Sign out, and no direct sign-in link inviting a second sign-in.
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Sign out' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Sign in Direct' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }
});

test.describe('menus by role', () => {
  const expected: Record<DemoUser, string[]> = {
    appadmin: [
      'Institutions',
      'Valid Programs',
      ...PROGRAM_INFO,
      'Program Information > Reporting Periods',
      'Program Information > CEWIL Export',
      'Program Information > Export Records',
      ...REPORTS,
      'Admin',
    ],
    globalreader: [...PROGRAM_INFO, ...REPORTS],
    instadmin: [...PROGRAM_INFO, ...REPORTS],
    uvicadmin: [...PROGRAM_INFO, ...REPORTS],
    writer: [...PROGRAM_INFO, ...REPORTS],
    reader: [...PROGRAM_INFO, ...REPORTS],
    newuser: [],
  };

  for (const [user, labels] of Object.entries(expected) as [DemoUser, string[]][]) {
    test(`${user} sees exactly the menu of their roles`, async ({ page }) => {
      await signInAs(page, user);
      await page.goto('/');
      await expect(page.getByRole('banner').getByText('Sign out')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Online tools' })).toBeVisible();
      if (labels.length === 0) {
        await expect(page.getByRole('navigation', { name: 'Main navigation' }).locator('a, button')).toHaveCount(0);
        await expect(page.getByText('You are signed in, but have no access yet')).toBeVisible();
      } else {
        expect(await menuLabels(page)).toEqual(labels);
      }
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a reader who types an app-admin address gets the 403 page, which passes axe', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/institutions');
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the Export Records link (different letter case) opens its screen for an app admin', async ({ page }) => {
    await signInAs(page, 'appadmin');
    await page.goto('/');
    await page.getByRole('button', { name: 'Program Information' }).click();
    await page.getByRole('menuitem', { name: 'Export Records' }).click();
    await expect(page).toHaveURL(/\/records\/RecordExport$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Export records' })).toBeVisible();
  });

  test('sign out ends the session', async ({ page }) => {
    await signInAs(page, 'writer');
    await page.goto('/');
    await page.getByRole('banner').getByText('Sign out').click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    const profile = await (await page.request.get('/api/profile')).json();
    expect(profile.username).toBe('');
  });
});

test.describe('scroll position', () => {
  test('a page opened afresh starts at the top, not where the last page opened afresh was left', async ({ page }) => {
    await signInAs(page, 'appadmin');
    await page.goto('/records');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText(/^Showing 1–50 of/)).toBeVisible();
    // Well down the list (again, should the page still be growing when first asked).
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 1500);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(1000);
    // Typed into the address bar in the same tab: a new document, whose history entry has no key of its own.
    await page.goto('/programs');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
