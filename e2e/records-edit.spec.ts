import { type APIRequestContext, type Page } from '@playwright/test';
import { DATABASE_DOWN_MESSAGE } from '../src/server/plugins/error-handler.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';
import { VALID_COUNT_INPUTS } from './record-figures.ts';

/** A figure input by its id on the record form (`students_enrolled` → `#record-students-enrolled`). */
const field = (page: Page, name: string) => page.locator(`#record-${name.replace(/_/g, '-')}`);

/** A complete, consistent record's figures (42 placed), in form order, with enrolled far above any program's history. */
const FIGURES: [string, string][] = [
  ...VALID_COUNT_INPUTS.map(([name, value]): [string, string] => [name, name === 'students_enrolled' ? '100000' : value]),
  ['avg_hourly_wage', '23.45'],
  ['coop_fee_domestic', '750'],
  ['coop_fee_international', '1200.50'],
];

/**
 * The current fiscal year: the first choice the form offers (none later: a year that has not started holds no
 * placements), and one the demo data (2016/17 to 2025/26) never holds.
 */
const futureFiscalYear = () => fiscalYearAhead(0);

/** UVic's id and its active programs, sorted by name as the form lists them. */
async function uvicPrograms(request: APIRequestContext) {
  const institutions = (await (await request.get('/api/institutions')).json()) as { id: number; short_name: string }[];
  const uvic = institutions.find((i) => i.short_name === 'UVic')!;
  const programs = (await (await request.get('/api/programs')).json()) as {
    id: number;
    name: string;
    institution_id: number;
    active_ind: boolean;
  }[];
  const own = programs.filter((p) => p.institution_id === uvic.id && p.active_ind).sort((a, b) => a.name.localeCompare(b.name));
  return { uvic: uvic.id, programs: own };
}

/**
 * Creates a record two years ahead for `programId` and `term` whose enrolled figure sits near the program's own
 * median, so no outlier question comes between the saves a test makes.
 */
