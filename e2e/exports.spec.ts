import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, signInAs } from './fixtures.ts';

/** Clicks a download link and returns the file's name and bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { fileName: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

const csvLines = (bytes: Buffer) => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
};

test.describe('exports (app admin)', () => {
  test('Export Records: criteria from the menu’s link, a count, then CSV and XLSX with exactly those records', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'appadmin');
    await page.goto('/');
    await page.getByRole('button', { name: 'Program Information' }).click();
    await page.getByRole('menuitem', { name: 'Export Records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Export records' })).toBeVisible();
    await expect(page.getByTestId('export-count')).toContainText('Every record:');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: 'Fall' }).check();
    await page.locator('#find-fiscal-year-from').selectOption('2023/24');
    await page.locator('#find-fiscal-year-to').selectOption('2023/24');
    await page.getByRole('button', { name: 'Count matching records' }).click();
    await expect(page).toHaveURL(/\/records\/recordExport\?fiscalYearFrom=2023%2F24&fiscalYearTo=2023%2F24&terms=Fall$/i);

    const api = await (
      await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: '2023/24', fiscalYearTo: '2023/24', terms: ['Fall'] },
      })
    ).json();
    expect(api.total).toBeGreaterThan(0);
    await expect(page.getByTestId('export-count')).toHaveText(`${api.total.toLocaleString('en-CA')} records match.`);

    const csv = await download(page, 'Download CSV');
    expect(csv.fileName).toMatch(/^records-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvLines(csv.bytes);
    expect(header).toMatch(/^Record ID,Institution,Institution name,Program,/);
    expect(rows).toHaveLength(api.total);
    // Text columns are quoted, so a field holding ; stays one cell where Excel splits lists on ; (decision 017).
    for (const row of rows.slice(0, 20)) expect(row).toContain(',"2023/24","Fall",');

    await page.getByRole('radio', { name: 'Excel workbook (XLSX)' }).check();
    const xlsx = await download(page, 'Download XLSX');
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Records')!;
    expect(sheet.rowCount).toBe(api.total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Record ID');
  });

  test('CEWIL Export: a fiscal year, its row count, and a file with the documented columns', async ({ page }) => {
    await signInAs(page, 'appadmin');
    await page.goto('/records/cewilExport');
    await expect(page.getByRole('heading', { level: 1, name: 'CEWIL export' })).toBeVisible();
    await page.getByLabel('Fiscal year').selectOption('2023/24');
    await expect(page).toHaveURL(/fiscalYear=2023%2F24/);
    const api = await (
      await page.request.post('/api/records/find', {
        data: { fiscalYearFrom: '2023/24', fiscalYearTo: '2023/24', status: 'submitted' },
      })
    ).json();
    await expect(page.getByTestId('export-count')).toHaveText(`${api.total.toLocaleString('en-CA')} rows for 2023/24.`);
    await expectNoSeriousA11yViolations(page);

    const csv = await download(page, 'Download CSV');
    expect(csv.fileName).toBe('cewil-2023-24.csv');
    const [header, ...rows] = csvLines(csv.bytes);
    const documented = readFileSync('docs/cewil-export.md', 'utf8')
      .split('\n')
      .filter((line) => /^\|\s*\d+\s*\|/.test(line))
      .map((line) => line.split('|')[2]!.trim());
    expect(header).toBe(documented.join(','));
    expect(rows).toHaveLength(api.total);
  });

  test('a reader never sees the export items and gets the 403 page on their addresses', async ({ page }) => {
    await signInAs(page, 'reader');
    for (const path of ['/records/recordExport', '/records/cewilExport']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('403 Forbidden');
    }
    expect((await page.request.get('/api/exports/records?format=csv')).status()).toBe(403);
  });
});
