import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAs, test, type DemoUser } from './fixtures.ts';

/**
 * User administration (/admin, /admin/{id}). The e2e database is shared by every spec in a run: each test puts back
 * what it changed (in `finally`, through the API, should a step fail), and users are found by username, never by id.
 */

const stamp = `${Date.now()}`.slice(-8);

const toast = (page: Page, text: string) => page.locator('.toast-message', { hasText: text });
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

interface ApiUser {
  id: number;
  username: string;
  prefName: string;
  active: boolean;
  roles: string[];
  privileges: { read: number[]; write: number[]; admin: number[]; glblAdmin: boolean; glblRead: boolean };
}

async function findUser(request: APIRequestContext, username: string): Promise<ApiUser> {
  const res = await request.get('/api/users/');
  expect(res.ok()).toBe(true);
  const user = ((await res.json()) as ApiUser[]).find((u) => u.username === username);
  expect(user, `user ${username}`).toBeDefined();
  return user!;
}

async function institutionId(request: APIRequestContext, shortName: string): Promise<number> {
  const res = await request.get('/api/institutions');
  const found = ((await res.json()) as { id: number; short_name: string }[]).find((i) => i.short_name === shortName);
  expect(found, `institution ${shortName}`).toBeDefined();
  return found!.id;
}

/** A second, separate browser (its own cookies), signed in as someone else. */
async function otherBrowser(browser: Browser, username: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, username);
  return { context, page };
}

async function profileOf(page: Page) {
  const res = await page.request.get('/api/profile');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Omit<ApiUser, 'id' | 'active'>;
}

