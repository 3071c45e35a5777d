import { type Page } from '@playwright/test';
import { RECORD_FIELD_LABELS } from '../src/shared/record-rules.ts';
import { expect, expectNoSeriousA11yViolations, fiscalYearAhead, signInAs, test } from './fixtures.ts';
import { VALID_COUNT_INPUTS } from './record-figures.ts';

interface ApiInstitution {
  id: number;
  short_name: string;
}
interface ApiProgram {
  id: number;
  institution_id: number;
  name: string;
  active_ind: boolean;
}

/** The figures of a complete, consistent submitted record (42 placed), in the order of FIGURE_HEADINGS. */
const FIGURE_HEADINGS = [...VALID_COUNT_INPUTS.map(([field]) => RECORD_FIELD_LABELS[field]), 'Average hourly wage'];
const FIGURES = [...VALID_COUNT_INPUTS.map(([, value]) => value), '$23.45'];

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csv = (rows: string[][]) => rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';

/** Two active UVic programs, read through the API the screens use. */
async function twoUvicPrograms(page: Page): Promise<[string, string]> {
  const institutions = (await (await page.request.get('/api/institutions')).json()) as ApiInstitution[];
  const uvic = institutions.find((i) => i.short_name === 'UVic')!;
  const programs = (await (await page.request.get('/api/programs')).json()) as ApiProgram[];
  const names = programs.filter((p) => p.institution_id === uvic.id && p.active_ind).map((p) => p.name);
  expect(names.length).toBeGreaterThanOrEqual(2);
  return [names[0]!, names[1]!];
}

