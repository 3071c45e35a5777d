import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, onASlowMachine, signInAs, test } from './fixtures.ts';

/** Tests share one database within a run: every name made here is unique. */
const stamp = `${Date.now()}`.slice(-8);

const toast = (page: Page, text: string) => page.locator('.toast-message', { hasText: text });
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

test.describe('institutions (app admin)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'appadmin');
  });

  test('the list sorts, filters and pages, keeps its view in the URL, and passes axe', async ({ page }) => {
    await page.goto('/institutions');
    await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();
    const table = page.getByTestId('institutions-table');
    await expect(table.getByRole('link', { name: 'University of Victoria' })).toBeVisible();
    await expect(page.getByTestId('table-count')).toContainText(/Showing 1–\d+ of \d+ institutions/);
    await expectNoSeriousA11yViolations(page);

    // Sort by short name, descending on the second click (on a slow machine too); the URL says so.
    await onASlowMachine(page, async () => {
      await table.getByRole('button', { name: 'Short name' }).click();
      await expect(page).toHaveURL(/sort=short_name/);
      await table.getByRole('button', { name: 'Short name' }).click();
      await expect(page).toHaveURL(/sort=-short_name/);
    });
    await expect(table.locator('th[aria-sort="descending"]')).toHaveText(/Short name/);

    // Filters: type and text; a reload (a bookmark) shows the same view.
    await page.getByLabel('Type', { exact: true }).selectOption('Research-Intensive University');
    await expect(page).toHaveURL(/type=Research-Intensive/);
    await page.getByLabel('Search', { exact: true }).fill('victoria');
    await expect(page).toHaveURL(/q=victoria/);
    await expect(table.getByRole('row')).toHaveCount(2); // header + University of Victoria
    await page.reload();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('victoria');
    await expect(table.getByRole('link', { name: 'University of Victoria' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);

    // Nothing matches: the empty state says what to do.
    await page.getByLabel('Search', { exact: true }).fill('no such institution anywhere');
    await expect(table).toContainText('No institutions match these filters');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/institutions\?sort=-short_name$/); // the sort stays
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  });

  test('creates an institution (after fixing what the form and the server refused), edits, deletes and reactivates it', async ({
    page,
  }) => {
    const name = `E2E Institute ${stamp}`;
    const shortName = `E2E${stamp}`;
    const code = `E${stamp}`;

    await page.goto('/institutions');
    await page.getByRole('link', { name: 'Add institution' }).click();
    await expect(page).toHaveURL(/\/institutions\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add an institution' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An empty form: the summary at the top lists each problem and links to its field.
    await page.getByRole('button', { name: 'Add institution' }).click();
    await expect(summary(page)).toContainText('Name is required');
    await expect(summary(page)).toContainText('Choose the region');
    await summary(page).getByRole('link', { name: 'Name is required', exact: true }).click();
    await expect(page.locator('#institution-name')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // A short name another institution uses: the server's answer sits beside the field; nothing typed is lost.
    await page.locator('#institution-name').fill(name);
    await page.locator('#institution-short-name').fill('UBC');
    await page.locator('#institution-name-code').fill(code);
    await page.locator('#institution-type').selectOption('College');
    await page.locator('#institution-region').selectOption('Kootenay');
    await page.getByRole('button', { name: 'Add institution' }).click();
    await expect(toast(page, 'Institution insert failed')).toBeVisible();
    await expect(summary(page)).toContainText('Another institution already uses this short name');
    await expect(page.locator('#institution-short-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#institution-name')).toHaveValue(name);
    await expect(page.locator('#institution-region')).toHaveValue('Kootenay');

    await page.locator('#institution-short-name').fill(shortName);
    await page.getByRole('button', { name: 'Add institution' }).click();
    await expect(page).toHaveURL(/\/institutions\/\d+$/);
    await expect(toast(page, 'Institution added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('institution-programs')).toContainText('This institution has no valid programs yet.');
    await expect(page.getByTestId('institution-roles')).toContainText('No one holds read, write or admin access');
    await expectNoSeriousA11yViolations(page);
    const url = page.url();

    // Edit.
    await page.locator('#institution-name').fill(`${name} (edited)`);
    await page.locator('#institution-region').selectOption('Cariboo');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${name} (edited)` })).toBeVisible();
    await page.reload();
    await expect(page.locator('#institution-region')).toHaveValue('Cariboo');

    // Delete asks first; Keep it changes nothing.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this institution?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('inactive-notice')).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete institution' }).click();
    await expect(toast(page, 'Institution deleted (now inactive)')).toBeVisible();
    await expect(page.getByTestId('inactive-notice')).toContainText('This institution is inactive');
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    // The list hides it among the active ones and marks it among the inactive ones.
    await page.goto(`/institutions?q=${shortName}`);
    await expect(page.getByTestId('institutions-table')).toContainText('No institutions match these filters');
    await page.goto(`/institutions?q=${shortName}&status=inactive`);
    const row = page.getByTestId('institutions-table').getByRole('row', { name: new RegExp(shortName) });
    await expect(row.getByTestId('inactive-badge')).toHaveText('Inactive');

    // Reactivate.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(url);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect(toast(page, 'Institution reactivated')).toBeVisible();
    await expect(page.getByTestId('inactive-notice')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();

    // Reactivating stepped its version, but changed nothing the form shows: an edit saves, with no conflict (044).
    await page.locator('#institution-region').selectOption('Kootenay');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByTestId('stale-edit')).toHaveCount(0);
  });

  test('Cancel asks before discarding what was typed', async ({ page }) => {
    await page.goto('/institutions/create');
    await page.locator('#institution-name').fill('Half-typed College');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/institutions\/create$/);
    await expect(page.locator('#institution-name')).toHaveValue('Half-typed College');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/institutions$/);

    // With nothing typed, Cancel just goes.
    await page.goto('/institutions/create');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/institutions$/);
  });

  test('an institution page lists its programs and the people with access', async ({ page }) => {
    await page.goto('/institutions?q=UVic');
    await page.getByRole('link', { name: 'University of Victoria' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'University of Victoria' })).toBeVisible();
    const programs = page.getByTestId('institution-programs');
    await expect(programs.getByRole('link').first()).toBeVisible();
    const roles = page.getByTestId('institution-roles');
    await expect(roles.getByRole('row', { name: /writer/ })).toContainText('Write');
    await expect(roles.getByRole('row', { name: /reader/ })).toContainText('Read');
  });

  test('an id no institution has is a 404', async ({ page }) => {
    await page.goto('/institutions/999999');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /institutions/999999')).toBeVisible();
  });
});

test.describe('institutions (reader)', () => {
  test('a reader never sees the Institutions or Valid Programs menu items and gets 403 on the URLs', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Reports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Institutions' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Valid Programs' })).toHaveCount(0);

    for (const path of ['/institutions', '/institutions/create', '/institutions/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});
