import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { FLAG_LEGEND, returnsCountLine } from '../src/shared/export-notes.ts';
import { expect, expectNoSeriousA11yViolations, signInAs, test } from './fixtures.ts';

/** Clicks a download link and returns the file's name and bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { fileName: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

const csvLines = (bytes: Buffer) => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
};

/** A CSV export's table (heading first) and the notes under it, after the empty line (docs/spreadsheet-downloads.md). */
const csvTable = (bytes: Buffer) => {
  const lines: string[][] = parse(bytes.subarray(3).toString('utf8'), { relax_column_count: true });
  const end = lines.findIndex((line) => line.length === 1 && line[0] === '');
  expect(end).toBeGreaterThan(0);
  return { header: lines[0]!, rows: lines.slice(1, end), notes: lines.slice(end + 1).map((line) => line[0]) };
};

test.describe('exports (app admin)', () => {
  test('Export Records: criteria from the menu’s link, a count, then CSV and XLSX with exactly those records', async ({
    page,
  }) => {
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
    const [header, ...lines] = csvLines(csv.bytes);
    expect(header).toMatch(/^Record ID,Institution,Institution name,Program,/);
    // The records, then an empty line and the notes: the count line and the Flag legend.
    const rows = lines.slice(0, -3);
    expect(rows).toHaveLength(api.total);
    expect(lines.at(-3)).toBe('');
    // Text columns are quoted, so a field holding ; stays one cell where Excel splits lists on ; (decision 017).
    for (const row of rows.slice(0, 20)) expect(row).toContain(',"2023/24","Fall",');

    await page.getByRole('radio', { name: 'Excel workbook (XLSX)' }).check();
    const xlsx = await download(page, 'Download XLSX');
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Records')!;
    expect(sheet.rowCount).toBe(api.total + 4);
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
    expect(rows).toHaveLength(api.total + 3);
  });

  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`Approved returns only (${size.width} px): the count line before the download, then a file without the records of unapproved returns`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAs(page, 'appadmin');
      // From 2024/25 on: last year's returns are approved in the demo, this year's are still being collected.
      await page.goto('/records/recordExport?fiscalYearFrom=2024%2F25');
      const summary = async (approvedOnly: boolean) =>
        (
          await page.request.get(
            `/api/exports/records/summary?fiscalYearFrom=2024%2F25${approvedOnly ? '&approvedOnly=true' : ''}`,
          )
        ).json() as Promise<{ rows: number; returns: number; notApproved: number }>;
      const [all, approved] = [await summary(false), await summary(true)];
      expect(all.notApproved).toBeGreaterThan(0);
      expect(approved.rows).toBeLessThan(all.rows);
      await expect(page.getByTestId('export-count')).toHaveText(`${all.rows.toLocaleString('en-CA')} records match.`);
      await expect(page.getByTestId('export-returns')).toHaveText(returnsCountLine(all));

      await page.getByRole('checkbox', { name: 'Approved returns only' }).check();
      await expect(page.getByTestId('export-count')).toHaveText(`${approved.rows.toLocaleString('en-CA')} records match.`);
      await expect(page.getByTestId('export-returns')).toHaveText(returnsCountLine(approved, true));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectNoSeriousA11yViolations(page);

      const csv = csvTable((await download(page, 'Download CSV')).bytes);
      expect(csv.rows).toHaveLength(approved.rows);
      expect(new Set(csv.rows.map((row) => row[csv.header.indexOf('Flag')]))).not.toContain('p');
      expect(csv.notes).toEqual([returnsCountLine(approved, true), FLAG_LEGEND]);

      // The CEWIL return of this year: every return still open, so approved only leaves nothing but the notes.
      await page.goto('/records/cewilExport?fiscalYear=2025%2F26');
      const year = await (await page.request.get('/api/exports/cewil/summary?fiscalYear=2025%2F26')).json();
      await expect(page.getByTestId('export-returns')).toHaveText(returnsCountLine(year));
      await page.getByRole('checkbox', { name: 'Approved returns only' }).check();
      await expect(page.getByTestId('export-count')).toContainText('No submitted record of an approved return for 2025/26');
      await expectNoSeriousA11yViolations(page);
      const cewil = await download(page, 'Download CSV');
      expect(cewil.fileName).toBe('cewil-2025-26-approved.csv');
      const file = csvTable(cewil.bytes);
      expect(file.rows).toEqual([]);
      expect(file.notes[0]).toBe(returnsCountLine(year, true));
    });
  }

  test('a reader never sees the export items and gets the 403 page on their addresses', async ({ page }) => {
    await signInAs(page, 'reader');
    for (const path of ['/records/recordExport', '/records/cewilExport']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('403 Forbidden');
    }
    expect((await page.request.get('/api/exports/records?format=csv')).status()).toBe(403);
  });
});