test.describe('record import', () => {
  test('a writer imports a CSV: a bad row is explained, the corrected file checks clean and imports', async ({ page }) => {
    await signInAs(page, 'writer');
    const [first, second] = await twoUvicPrograms(page);
    const headings = ['Institution', 'Program', 'Term', ...FIGURE_HEADINGS];
    const file = (placedInSecondRow: string) =>
      csv([
        headings,
        ['UVic', first, 'Fall', ...FIGURES],
        ['UVic', second, 'Fall', ...FIGURES.map((v, i) => (i === 2 ? placedInSecondRow : v))],
      ]);

    await page.goto('/records/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import records' })).toBeVisible();
    await expect(page.getByText('at most 5 MB and 5,000 rows')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // 1. The file with one bad row.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'uvic-fall.csv', mimeType: 'text/csv', buffer: Buffer.from(file('forty-two')) });
    await expect(page.getByTestId('file-summary')).toHaveText('uvic-fall.csv: 2 rows below the headings, 28 columns.');

    // 2. Columns are matched from their headings; the fiscal year is chosen for the whole file.
    await expect(page.getByLabel('Students placed', { exact: true })).toHaveValue('5');
    await expect(page.getByLabel('Institution', { exact: true })).toHaveValue('0');
    await expect(page.getByLabel('Fiscal year', { exact: true }).first()).toHaveValue('');
    await page.locator('#import-fiscal-year').fill('2040/41');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Check the file' }).click();

    // 3. The check explains the error in words, and nothing can be imported yet.
    const result = page.getByTestId('import-result');
    await expect(result.getByText('1 new record', { exact: true })).toBeVisible();
    await expect(result.getByText('1 row with errors', { exact: true })).toBeVisible();
    await expect(result.getByText('Students placed must be a whole number; "forty-two" is not one')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import 1 record' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // The refused row comes back as a file to correct: the file's columns, and why.
    const saving = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download the 1 row with errors to correct' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('uvic-fall-not-imported.csv');
    const refused = (await streamText(await download.createReadStream())).replace(/^\uFEFF/, '').split('\r\n');
    expect(refused[0]).toBe([...headings, 'Why it was not imported'].join(','));
    expect(refused[1]).toContain('forty-two');
    expect(refused[1]).toContain('Students placed must be a whole number');

    // The corrected file keeps the matches and the fiscal year; checked again it is clean.
    await input.setInputFiles({ name: 'uvic-fall-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(file('42')) });
    await expect(page.getByTestId('file-summary')).toContainText('uvic-fall-fixed.csv');
    await expect(page.locator('#import-fiscal-year')).toHaveValue('2040/41');
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(result.getByText('2 new records', { exact: true })).toBeVisible();
    await expect(result.getByText('0 rows with errors')).toBeVisible();
    await result.getByRole('radio', { name: 'All rows' }).check({ force: true });
    await expect(result.getByTestId('import-rows').locator('tbody tr')).toHaveCount(2);
    await expect(result.getByTestId('import-rows')).toContainText(`UVic – ${second}`);
    await expect(result.getByTestId('import-rows')).toContainText('Fall 2040/41');

    // 4. Import.
    await page.getByRole('button', { name: 'Import 2 records' }).click();
    await expect(page.getByTestId('import-done')).toContainText('Imported: 2 records created and 0 records updated.');
    await expect(page.locator('.toast-message', { hasText: 'Imported: 2 records created' })).toBeVisible();
    await expect(page.getByTestId('import-done').getByRole('link', { name: 'Browse records' })).toHaveAttribute(
      'href',
      '/records',
    );

    // The records exist; the same file again changes nothing.
    const found = await page.request.post('/api/records/find', {
      data: { fiscalYearFrom: '2040/41', fiscalYearTo: '2040/41', programName: first },
    });
    expect(
      (await found.json()).items.some(
        (r: { program_name: string; term: string }) => r.program_name === first && r.term === 'Fall',
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Import another file' }).click();
    await input.setInputFiles({ name: 'uvic-fall-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(file('42')) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(result.getByText('2 records unchanged')).toBeVisible();
    await expect(page.getByText('there is nothing to import')).toBeVisible();
  });

  test('a bad file is refused with a clear message, and a reader is told importing needs write access', async ({ page }) => {
    await signInAs(page, 'writer');
    await page.goto('/records/import');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await expect(page.getByTestId('file-error')).toContainText('The file is empty');
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a spreadsheet') });
    await expect(page.getByTestId('file-error')).toContainText('photo.png is not a CSV file or an Excel workbook (.xlsx)');

    await signInAs(page, 'reader');
    await page.goto('/records/import');
    await expect(page.getByTestId('import-no-access')).toContainText('Importing needs write access');
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('an import older than the records it changes', () => {
  for (const [index, size] of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ].entries()) {
    test(`shows the conflict, asks which values to keep, and writes only what was chosen (${size.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'appadmin');
      const [first, second] = await twoUvicPrograms(page);
      // Two draft records of a far fiscal year of their own, made through the import API.
      const fiscalYear = fiscalYearAhead(30 + index);
      const made = await page.request.post('/api/imports/commit', {
        data: {
          mapping: { institution: 0, program: 1, status: 2, students_enrolled: 3, notes: 4 },
          rows: [
            ['UVic', first, 'draft', '300', ''],
            ['UVic', second, 'draft', '200', ''],
          ],
          fiscalYear,
          term: 'Fall',
        },
      });
      expect(made.status(), await made.text()).toBe(200);

      // The app admin exports them; then someone corrects both in the form.
      const exported = await page.request.get(
        `/api/exports/records?format=csv&fiscalYearFrom=${fiscalYear}&fiscalYearTo=${fiscalYear}`,
      );
      expect(exported.status()).toBe(200);
      const file = await exported.body();
      const found = await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: fiscalYear, fiscalYearTo: fiscalYear, sort: 'id' },
      });
      const records = (await found.json()).items as { id: number; program_name: string }[];
      expect(records).toHaveLength(2);
      for (const record of records) {
        const enrolled = record.program_name === first ? 310 : 210;
        const { version } = (await (await page.request.get(`/api/records/${record.id}`)).json()) as { version: number };
        const res = await page.request.patch(`/api/records/${record.id}`, { data: { version, students_enrolled: enrolled } });
        expect(res.status(), await res.text()).toBe(200);
      }

      // The week-old file is imported again, from the term's return (its page links to the import, carrying it).
      const period = await page.request.put('/api/periods', { data: { fiscal_year: fiscalYear, term: 'Fall' } });
      expect(period.ok(), await period.text()).toBe(true);
      const returns = (await (await page.request.get('/api/returns')).json()) as {
        id: number;
        period_id: number;
        institution_name: string;
      }[];
      const periodId = ((await period.json()) as { id: number }).id;
      const uvicReturn = returns.find((r) => r.period_id === periodId && r.institution_name === 'UVic')!;
      await page.goto(`/records/import?return=${uvicReturn.id}`);
      await page.locator('input[type="file"]').setInputFiles({ name: 'old-export.csv', mimeType: 'text/csv', buffer: file });
      await page.getByRole('button', { name: 'Check the file' }).click();
      const result = page.getByTestId('import-result');
      const conflicts = result.getByTestId('import-conflicts');
      await expect(conflicts).toContainText('2 records were changed in the database after this file was made');
      await expect(conflicts).toContainText('2 records still need a choice.');
      await expect(result.getByText('2 records changed since the file', { exact: true })).toBeVisible();
      await expect(result.getByTestId('import-rows')).toContainText('Students enrolled: file 300, now 310');
      await expect(result.getByTestId('import-rows')).toContainText('Changed by');
      await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
      await expectNoSeriousA11yViolations(page);

      // Keep the file's values for one, the current ones for the other.
      const rows = result.getByTestId('import-rows').locator('tbody tr');
      const rowOf = (program: string) => rows.filter({ hasText: program });
      await rowOf(first).getByRole('radio', { name: 'Keep the file’s values' }).check({ force: true });
      await expect(conflicts).toContainText('1 record still needs a choice.');
      await rowOf(second).getByRole('radio', { name: 'Keep the current values' }).check({ force: true });
      await expect(conflicts).not.toContainText('still need');
      await result.screenshot({ path: `test-results/import-conflict-${size.width}.png` });
      await page.getByRole('button', { name: 'Import 1 record' }).click();
      await expect(page.getByTestId('import-done')).toContainText('0 records created and 1 record updated');
      // Done, the way back to the return it came from.
      await page.getByTestId('import-done').getByRole('link', { name: 'Back to the return' }).click();
      await expect(page).toHaveURL(new RegExp(`/returns/${uvicReturn.id}$`));
      await expect(page.getByTestId('return-summary')).toContainText('UVic');
      await page.goBack();

      const after = await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: fiscalYear, fiscalYearTo: fiscalYear, sort: 'id' },
      });
      const enrolled = Object.fromEntries(
        ((await after.json()).items as { program_name: string; students_enrolled: number }[]).map((r) => [
          r.program_name,
          r.students_enrolled,
        ]),
      );
      expect(enrolled).toEqual({ [first]: 300, [second]: 210 });

      // The import is listed with its choices, and the very file it read downloads again.
      const past = page.getByTestId('past-imports');
      const listed = past.locator('tbody tr').filter({ hasText: 'old-export.csv' }).first();
      await expect(listed).toContainText('1 overwritten from the file, 1 kept as it was');
      await expect(listed).toContainText('0 created, 1 updated');
      const saving = page.waitForEvent('download');
      await listed.getByRole('link', { name: 'Download old-export.csv' }).click();
      const again = await streamText(await (await saving).createReadStream());
      expect(again).toBe(file.toString('utf8'));
      await expectNoSeriousA11yViolations(page);

      // The record's history says its newer value was overwritten from the file.
      const overwritten = records.find((r) => r.program_name === first)!;
      await page.goto(`/records/${overwritten.id}`);
      await expect(page.getByText('Overwritten by an import from an older file', { exact: true })).toBeVisible();
    });
  }
});
