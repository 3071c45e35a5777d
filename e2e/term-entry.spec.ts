import { type Page } from '@playwright/test';
import { COUNT_FIELDS, MONEY_FIELDS } from '../src/shared/record-rules.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';

const FIELDS = [...COUNT_FIELDS, ...MONEY_FIELDS];
type Field = (typeof FIELDS)[number];

/**
 * Whole-term entry (issue 29): UVic's writer enters a term (14 programs in the demo, more once other specs have added
 * some) by pasting one block copied from a
 * spreadsheet, fixes the one refused cell by keyboard, submits the complete rows, and the return is signed off from the
 * same screen, which then turns read-only. A fresh period of a fiscal year no other test uses keeps the return empty.
 */

const FISCAL_YEAR = fiscalYearAhead(11);
const TERM = 'Fall';
let returnId = 0;
let summerReturnId = 0;
/** A third return of the year, for the rows that break a rule and the changes not saved. */
let springReturnId = 0;
/** The Spring return's programs, in the grid's order. */
let springPrograms: string[] = [];
/** UVic's expected programs in the return: the demo's 14, and any a spec before this one added. */
let programs = 0;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** One program's 27 figures as a spreadsheet row: placed split every way, the demographic counts within it. */
function rowOf(n: number): (string | number)[] {
  const placed = 10 + n;
  const location = [placed, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  return [
    placed + 20,
    placed + 5,
    placed,
    placed - 2,
    2,
    0,
    ...location,
    placed - 1,
    1,
    0,
    6,
    2,
    1,
    1,
    0,
    '21.50',
    '750',
    '1,200.50',
  ];
}

/** Keys pressed, counted: the measure of the paste path. */
function keyCounter(page: Page) {
  let count = 0;
  return {
    press: async (key: string) => {
      count++;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    get count() {
      return count;
    },
  };
}

/** A figure's column in the grid: the record form's order. */
const column = (field: Field) => FIELDS.indexOf(field);
/** The input of a cell of the row being edited (only that row's cells are inputs). */
const input = (page: Page, field: Field, row: number) => page.locator(`input[data-cell="${row}:${column(field)}"]`);
/** A cell of a row not being edited, as shown. */
const shown = (page: Page, field: Field, row: number) => page.locator(`td[data-cell="${row}:${column(field)}"]`);
/** Clicks a cell: its row becomes the one edited, and the focus lands in the cell's input. */
async function pick(page: Page, field: Field, row: number): Promise<void> {
  const target = (await input(page, field, row).count()) > 0 ? input(page, field, row) : shown(page, field, row);
  await target.click();
  await expect(input(page, field, row)).toBeFocused();
}
const states = (page: Page) => page.getByTestId('entry-row-state');

test.describe.serial('whole-term entry', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/api/login/direct', { data: { username: 'appadmin' } })).ok()).toBe(true);
    const created = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: TERM } });
    expect(created.ok(), await created.text()).toBe(true);
    const returns = await (await request.get(`/api/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`)).json();
    const summer = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: 'Summer' } });
    expect(summer.ok(), await summer.text()).toBe(true);
    const summerReturns = await (await request.get(`/api/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`)).json();
    summerReturnId = summerReturns.find(
      (r: { institution_name: string; term: string }) => r.institution_name === 'UVic' && r.term === 'Summer',
    ).id;
    returnId = returns.find(
      (r: { institution_name: string; term: string }) => r.institution_name === 'UVic' && r.term === TERM,
    ).id;
    programs = (await (await request.get(`/api/returns/${returnId}`)).json()).expected;
    // Spring: one complete draft (row 0) and Geography Co-op's mistake as the audit found it (row 2): work terms by
    // duration adding up to 105 against 81 placed, which a draft may keep but a submission may not.
    const spring = await request.put('/api/periods', { data: { fiscal_year: FISCAL_YEAR, term: 'Spring' } });
    expect(spring.ok(), await spring.text()).toBe(true);
    springReturnId = (await (await request.get(`/api/returns?fiscalYear=${encodeURIComponent(FISCAL_YEAR)}`)).json()).find(
      (r: { institution_name: string; term: string }) => r.institution_name === 'UVic' && r.term === 'Spring',
    ).id;
    const springRows: { program_id: number; program_name: string }[] = await (
      await request.get(`/api/returns/${springReturnId}/records`)
    ).json();
    springPrograms = springRows.map((r) => r.program_name);
    const springPlace = {
      institution_id: (await (await request.get(`/api/returns/${springReturnId}`)).json()).institution_id,
      fiscal_year: FISCAL_YEAR,
      term: 'Spring',
      status: 'draft',
    };
    const complete = Object.fromEntries(FIELDS.map((f, n) => [f, rowOf(0)[n]]));
    for (const data of [
      { ...complete, program_id: springRows[0]!.program_id, coop_fee_international: '1200.50' },
      {
        program_id: springRows[2]!.program_id,
        students_enrolled: 120,
        students_seeking: 100,
        students_placed: 81,
        wt_4_month: 60,
        wt_8_month: 40,
        wt_12_month_plus: 5,
      },
    ]) {
      const made = await request.put('/api/records', { data: { ...springPlace, ...data } });
      expect(made.ok(), await made.text()).toBe(true);
    }
    expect(programs).toBeGreaterThanOrEqual(14);
    // A history for the first program (Accounting Co-op) in the year before, which no spec uses: three terms of about
    // 200 placed, so the term's pasted figures are far from it whatever other specs wrote in earlier years.
    const first = (await (await request.get(`/api/returns/${returnId}/records`)).json())[0];
    const uvic = (await (await request.get(`/api/returns/${returnId}`)).json()).institution_id;
    for (const term of ['Summer', 'Fall', 'Spring']) {
      const made = await request.put('/api/records', {
        data: {
          institution_id: uvic,
          program_id: first.program_id,
          fiscal_year: fiscalYearAhead(10),
          term,
          students_enrolled: 300,
          students_seeking: 250,
          students_placed: 200,
          status: 'draft',
        },
      });
      expect(made.ok(), await made.text()).toBe(true);
    }
  });

  test('a writer pastes the whole term, fixes a refused cell, submits the rows; the institution admin signs off in place (1366 px)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'writer');
    await page.goto(`/returns/${returnId}`);
    // The template: the grid's columns as a workbook, for a writer too.
    await expect(page.getByTestId('term-template')).toHaveText('Download a template (XLSX)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('term-template').click()]);
    expect(download.suggestedFilename()).toMatch(/^UVic-Fall-.+-template\.xlsx$/);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('enter-term').click();
    await expect(page.getByRole('heading', { level: 1, name: `Enter ${TERM} ${FISCAL_YEAR}: UVic` })).toBeVisible();
    await expect(states(page)).toHaveCount(programs);
    await expect(states(page).first()).toHaveText('No record');
    await expectNoSeriousA11yViolations(page);
    // On paper the grid is cut at the page's edge, and says where the whole term prints; on the screen it says nothing.
    await expect(page.getByTestId('entry-on-paper')).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('entry-on-paper')).toHaveText(
      'On paper this grid stops at the edge of the page. The term return’s own page prints every program’s figures whole.',
    );
    await expect(page.getByTestId('entry-on-paper')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the return' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('link', { name: 'Back to the return' })).toBeVisible();
    const keys = keyCounter(page);

    // Typing, then Escape: the cell is as it was.
    await pick(page, 'students_enrolled', 0);
    await expect(page.getByRole('textbox', { name: /^Students enrolled, / })).toBeFocused();
    await page.keyboard.type('5');
    await expect(input(page, 'students_enrolled', 0)).toHaveValue('5');
    await page.keyboard.press('Escape');
    await expect(input(page, 'students_enrolled', 0)).toHaveValue('');

    // A block that does not fit below the last row is refused whole.
    const block = Array.from({ length: programs }, (_, n) => rowOf(n));
    block[3]![0] = 'abc';
    const tsv = block.map((r) => r.join('\t')).join('\r\n') + '\r\n';
    await page.evaluate((text) => navigator.clipboard.writeText(text), tsv);
    await pick(page, 'students_enrolled', programs - 1);
    await page.keyboard.press('Control+V');
    await expect(page.getByTestId('entry-announcement')).toContainText('Nothing was pasted');
    await expect(input(page, 'students_enrolled', programs - 1)).toHaveValue('');

    // The paste path, counted from the first cell: paste, undo it, paste again, fix the refused cell, leave the row.
    await pick(page, 'students_enrolled', 0);
    await keys.press('Control+V');
    await expect(page.getByTestId('entry-announcement')).toHaveText(`Pasted ${programs * 27} cells into ${programs} rows.`);
    await expect(shown(page, 'avg_hourly_wage', programs - 1)).toHaveText('21.50');
    await keys.press('Control+Z');
    await expect(page.getByTestId('entry-announcement')).toHaveText('The last paste was undone.');
    await expect(shown(page, 'students_placed', 5)).toHaveText('');
    await keys.press('Control+V');
    await expect(shown(page, 'students_enrolled', 3)).toHaveText('abc');
    await expect(shown(page, 'students_enrolled', 3)).toHaveAttribute('data-invalid', 'true');
    await expect(states(page).nth(3)).toContainText('Needs a fix');
    for (let n = 0; n < 3; n++) await keys.press('ArrowDown');
    await expect(input(page, 'students_enrolled', 3)).toBeFocused();
    await expect(input(page, 'students_enrolled', 3)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('entry-problems')).toContainText('Students enrolled must be a whole number');
    await keys.type('33');
    await keys.press('Enter');
    await expect(input(page, 'students_enrolled', 4)).toBeFocused();
    // Tab from a row's last cell goes on to the next row's first, as in a spreadsheet (not counted: not needed to enter).
    await page.keyboard.press('End');
    await expect(input(page, 'coop_fee_international', 4)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(input(page, 'students_enrolled', 5)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(input(page, 'coop_fee_international', 4)).toBeFocused();
    // Every row saved as a draft through the record store.
    for (let n = 0; n < programs; n++) await expect(states(page).nth(n)).toHaveText('Draft');
    expect(keys.count, 'keys pressed to enter the whole term by paste').toBeLessThanOrEqual(40);

    // The focused row beside its history: figures far from it marked in the row and named in the record form's words.
    // The first row is a demo program with years of history (programs other specs add have none).
    await pick(page, 'students_placed', 0);
    await expect(page.getByTestId('entry-details')).toContainText('Row: Accounting Co-op');
    await expect(page.getByTestId('entry-outliers')).toContainText('less than half this program');
    await expect(page.locator('td[data-outlier]').first()).toBeVisible();
    await expect(page.getByTestId('entry-recent')).toContainText('The six terms before');
    // The focused row's splits against students placed, in the record form's words.
    await expect(page.getByTestId('entry-details')).toContainText('Work terms by duration: Adds up to students placed (10)');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('entry-submit').click();
    await expect(page.getByTestId('entry-submit-result')).toHaveText(`${programs} records submitted.`);
    for (let n = 0; n < programs; n++) await expect(states(page).nth(n)).toHaveText('Submitted');
    // Nothing is left to submit: the button says so, dimmed, and the focus goes to what happened rather than to the
    // dimmed button or the top of the page.
    await expect(page.getByTestId('entry-submit')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('entry-submit-result')).toBeFocused();

    // The writer cannot sign off, and the screen names who can; UVic's admin does, from the same screen, and the grid
    // turns read-only.
    await expect(page.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
    await expect(page.getByTestId('sign-off-people')).toContainText('Uma Victoria');
    await signInAs(page, 'uvicadmin');
    await page.reload();
    await page.getByRole('button', { name: 'Sign off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign off' }).click();
    await expect(page.getByTestId('entry-read-only')).toContainText('signed off');
    // The Sign off button is gone: the focus goes to the Actions heading, above what changed, not to the top of the page.
    await expect(page.getByRole('heading', { name: 'Actions', level: 2 })).toBeFocused();
    await expect(input(page, 'students_placed', 0)).toHaveAttribute('readonly', '');
    // Nothing is entered here any more: the heading says what the page shows.
    await expect(page.getByRole('heading', { level: 1, name: `${TERM} ${FISCAL_YEAR}: UVic, the whole term` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The app admin approves from the return page, seeing the term's figures: each program beside its history, the
    // pasted figures (far below UVic's usual) marked, and the same in the approval's confirmation (issue 30).
    await signInAs(page, 'appadmin');
    await page.goto(`/returns/${returnId}`);
    const figures = page.getByTestId('return-figures');
    await expect(figures.locator('tbody tr')).toHaveCount(programs);
    await expect(figures.locator('tbody tr').first()).toContainText('30');
    await expect(figures.locator('td[data-far]').first()).toBeVisible();
    await expect(figures.locator('tfoot')).toContainText('All programs');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog').getByTestId('approve-summary')).toContainText('Far from their history');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('return-summary')).toContainText('Approved');
  });

  test('on a phone the term is one program at a time, read-only once signed off (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'writer');
    await page.goto(`/returns/${returnId}/enter`);
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 1 of ${programs}`);
    await expect(page.getByTestId('entry-read-only')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Students placed', exact: true })).toHaveValue('10');
    await expect(page.getByRole('textbox', { name: 'Students placed', exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('entry-read-only')).toContainText('signed off');
    await page.getByRole('button', { name: 'Next program' }).first().click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 2 of ${programs}`);
    await expect(page.getByRole('textbox', { name: 'Students placed', exact: true })).toHaveValue('11');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    // The return page's figures on a phone: the table scrolls inside its box, the page does not.
    await page.goto(`/returns/${returnId}`);
    await expect(page.getByTestId('return-figures').locator('tbody tr')).toHaveCount(programs);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone a writer enters one program at a time; moving on saves it (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'writer');
    await page.goto(`/returns/${summerReturnId}/enter`);
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 1 of ${programs}`);
    const enrolled = page.getByRole('textbox', { name: 'Students enrolled', exact: true });
    await enrolled.fill('40');
    await page.getByRole('textbox', { name: 'Students seeking a work term', exact: true }).fill('50');
    // Seeking above enrolled: refused in the record's words, beside the field, and nothing is saved.
    await expect(page.getByTestId('entry-phone')).toContainText('cannot be more than students enrolled (40)');
    await page.getByRole('textbox', { name: 'Students seeking a work term', exact: true }).fill('30');
    await page.getByRole('button', { name: 'Next program' }).first().click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 2 of ${programs}`);
    await expect(enrolled).toHaveValue('');
    await page.getByRole('button', { name: 'Previous program' }).first().click();
    await expect(enrolled).toHaveValue('40');
    await expect(page.getByTestId('entry-row-state')).toHaveText('Draft');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  test('rows that break a rule say so unfocused, figures not saved are not lost by leaving, submitting names what it left (1366 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, 'writer');
    await page.goto(`/returns/${springReturnId}/enter`);
    await expect(states(page)).toHaveCount(programs);
    // The saved draft whose durations add up to 105 against 81 placed: said in its status and marked, never focused.
    await expect(states(page).nth(2)).toHaveText('Draft, needs a fix · 1 problem');
    await expect(shown(page, 'wt_4_month', 2)).toHaveAttribute('data-invalid', 'true');
    await expect(shown(page, 'wt_4_month', 2)).toHaveAttribute('title', /add up to 105; they must equal students placed \(81\)/);

    // The records API down: the row left says "Not saved", and leaving the page asks before the figure is lost.
    await page.route('**/api/records**', (route) => route.abort());
    await pick(page, 'students_enrolled', 4);
    await page.keyboard.type('12');
    await page.keyboard.press('ArrowDown');
    await expect(states(page).nth(4)).toHaveText('Not saved');
    await page.getByRole('link', { name: 'Back to the return' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(shown(page, 'students_enrolled', 4)).toHaveText('12');
    // Reloading or closing the tab gets the browser's own question (answered "stay" here).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    void page.evaluate(() => location.reload()).catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(shown(page, 'students_enrolled', 4)).toHaveText('12');

    // Back online, the row saved: nothing is left to lose, so leaving asks nothing.
    await page.unroute('**/api/records**');
    await pick(page, 'students_placed', 4);
    await page.keyboard.press('ArrowDown');
    await expect(states(page).nth(4)).toHaveText('Draft');
    await page.getByRole('link', { name: 'Back to the return' }).click();
    await expect(page).toHaveURL(new RegExp(`/returns/${springReturnId}$`));
    await page.goto(`/returns/${springReturnId}/enter`);

    // A demographic count above placed, typed and left: the row says so, and the cell is marked, once unfocused.
    await pick(page, 'students_placed', 3);
    await page.keyboard.type('81');
    await pick(page, 'indigenous_students', 3);
    await page.keyboard.type('95');
    await page.keyboard.press('ArrowDown');
    await expect(input(page, 'indigenous_students', 4)).toBeFocused();
    await expect(states(page).nth(3)).toHaveText('Needs a fix · 1 problem');
    await expect(shown(page, 'indigenous_students', 3)).toHaveAttribute('data-invalid', 'true');

    // Submitting: what is not ready is said before, and after, by name and problem; the focus goes to the result.
    const submit = page.getByTestId('entry-submit');
    await expect(submit).toHaveText('Submit the complete rows (1)');
    await expect(page.getByTestId('entry-submit-waiting')).toHaveText(
      'Not ready, so not submitted: 2 need a fix, 1 misses figures.',
    );
    await submit.click();
    const result = page.getByTestId('entry-submit-result');
    await expect(result).toHaveText(
      `1 record submitted. 2 drafts not submitted: ${springPrograms[2]} — work terms by duration add up to 105; they must ` +
        `equal students placed (81); ${springPrograms[3]} — indigenous students placed (95) cannot be more than students ` +
        'placed (81). Also not submitted: 1 misses figures.',
    );
    await expect(result).toBeFocused();
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('entry-submit-waiting')).toHaveText('No draft is ready: 2 need a fix, 1 misses figures.');
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone, moving on from a program that breaks a rule or is refused says so where the person is (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'writer');
    await page.goto(`/returns/${summerReturnId}/enter`);
    await page.getByRole('button', { name: 'Next program' }).first().click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 2 of ${programs}`);
    const program = (await page.getByRole('heading', { level: 2 }).first().textContent())!;
    await page.getByRole('textbox', { name: 'Students placed', exact: true }).fill('81');
    await page.getByRole('textbox', { name: 'Indigenous students placed', exact: true }).fill('95');
    // The bottom bar, as after filling the figures in: the notice is under it, where the person is.
    await page.getByRole('button', { name: 'Next program' }).last().click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 3 of ${programs}`);
    const notice = page.getByTestId('entry-phone-notice');
    await expect(notice).toContainText(
      `${program} was not saved: indigenous students placed (95) cannot be more than students placed (81).`,
    );
    await expect(notice).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    // A save refused (the connection gone) is said too, once its answer comes.
    await page.route('**/api/records**', (route) => route.abort());
    await notice.getByRole('button', { name: `Back to ${program}` }).click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 2 of ${programs}`);
    await expect(page.getByTestId('entry-row-state')).toHaveText('Needs a fix');
    await page.getByRole('textbox', { name: 'Indigenous students placed', exact: true }).fill('9');
    await page.getByRole('button', { name: 'Next program' }).first().click();
    await expect(notice).toContainText(`${program} was not saved: the row could not be saved.`);
    await page.unroute('**/api/records**');
    await notice.getByRole('button', { name: `Back to ${program}` }).click();
    await page.getByRole('button', { name: 'Next program' }).first().click();
    await expect(page.getByTestId('entry-phone')).toContainText(`Program 3 of ${programs}`);
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous program' }).first().click();
    await expect(page.getByTestId('entry-row-state')).toHaveText('Draft');
  });
});
