import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/** Tests share one database within a run: every name made here is unique. */
const stamp = `${Date.now()}`.slice(-8);

const toast = (page: Page, text: string) => page.locator('.toast-message', { hasText: text });
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });

interface ApiInstitution {
  id: number;
  short_name: string;
  name: string;
}
interface ApiProgram {
  id: number;
  institution_id: number;
  name: string;
}

/** UVic and the name of one of its programs, read through the API the screens use. */
async function uvicAndOneOfItsPrograms(page: Page): Promise<{ uvic: ApiInstitution; taken: string }> {
  const institutions = (await (await page.request.get('/api/institutions')).json()) as ApiInstitution[];
  const uvic = institutions.find((i) => i.short_name === 'UVic')!;
  const programs = (await (await page.request.get('/api/programs')).json()) as ApiProgram[];
  const taken = programs.find((p) => p.institution_id === uvic.id)!.name;
  return { uvic, taken };
}

test.describe('valid programs (app admin)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'appadmin');
  });

  test('the list sorts, filters and pages, keeps its view in the URL, and passes axe', async ({ page }) => {
    await page.goto('/programs');
    await expect(page.getByRole('heading', { level: 1, name: 'Valid programs' })).toBeVisible();
    const table = page.getByTestId('programs-table');
    await expect(page.getByTestId('table-count')).toContainText(/Showing 1–25 of \d+ programs/);
    await expect(table.getByRole('row')).toHaveCount(26);
    await expectNoSeriousA11yViolations(page);

    // Paging.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('table-count')).toContainText(/Showing 26–50 of/);

    // Sort by CIP code: a new sort starts again on page 1.
    await table.getByRole('button', { name: 'CIP code' }).click();
    await expect(page).toHaveURL(/sort=cip_code/);
    await expect(page).not.toHaveURL(/page=2/);

    // Filters: WIL type and institution; the co-op model column then fills in.
    await page.getByLabel('WIL type', { exact: true }).selectOption('Co-operative Education');
    await page.getByLabel('Institution', { exact: true }).selectOption({ label: 'UVic – University of Victoria' });
    await expect(page).toHaveURL(/wilType=Co-operative/);
    await expect(page).toHaveURL(/institutionId=\d+/);
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('UVic');
    await expect(rows.first()).toContainText('Co-operative Education');
    await page.reload();
    await expect(page.getByLabel('WIL type', { exact: true })).toHaveValue('Co-operative Education');
    await expect(rows.first()).toContainText('UVic');
  });

  test('creates a program (co-op model only for co-op; after fixing what the form and the server refused), edits, deletes and reactivates it', async ({
    page,
  }) => {
    const { uvic, taken } = await uvicAndOneOfItsPrograms(page);
    const name = `E2E Co-op Program ${stamp}`;

    await page.goto('/programs');
    await page.getByRole('link', { name: 'Add program' }).click();
    await expect(page).toHaveURL(/\/programs\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a valid program' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The co-op model appears only for co-operative education, and is cleared when the WIL type changes.
    const coopModel = page.locator('#program-coop-model');
    await expect(coopModel).toHaveCount(0);
    await page.locator('#program-wil-type').selectOption('Co-operative Education');
    await expect(coopModel).toBeVisible();
    await coopModel.selectOption('Alternating');
    await page.locator('#program-wil-type').selectOption('Internship');
    await expect(coopModel).toHaveCount(0);
    await page.locator('#program-wil-type').selectOption('Co-operative Education');
    await expect(coopModel).toHaveValue('');
    await coopModel.selectOption('Alternating');

    // The form's own check first: missing choices and a malformed CIP code.
    await page.locator('#program-cip-code').fill('11.07');
    await page.getByRole('button', { name: 'Add program' }).click();
    await expect(summary(page)).toContainText('Choose the institution');
    await expect(summary(page)).toContainText('CIP code must look like 11.0701');
    await expectNoSeriousA11yViolations(page);

    // Then the server's: this institution already has a program with this name.
    await page.locator('#program-institution').selectOption(String(uvic.id));
    await page.locator('#program-name').fill(taken);
    await page.locator('#program-discipline').selectOption('Computer & Information Science');
    await page.locator('#program-credential').selectOption("Bachelor's Degree");
    await page.getByRole('radio', { name: 'Optional' }).check();
    await page.getByRole('checkbox', { name: 'CEWIL-accredited' }).check();
    await page.locator('#program-cip-code').fill('11.0701');
    await page.getByRole('button', { name: 'Add program' }).click();
    await expect(toast(page, 'Program add failed')).toBeVisible();
    await expect(summary(page)).toContainText('This institution already has a program with this name');
    await expect(page.locator('#program-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#program-cip-code')).toHaveValue('11.0701');
    await expect(coopModel).toHaveValue('Alternating');

    await page.locator('#program-name').fill(name);
    await page.getByRole('button', { name: 'Add program' }).click();
    await expect(page).toHaveURL(/\/programs\/\d+$/);
    await expect(toast(page, 'Program added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('#program-institution')).toHaveValue('UVic – University of Victoria');
    await expect(page.locator('#program-institution')).toHaveAttribute('readonly', '');
    await expect(coopModel).toHaveValue('Alternating');
    await expectNoSeriousA11yViolations(page);
    const url = page.url();

    // Edit: another WIL type drops the co-op model.
    await page.locator('#program-wil-type').selectOption('Work Experience');
    await expect(coopModel).toHaveCount(0);
    await page.getByRole('radio', { name: 'Mandatory' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await page.reload();
    await expect(page.locator('#program-wil-type')).toHaveValue('Work Experience');
    await expect(page.getByRole('radio', { name: 'Mandatory' })).toBeChecked();
    const saved = (await (await page.request.get(`/api/programs/${url.split('/').pop()}`)).json()) as { coop_model: unknown };
    expect(saved.coop_model).toBeNull();

    // Delete asks first, then shows the program as inactive.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this program?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete program' }).click();
    await expect(toast(page, 'Program deleted (now inactive)')).toBeVisible();
    await expect(page.getByTestId('inactive-notice')).toContainText('This program is inactive');
    await expect(page.getByTestId('inactive-badge')).toBeVisible();
    // Deleted: shown read only, to reactivate, not an editable form.
    await expect(page.getByTestId('program-facts')).toContainText('Work Experience');
    await expect(page.locator('#program-name')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/ui21-inactive-program-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // Listed as inactive.
    await page.goto(`/programs?q=${stamp}&status=all`);
    const row = page.getByTestId('programs-table').getByRole('row', { name: new RegExp(stamp) });
    await expect(row.getByTestId('inactive-badge')).toHaveText('Inactive');

    // Reactivate.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(url);
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await expect(toast(page, 'Program reactivated')).toBeVisible();
    await expect(page.getByTestId('inactive-notice')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await expect(page.locator('#program-name')).toBeEditable();

    // Reactivating stepped its version, but changed nothing the form shows: an edit saves, with no conflict (044).
    await page.locator('#program-cip-code').fill('11.0702');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByTestId('stale-edit')).toHaveCount(0);
  });

  for (const size of [
    { width: 1366, height: 900, then: 'save yours again' },
    { width: 390, height: 844, then: 'use the saved values' },
  ] as const) {
    test(`a save after someone else's shows both, loses nothing typed, and then can ${size.then} (${size.width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      const { uvic } = await uvicAndOneOfItsPrograms(page);
      const name = `E2E Stale ${size.width} ${stamp}`;
      const created = await page.request.put('/api/programs', {
        data: {
          institution_id: uvic.id,
          name,
          discipline: 'Health',
          credential: 'Diploma',
          wil_type: 'Field Placement',
          participation: 'Optional',
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { id } = (await created.json()) as { id: number };
      await page.goto(`/programs/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      // This admin changes the CIP code; meanwhile another renames the program and sets another CIP code.
      await page.locator('#program-cip-code').fill('52.0201');
      const read = (await (await page.request.get(`/api/programs/${id}`)).json()) as { version: number };
      const theirName = `${name} (renamed)`;
      const theirs = await page.request.patch(`/api/programs/${id}`, {
        data: { name: theirName, cip_code: '11.0701', version: read.version },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(theirs.status()).toBe(200);

      await page.getByRole('button', { name: 'Save changes' }).click();
      const notice = page.getByTestId('stale-edit');
      await expect(notice).toContainText('was changed by someone else since you opened it, so nothing was saved');
      await expect(notice).toBeFocused();
      // Their rename is in the form (this admin had not touched the name); the CIP codes stand side by side.
      await expect(page.locator('#program-name')).toHaveValue(theirName);
      await expect(page.getByRole('heading', { level: 1, name: theirName })).toBeVisible();
      await expect(notice.getByTestId('stale-cip_code').getByTestId('theirs')).toHaveText('11.0701');
      await expect(notice.getByTestId('stale-cip_code').getByTestId('yours')).toHaveText('52.0201');
      await expect(notice.getByTestId('stale-name')).toHaveCount(0);
      await expect(page.locator('#program-cip-code')).toHaveValue('52.0201');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`program-stale-${size.width}.png`), fullPage: true });

      if (size.then === 'save yours again') {
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(toast(page, 'Changes saved')).toBeVisible();
        await expect(notice).toHaveCount(0);
        const saved = (await (await page.request.get(`/api/programs/${id}`)).json()) as { name: string; cip_code: string };
        expect(saved).toMatchObject({ name: theirName, cip_code: '52.0201' });
      } else {
        await notice.getByRole('button', { name: 'Use the saved values' }).click();
        await expect(notice).toHaveCount(0);
        await expect(page.locator('#program-cip-code')).toHaveValue('11.0701');
        // Nothing left to save: the form is theirs.
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(toast(page, 'There are no changes to save.')).toBeVisible();
      }
      // No other test may meet this program in UVic's returns.
      const removed = await page.request.patch(`/api/programs/${id}`, {
        data: { active_ind: false },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(removed.ok()).toBe(true);
    });
  }

  test('the institution page’s “Add a program” chooses the institution in advance', async ({ page }) => {
    const { uvic } = await uvicAndOneOfItsPrograms(page);
    await page.goto(`/institutions/${uvic.id}`);
    await page.getByRole('link', { name: 'Add a program' }).click();
    await expect(page).toHaveURL(new RegExp(`/programs/create\\?institutionId=${uvic.id}$`));
    await expect(page.locator('#program-institution')).toHaveValue(String(uvic.id));
  });

  test('an id no program has is a 404', async ({ page }) => {
    await page.goto('/programs/999999');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Page not found: /programs/999999')).toBeVisible();
  });
});

test.describe('valid programs (reader)', () => {
  test('a reader gets the 403 page on the program screens', async ({ page }) => {
    await signInAs(page, 'reader');
    for (const path of ['/programs', '/programs/create', '/programs/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});