async function createTypicalRecord(request: APIRequestContext, institutionId: number, programId: number, term: string) {
  const fiscalYear = futureFiscalYear();
  const medians = await (
    await request.get(`/api/records/medians?programId=${programId}&fiscalYear=${encodeURIComponent(fiscalYear)}&term=${term}`)
  ).json();
  const typical = Math.max(10, Math.round(medians.medians.students_enrolled ?? 100));
  const created = await request.put('/api/records', {
    data: { institution_id: institutionId, program_id: programId, fiscal_year: fiscalYear, term, students_enrolled: typical },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  return { id, typical };
}

test.describe('record form screens', () => {
  test('a writer adds a record for UVic, sees a split not adding up as they type, fixes it, then edits it and sees the change in the history', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'writer');
    const { programs } = await uvicPrograms(page.request);
    const program = programs[0]!;

    await page.goto('/records/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a record' })).toBeVisible();
    // The writer may edit UVic only: it is chosen already, and the only choice.
    await expect(field(page, 'institution_id').locator('option:checked')).toHaveText('UVic – University of Victoria');
    await expect(field(page, 'institution_id').locator('option')).toHaveCount(2);
    await field(page, 'program_id').selectOption(String(program.id));
    await field(page, 'fiscal_year').selectOption(futureFiscalYear());
    await field(page, 'term').selectOption('Fall');

    for (const [name, value] of FIGURES) await field(page, name).fill(value);
    await expect(page.getByTestId('placement-rate')).toHaveText('84.0%');
    await expect(page.getByTestId('sum-duration')).toHaveAttribute('data-state', 'match');

    // A split that does not add up shows at once, before any save.
    await field(page, 'wt_8_month').fill('9');
    await expect(page.getByTestId('sum-duration')).toHaveAttribute('data-state', 'short');
    await expect(page.getByTestId('sum-duration')).toContainText('Total 41');
    await expect(page.getByTestId('sum-duration')).toContainText('1 short of students placed (42)');
    await expectNoSeriousA11yViolations(page);

    // Submitting says so in the shared rule's words, in the summary and beside the split's first field.
    await page.getByRole('button', { name: 'Submit record' }).click();
    const message = 'Work terms by duration add up to 41; they must equal students placed (42)';
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(message);
    await expect(page.locator('#record-wt-4-month-error')).toHaveText(message);
    await expect(page).toHaveURL(/\/records\/create$/);

    // Cancel asks before dropping what was typed; staying keeps it.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(field(page, 'wt_8_month')).toHaveValue('9');

    await field(page, 'wt_8_month').fill('10');
    await expect(page.getByTestId('sum-duration')).toHaveAttribute('data-state', 'match');
    await expect(page.locator('#record-wt-4-month-error')).toHaveCount(0);

    // 100,000 enrolled is far beyond this program's history: a warning beside the field, and a question before saving.
    await expect(page.locator('#record-students-enrolled-warning')).toContainText('more than double');
    await page.getByRole('button', { name: 'Submit record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Some figures are far from this program’s history' });
    await expect(dialog).toContainText('Students enrolled (100,000)');
    await dialog.getByRole('button', { name: 'Save anyway' }).click();

    await expect(page).toHaveURL(/\/records\/\d+$/);
    await expect(page.getByText('Record added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${program.name}: Fall ${futureFiscalYear()}`);
    await expect(page.getByTestId('record-status')).toHaveText('Submitted');
    await expect(field(page, 'coop_fee_international')).toHaveValue('1200.50');
    await expect(page.getByTestId('history-entry')).toHaveCount(1);
    await expect(page.getByTestId('history-entry').first()).toContainText('Created');

    // Edit: the change is saved against the loaded version and shows in the history, newest first.
    await field(page, 'students_with_disability').fill('4');
    await field(page, 'avg_hourly_wage').fill('24');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Record saved')).toBeVisible();
    await expect(page.getByTestId('record-saved')).toContainText('version 2');
    await expect(page.getByTestId('history-entry')).toHaveCount(2);
    const newest = page.getByTestId('history-entry').first();
    await expect(newest).toContainText('Edited');
    await expect(newest).toContainText('Wren Writer');
    await expect(newest.getByTestId('history-change-students_with_disability')).toContainText(/3\s*4/);
    await expect(newest.getByTestId('history-change-avg_hourly_wage')).toContainText(/\$23\.45\s*\$24\.00/);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test('a reader opening a UVic record sees every figure and no edit controls', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'reader');
    const { uvic } = await uvicPrograms(page.request);
    const list = await (
      await page.request.get(
        `/api/records/inst/${uvic}?pageSize=1&status=submitted&fiscalYearTo=${encodeURIComponent(fiscalYearAhead(-1))}`,
      )
    ).json();
    const record = (await (await page.request.get(`/api/records/${list.items[0].id}`)).json()) as Record<string, unknown>;

    await page.goto(`/records/${record.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${record.program_name}: ${record.term} ${record.fiscal_year}`,
    );
    await expect(page.getByTestId('record-view')).toBeVisible();
    await expect(page.getByTestId('view-students_placed')).toContainText(
      new Intl.NumberFormat('en-CA').format(record.students_placed as number),
    );
    await expect(page.getByTestId('view-wt_nechako')).toContainText(String(record.wt_nechako));
    await expect(page.getByText('You may read this record; editing it needs write rights on its institution.')).toBeVisible();
    await expect(page.getByTestId('record-form')).toHaveCount(0);
    await expect(page.locator('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /save|submit/i })).toHaveCount(0);
    // A record of the demo data (up to this fiscal year) is loaded without an audit trail: it has no history yet.
    await expect(page.getByRole('heading', { level: 2, name: 'History' })).toBeVisible();
    await expect(page.getByText('No changes have been recorded.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test('a reader opening a record of an institution they may not read gets the 403 page, not a retry', async ({ browser }) => {
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'appadmin');
    const institutions = (await (await adminPage.request.get('/api/institutions')).json()) as {
      id: number;
      short_name: string;
    }[];
    const ubc = institutions.find((i) => i.short_name === 'UBC')!;
    const list = await (await adminPage.request.get(`/api/records/inst/${ubc.id}?pageSize=1`)).json();
    await admin.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'reader');
    await page.goto(`/records/${list.items[0].id}`);
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // A screen of another role words it the same way (one 403 page everywhere).
    const words = async () => [
      await page.getByTestId('error-message').innerText(),
      await page.getByTestId('error-description').innerText(),
    ];
    const recordWords = await words();
    await page.goto('/institutions');
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible();
    expect(await words()).toEqual(recordWords);
    await context.close();
  });

  test('two people edit the same record: the second save shows both values per figure and keeps theirs on choice', async ({
    browser,
  }) => {
    const first = await (await browser.newContext()).newPage();
    const second = await (await browser.newContext()).newPage();
    await signInAs(first, 'writer');
    await signInAs(second, 'appadmin');
    const { uvic, programs } = await uvicPrograms(first.request);
    const { id, typical } = await createTypicalRecord(first.request, uvic, programs[2]!.id, 'Spring');

    await first.goto(`/records/${id}`);
    await second.goto(`/records/${id}`);
    await expect(field(first, 'students_enrolled')).toHaveValue(String(typical));
    await expect(field(second, 'students_enrolled')).toHaveValue(String(typical));

    await field(first, 'students_enrolled').fill(String(typical + 1));
    await field(first, 'notes').fill('Checked by the writer');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await expect(first.getByText('Record saved')).toBeVisible();

    await field(second, 'students_enrolled').fill(String(typical + 2));
    await second.getByRole('button', { name: 'Save draft' }).click();
    const panel = second.getByTestId('conflict-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Someone else saved this record while you were editing');
    // The history is refetched on a stale save, so the panel names who saved first.
    await expect(panel).toContainText('Wren Writer saved it');
    const enrolled = panel.getByTestId('conflict-students_enrolled');
    await expect(enrolled.getByTestId('mine')).toHaveText(String(typical + 2));
    await expect(enrolled.getByTestId('theirs')).toHaveText(String(typical + 1));
    // Only they changed the notes: theirs is offered; only I changed enrolled: mine is.
    await expect(enrolled.getByRole('radio', { name: 'Yours' })).toBeChecked();
    await expect(panel.getByTestId('conflict-notes').getByRole('radio', { name: 'Theirs' })).toBeChecked();
    // What was typed is still in the form.
    await expect(field(second, 'students_enrolled')).toHaveValue(String(typical + 2));
    await expectNoSeriousA11yViolations(second);

    await panel.getByRole('button', { name: 'Save with these choices' }).click();
    await expect(second.getByText('Record saved')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(second.getByTestId('record-saved')).toContainText('version 3');
    const saved = await (await second.request.get(`/api/records/${id}`)).json();
    expect(saved).toMatchObject({ students_enrolled: typical + 2, notes: 'Checked by the writer', version: 3 });
  });

  test('the server failing: a read is retried once; a failed save keeps what was typed, is not retried, and saves later', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'writer');
    const { uvic, programs } = await uvicPrograms(page.request);
    const { id, typical } = await createTypicalRecord(page.request, uvic, programs[3]!.id, 'Fall');

    // The server stays real; the browser sees it fail as it does while the database is down (the resilience
    // tests prove the server answers so).
    const unavailable = {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, message: DATABASE_DOWN_MESSAGE }),
    };
    const calls = { GET: 0, PATCH: 0 };
    const theRecord = (url: URL) => url.pathname === `/api/records/${id}`;
    await page.route(theRecord, async (route) => {
      const method = route.request().method() as keyof typeof calls;
      calls[method] = (calls[method] ?? 0) + 1;
      if ((method === 'GET' && calls.GET === 1) || method === 'PATCH') await route.fulfill(unavailable);
      else await route.continue();
    });

    // A read answered 503 is tried once more, and the page shows the record.
    await page.goto(`/records/${id}`);
    await expect(field(page, 'students_enrolled')).toHaveValue(String(typical));
    expect(calls.GET).toBe(2);

    await field(page, 'students_enrolled').fill(String(typical + 1));
    await field(page, 'notes').fill('Typed while the database was down');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('Failed to update record');
    await expect(summary).toContainText(DATABASE_DOWN_MESSAGE);
    // Everything typed is still there, the write was sent once, and nothing was saved.
    await expect(page).toHaveURL(new RegExp(`/records/${id}$`));
    await expect(field(page, 'students_enrolled')).toHaveValue(String(typical + 1));
    await expect(field(page, 'notes')).toHaveValue('Typed while the database was down');
    expect(calls.PATCH).toBe(1);
    expect(await (await page.request.get(`/api/records/${id}`)).json()).toMatchObject({ version: 1, notes: null });
    await expectNoSeriousA11yViolations(page);

    // Once the server answers again, the same form saves what was typed.
    await page.unroute(theRecord);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Record saved')).toBeVisible();
    expect(await (await page.request.get(`/api/records/${id}`)).json()).toMatchObject({
      version: 2,
      students_enrolled: typical + 1,
      notes: 'Typed while the database was down',
    });
    await context.close();
  });

  test('adding a second record for the same program and term links to the existing one, keeping what was typed', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'writer');
    const { uvic, programs } = await uvicPrograms(page.request);
    // A record of this year: no term return holds it yet, so it may still be saved (a past year's may be signed off).
    const { id } = await createTypicalRecord(page.request, uvic, programs[5]!.id, 'Summer');
    const existing = { id, program_id: programs[5]!.id, fiscal_year: futureFiscalYear(), term: 'Summer' };

    await page.goto('/records/create');
    await field(page, 'program_id').selectOption(String(existing.program_id));
    await field(page, 'fiscal_year').selectOption(existing.fiscal_year);
    await expect(page.getByTestId('existing-record')).toHaveCount(0);
    await field(page, 'term').selectOption(existing.term);

    // Said beside the fields as soon as the program, year and term are chosen, before anything is typed.
    const early = page.getByTestId('existing-record');
    await expect(early).toContainText('This program already has a record for this term');
    await expect(early.getByRole('link', { name: 'Open the existing record' })).toHaveAttribute(
      'href',
      `/records/${existing.id}`,
    );
    const [fieldsBox, earlyBox] = [await field(page, 'term').boundingBox(), await early.boundingBox()];
    expect(earlyBox!.y - (fieldsBox!.y + fieldsBox!.height)).toBeLessThan(200);
    await expectNoSeriousA11yViolations(page);

    // Another term: no such record, and the notice goes.
    const otherTerm = ['Summer', 'Fall', 'Spring'].find((t) => t !== existing.term)!;
    const other = await (
      await page.request.get(
        `/api/records?programIds=${existing.program_id}&fiscalYearFrom=${encodeURIComponent(existing.fiscal_year)}&fiscalYearTo=${encodeURIComponent(existing.fiscal_year)}&terms=${otherTerm}&pageSize=1`,
      )
    ).json();
    if (other.total === 0) {
      await field(page, 'term').selectOption(otherTerm);
      await expect(page.getByTestId('existing-record')).toHaveCount(0);
      await field(page, 'term').selectOption(existing.term);
      await expect(page.getByTestId('existing-record')).toBeVisible();
    }

    await field(page, 'notes').fill('Typed before the duplicate was found');
    await page.getByRole('button', { name: 'Save as draft' }).click();

    // The save's refusal takes focus (and so comes into view) and the toast names the reason.
    const duplicate = page.getByTestId('duplicate-record');
    await expect(duplicate).toContainText('This program already has a record for this term');
    await expect(duplicate).toBeFocused();
    await expect(duplicate).toBeInViewport();
    await expect(page.locator('.toast-message', { hasText: 'This program already has a record for this term' })).toBeVisible();
    await expect(page).toHaveURL(/\/records\/create$/);
    await expect(field(page, 'notes')).toHaveValue('Typed before the duplicate was found');
    await expect(duplicate.getByRole('link', { name: 'Open the existing record' })).toHaveAttribute(
      'href',
      `/records/${existing.id}`,
    );
    await context.close();
  });

  test('a record can be added with the keyboard alone', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'writer');
    const { programs } = await uvicPrograms(page.request);
    await page.goto('/records/create');
    await expect(field(page, 'program_id')).toBeEnabled();

    const focusedId = () => page.evaluate<string>('document.activeElement?.id ?? ""');
    for (let i = 0; i < 60 && (await focusedId()) !== 'record-program-id'; i++) await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('record-program-id');
    // A closed native select steps through its options with the arrow keys.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'program_id')).toHaveValue(String(programs[1]!.id));
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'fiscal_year')).toHaveValue(futureFiscalYear());
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'term')).toHaveValue('Summer');

    for (const [name, value] of FIGURES) {
      await page.keyboard.press('Tab');
      expect(await focusedId()).toBe(`record-${name.replace(/_/g, '-')}`);
      await page.keyboard.type(value);
    }
    await expect(page.getByTestId('sum-location')).toHaveAttribute('data-state', 'match');
    await page.keyboard.press('Enter');

    // The outlier question starts on the safe choice; one Tab reaches "Save anyway".
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Check the figures' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Save anyway' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/records\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${programs[1]!.name}: Summer ${futureFiscalYear()}`);
    await expect(field(page, 'wt_vancouver_island_coast')).toHaveValue('20');
    await context.close();
  });

  test('submitting with empty figures says so in one line linking to each, and the summary takes focus', async ({ browser }) => {
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInAs(page, 'writer');
      const { programs } = await uvicPrograms(page.request);
      await page.goto('/records/create');
      await field(page, 'program_id').selectOption(String(programs[4]!.id));
      await field(page, 'fiscal_year').selectOption(futureFiscalYear());
      await field(page, 'term').selectOption('Spring');
      await field(page, 'students_enrolled').fill('40');
      await field(page, 'students_seeking').fill('30');
      await page.getByRole('button', { name: 'Submit record' }).click();

      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toBeFocused();
      // 24 figures, 2 typed: one line for the 22 empty ones, not 22 near-identical sentences.
      await expect(summary.getByRole('listitem')).toHaveCount(1);
      await expect(summary).toContainText('22 figures are empty');
      await expect(summary).not.toContainText('is required to submit');
      await expect(summary.getByRole('link')).toHaveCount(22);
      await expect(page.locator('#record-students-placed-error')).toContainText('is required to submit the record');
      await page.screenshot({ path: `test-results/ui21-empty-figures-${width}.png` });
      await expectNoSeriousA11yViolations(page);

      await summary.getByRole('link', { name: 'Work terms in Nechako' }).click();
      await expect(field(page, 'wt_nechako')).toBeFocused();
      await context.close();
    }
  });

  test('a record opened from Find results leads back to them with the same search; readers are not promised editing', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'reader');
    await page.goto('/records');
    await expect(page.getByText('Open a row to see it.')).toBeVisible();
    await expect(page.getByText(/see or edit/)).toHaveCount(0);

    const results = `/records/find/findResults?terms=Fall&fiscalYearFrom=${encodeURIComponent(fiscalYearAhead(-2))}&fiscalYearTo=${encodeURIComponent(fiscalYearAhead(-2))}`;
    await page.goto(results);
    const resultsUrl = page.url();
    await page.getByTestId('find-results-table').locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/records\/\d+$/);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Find results' })).toBeVisible();
    await page.screenshot({ path: 'test-results/ui21-record-from-find.png' });
    await trail.getByRole('link', { name: 'Find results' }).click();
    await expect(page).toHaveURL(resultsUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Find results' })).toBeVisible();

    // Opened directly (a shared link), the record keeps the trail of its own address.
    await page.goBack();
    const recordUrl = page.url();
    const fresh = await context.newPage();
    await fresh.goto(recordUrl);
    const freshTrail = fresh.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(freshTrail.getByRole('link', { name: 'Browse records' })).toBeVisible();
    await expect(freshTrail.getByRole('link', { name: 'Find results' })).toHaveCount(0);
    await context.close();
  });
});