test.describe('user administration (app admin)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'appadmin');
  });

  test('filters the list, grants reader Write on SFU, and reader can edit SFU records at once in another browser', async ({
    page,
    browser,
  }) => {
    const sfu = await institutionId(page.request, 'SFU');
    const reader = await findUser(page.request, 'reader');
    expect(reader.privileges.write).toEqual([]);
    const other = await otherBrowser(browser, 'reader');
    try {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      const table = page.getByTestId('users-table');
      await expect(table.getByRole('link', { name: 'appadmin', exact: true })).toBeVisible();
      await expect(table.getByRole('row', { name: /^writer/ })).toContainText('Write: UVic');
      await expect(table.getByRole('row', { name: /^reader/ })).toContainText('Read: SFU, UVic');
      await expectNoSeriousA11yViolations(page);

      // Search, then the institution filter (users named in its lists): the view lives in the URL.
      await page.getByLabel('Search', { exact: true }).fill('reader');
      await expect(page).toHaveURL(/q=reader/);
      await expect(table.getByRole('link', { name: 'globalreader', exact: true })).toBeVisible();
      await page.getByLabel('Institution', { exact: true }).selectOption(String(sfu));
      await expect(page).toHaveURL(new RegExp(`institution=${sfu}`));
      await expect(table.getByRole('link', { name: 'globalreader', exact: true })).toHaveCount(0);
      await expect(table.getByRole('link', { name: 'reader', exact: true })).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Search', { exact: true })).toHaveValue('reader');
      await expect(table.getByRole('row')).toHaveCount(2); // header + reader

      // The role filter and sorting.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByLabel('Role', { exact: true }).selectOption('write');
      await expect(page).toHaveURL(/role=write/);
      await expect(table.getByRole('row')).toHaveCount(2); // header + writer
      await expect(table.getByRole('link', { name: 'writer', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await table.getByRole('button', { name: 'Email' }).click();
      await table.getByRole('button', { name: 'Email' }).click();
      await expect(page).toHaveURL(/sort=-email/);
      await expect(table.locator('th[aria-sort="descending"]')).toHaveText(/Email/);

      // Open reader and grant Write on SFU.
      await table.getByRole('link', { name: 'reader', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${reader.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Riley Reader' })).toBeVisible();
      const writeSfu = page.getByRole('checkbox', { name: 'Write on Simon Fraser University' });
      await expect(page.getByRole('checkbox', { name: 'Read on Simon Fraser University' })).toBeChecked();
      await expect(writeSfu).not.toBeChecked();
      await expectNoSeriousA11yViolations(page);

      // The filter box finds an institution; the grid is a table with row and column headers.
      await page.getByLabel('Find an institution').fill('fraser');
      const grid = page.getByTestId('privilege-grid');
      await expect(grid.getByRole('rowheader')).toHaveText([/Simon Fraser University/, /University of the Fraser Valley/]);
      await expect(grid.getByRole('columnheader')).toHaveText(['Institution', 'Read', 'Write', 'Admin']);

      const rolesAfter = page.getByTestId('roles-after-saving');
      await expect(rolesAfter).not.toContainText('Write');
      await writeSfu.check();
      await expect(rolesAfter).toContainText('Write');
      await expect(rolesAfter).toContainText('Changed from the saved roles');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Changes saved')).toBeVisible();
      await expect(rolesAfter).not.toContainText('Changed from the saved roles');

      // The other browser, signed in as reader before the change, has write on SFU at once.
      const profile = await profileOf(other.page);
      expect(profile.username).toBe('reader');
      expect(profile.roles).toContain('write');
      expect(profile.privileges.write).toContain(sfu);
      expect(profile.privileges.read).toEqual(expect.arrayContaining(reader.privileges.read));
      await other.page.goto('/');
      await expect(other.page.getByText('Write privileges: 1')).toBeVisible();
      await expect(other.page.getByRole('listitem').filter({ hasText: 'Simon Fraser University' })).toContainText('Write');
      // … and can now edit SFU records: the record page offers its form, and a save goes through.
      const found = await (
        await other.page.request.post('/api/records/find', { data: { institutionIds: [sfu], status: 'draft', pageSize: 1 } })
      ).json();
      const sfuRecord =
        found.items[0] ??
        (await (await other.page.request.post('/api/records/find', { data: { institutionIds: [sfu], pageSize: 1 } })).json())
          .items[0];
      await other.page.goto(`/records/${sfuRecord.id}`);
      const notes = other.page.getByLabel('Notes');
      await expect(notes).toBeEditable();
      const record = await (await other.page.request.get(`/api/records/${sfuRecord.id}`)).json();
      const saved = await other.page.request.patch(`/api/records/${sfuRecord.id}`, {
        data: { version: record.version, notes: record.notes },
      });
      expect(saved.status()).toBe(200);

      // Nothing else changed on the server: the PATCH sent the write list alone.
      const after = await findUser(page.request, 'reader');
      expect(after.privileges).toEqual({ ...reader.privileges, write: [sfu] });

      // Take it away again through the screen.
      await page.reload();
      await page.getByRole('checkbox', { name: 'Write on Simon Fraser University' }).uncheck();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Changes saved')).toBeVisible();
      expect((await profileOf(other.page)).privileges.write).toEqual([]);
      expect(
        (await other.page.request.patch(`/api/records/${sfuRecord.id}`, { data: { version: record.version } })).status(),
      ).toBe(403);
    } finally {
      await page.request.patch(`/api/users/${reader.id}`, { data: { privileges: reader.privileges } });
      await other.context.close();
    }
  });

  test('adds a user who has not signed in yet (after fixing what was refused), then sees them in the list', async ({ page }) => {
    const username = `e2e-user-${stamp}`;
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Empty: the summary links to the field.
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(summary(page)).toContainText('Username is required');
    await summary(page).getByRole('link', { name: 'Username is required' }).click();
    await expect(dialog.getByLabel(/^Username/)).toBeFocused();

    // A username that exists: the server's answer goes beside the field and nothing typed is lost.
    await dialog.getByLabel(/^Username/).fill('reader');
    await dialog.getByLabel('Preferred name').fill('Eddie Example');
    await dialog.getByLabel('Home institution').selectOption({ label: 'UVic – University of Victoria' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(toast(page, 'Unable to add user')).toBeVisible();
    await expect(summary(page)).toContainText('A user with this username already exists');
    await expect(dialog.getByLabel(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Preferred name')).toHaveValue('Eddie Example');

    // Closing with something typed asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Discard this new user?' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Preferred name')).toHaveValue('Eddie Example');

    await dialog.getByLabel(/^Username/).fill(username);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(page).toHaveURL(/\/admin\/\d+$/);
    await expect(toast(page, 'User added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Eddie Example' })).toBeVisible();
    await expect(page.getByTestId('user-username')).toHaveText(username);
    await expect(page.getByTestId('granted-count')).toHaveText('Access to 0 institutions');
    const created = await findUser(page.request, username);
    try {
      expect(created).toMatchObject({ active: true, roles: ['user'] });
      await page.goto(`/admin?q=${username}`);
      const row = page.getByTestId('users-table').getByRole('row', { name: new RegExp(username) });
      await expect(row).toContainText('Eddie Example');
      await expect(row).toContainText('UVic');
      await expect(row).toContainText('No access');
    } finally {
      // Users are never deleted: leave the new one inactive, out of every other spec's way.
      await page.request.delete(`/api/users/${created.id}`);
    }
  });

  test('a save made after another admin took a privilege away shows both, and cannot give it back (1366 and 390 px)', async ({
    page,
  }, testInfo) => {
    const sfu = await institutionId(page.request, 'SFU');
    const ubc = await institutionId(page.request, 'UBC');
    const username = `stale${stamp}`;
    const added = await page.request.post('/api/users/add', {
      data: { username, prefName: 'Sam Stale', privileges: { read: [sfu] } },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { id } = (await added.json()) as { id: number };
    await page.goto(`/admin/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sam Stale' })).toBeVisible();

    // This admin gives write on UBC; meanwhile another takes read on SFU away.
    await page.getByRole('checkbox', { name: 'Write on University of British Columbia' }).check();
    const read = (await (await page.request.get(`/api/users/${id}`)).json()) as { version: number };
    const theirs = await page.request.patch(`/api/users/${id}`, {
      data: { privileges: { read: [] }, version: read.version },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(theirs.status()).toBe(200);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const notice = page.getByTestId('stale-edit');
    await expect(notice).toContainText('was changed by someone else since you opened it, so nothing was saved');
    await expect(notice.getByTestId(`stale-write-${ubc}`)).toContainText('Write on UBC');
    await expect(notice.getByTestId(`stale-write-${ubc}`).getByTestId('yours')).toHaveText('Yes');
    // Their removal stands in the form: this admin never touched that box.
    await expect(page.getByRole('checkbox', { name: 'Read on Simon Fraser University' })).not.toBeChecked();
    await expect(notice.getByTestId(`stale-read-${sfu}`)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`user-stale-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(notice).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/users/${id}`)).json()) as ApiUser;
    expect(saved.privileges).toMatchObject({ read: [], write: [ubc] });
    // No other test may meet this user: no privileges, inactive.
    const origin = { origin: new URL(page.url()).origin };
    expect((await page.request.patch(`/api/users/${id}`, { data: { privileges: { write: [] } }, headers: origin })).ok()).toBe(
      true,
    );
    expect((await page.request.delete(`/api/users/${id}`, { headers: origin })).ok()).toBe(true);
  });

  test('deactivates newuser (their session ends at once) and reactivates them', async ({ page, browser }) => {
    const newuser = await findUser(page.request, 'newuser');
    const other = await otherBrowser(browser, 'newuser');
    try {
      expect((await profileOf(other.page)).username).toBe('newuser');

      await page.goto('/admin?q=newuser');
      await page.getByTestId('users-table').getByRole('link', { name: 'newuser', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Noor Newcomer' })).toBeVisible();

      // Keep active changes nothing.
      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate this user?' });
      await expect(dialog).toContainText('signed out at once');
      await expect(dialog).toContainText('history');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Keep active' }).click();
      await expect(dialog).toBeHidden();
      expect((await profileOf(other.page)).username).toBe('newuser');

      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await dialog.getByRole('button', { name: 'Deactivate user' }).click();
      await expect(toast(page, 'User deactivated and signed out')).toBeVisible();
      await expect(page.getByTestId('inactive-notice')).toContainText('This user is inactive');
      await expect(page.getByRole('button', { name: 'Reactivate' })).toBeFocused();

      // The other browser's session is gone, and newuser cannot sign in again.
      expect((await profileOf(other.page)).username).toBe('');
      expect((await other.page.request.post('/api/login/direct', { data: { username: 'newuser' } })).ok()).toBe(false);

      // The list shows them among the inactive users only.
      await page.goto('/admin?q=newuser');
      await expect(page.getByTestId('users-table')).toContainText('No users match these filters');
      await page.getByLabel('Status', { exact: true }).selectOption('inactive');
      const row = page.getByTestId('users-table').getByRole('row', { name: /newuser/ });
      await expect(row.getByTestId('inactive-badge')).toHaveText('Inactive');

      await row.getByRole('link', { name: 'newuser' }).click();
      await page.getByRole('button', { name: 'Reactivate' }).click();
      await expect(toast(page, 'User reactivated')).toBeVisible();
      await expect(page.getByTestId('inactive-notice')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Deactivate', exact: true })).toBeFocused();
      await signInAs(other.page, 'newuser');
      expect((await profileOf(other.page)).username).toBe('newuser');
    } finally {
      await page.request.patch(`/api/users/${newuser.id}`, { data: { active: true } });
      await other.context.close();
    }
  });

  test('a refused save keeps what was typed and shows the server’s reason beside the field; leaving then asks', async ({
    page,
  }) => {
    const me = await findUser(page.request, 'appadmin');
    await page.goto(`/admin/${me.id}`);
    await expect(page.getByText('This is you')).toBeVisible();
    const appAdmin = page.getByRole('checkbox', { name: /^App admin/ });
    await expect(appAdmin).toBeChecked();
    await page.getByLabel('Preferred name').fill('Avery Typed');
    await appAdmin.uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Unable to edit user')).toBeVisible();
    await expect(summary(page)).toContainText('You cannot remove your own app admin rights');
    await expect(appAdmin).toHaveAttribute('aria-invalid', 'true');
    await expect(appAdmin).not.toBeChecked();
    await expect(page.getByLabel('Preferred name')).toHaveValue('Avery Typed');
    expect((await findUser(page.request, 'appadmin')).privileges.glblAdmin).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Cancel' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await findUser(page.request, 'appadmin')).prefName).toBe(me.prefName);
  });

  test('"Clear all" and the view of granted institutions change nothing until saved', async ({ page }) => {
    const reader = await findUser(page.request, 'reader');
    await page.goto(`/admin/${reader.id}`);
    const grid = page.getByTestId('privilege-grid');
    await expect(page.getByTestId('granted-count')).toHaveText('Access to 2 institutions');
    await page.getByLabel('Show only institutions with access').check();
    await expect(grid.getByRole('rowheader')).toHaveText([/Simon Fraser University/, /University of Victoria/]);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByTestId('granted-count')).toHaveText('Access to 0 institutions');
    await expect(grid).toContainText('No institution is ticked.');
    await expect(page.getByTestId('roles-after-saving')).not.toContainText('Read');
    await expect(page.getByRole('button', { name: 'Clear all' })).toBeDisabled();

    // Leaving by a menu link asks; staying keeps the cleared grid; nothing reached the server.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Institutions' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${reader.id}$`));
    await expect(page.getByTestId('granted-count')).toHaveText('Access to 0 institutions');
    expect((await findUser(page.request, 'reader')).privileges).toEqual(reader.privileges);
  });

  test('an id no user has is a 404', async ({ page }) => {
    await page.goto('/admin/999999');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /admin/999999')).toBeVisible();
  });
});

test.describe('user administration (reader)', () => {
  test('a reader has no Admin menu item and gets 403 on /admin and /admin/{id}', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Reports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    for (const path of ['/admin', '/admin/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    }
    expect((await page.request.get('/api/users/')).status()).toBe(403);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('filter bars', () => {
  /** The top edges of the labels and of the fields in a filter bar, rounded to whole pixels. */
  async function rowsOf(page: Page, bar: string): Promise<{ labels: number[]; fields: number[] }> {
    return page.locator(bar).evaluate((el) => {
      const top = (selector: string) =>
        [...el.querySelectorAll(selector)].map((node) => Math.round(node.getBoundingClientRect().top));
      return {
        labels: top(':scope > * > .mantine-InputWrapper-label'),
        fields: top(':scope > * > .mantine-Input-wrapper'),
      };
    });
  }

  test('at 1366 px the labels stand on one line and the fields on another, whether or not a field has a hint', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'appadmin');
    // Users: the Institution filter's hint takes two lines, Role's one, Search's one.
    await page.goto('/admin');
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    const users = await rowsOf(page, 'form[role="search"] .list-filters');
    expect(users.labels).toHaveLength(4);
    expect(new Set(users.labels).size, 'labels on one line').toBe(1);
    expect(new Set(users.fields).size, 'fields on one line').toBe(1);
    // The returns matrix: Region and Institution type have no hint, State's takes two lines.
    await page.goto('/returns');
    await expect(page.locator('.returns-matrix-filters')).toBeVisible();
    const matrix = await rowsOf(page, '.returns-matrix-filters');
    const firstRow = (tops: number[]) => tops.filter((t) => t === Math.min(...tops));
    expect(firstRow(matrix.labels), 'the first row of labels').toHaveLength(4);
    expect(firstRow(matrix.fields), 'the first row of fields').toHaveLength(4);
  });
});
