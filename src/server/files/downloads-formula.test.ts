import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../shared/reports.ts';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { hostileCellText, looksLikeFormula } from '../test/formula-cells.ts';
import { createProgram, insertRecord } from '../test/record-factories.ts';

/**
 * Every file the API lets people download, walked from the server's own route table: with text that a spreadsheet
 * would run as a formula planted in every free-text field a file can show (straight into the database, as old data
 * or an import might hold it), no cell of any downloaded file may read as a formula, and numbers, negative ones
 * included, stay numbers.
 */

type Cell = string | number | null;

/** The download routes and the URLs that fetch each of their files. */
const DOWNLOADS: Record<string, string[]> = {
  'GET /api/exports/records': ['/api/exports/records?format=csv', '/api/exports/records?format=xlsx'],
  'GET /api/exports/cewil': [
    '/api/exports/cewil?fiscalYear=2031/32&format=csv',
    '/api/exports/cewil?fiscalYear=2031/32&format=xlsx',
  ],
  // The completeness matrix of the planted records' year (a period for it is created below): institution names.
  'GET /api/returns/download': [
    '/api/returns/download?fiscalYear=2031/32&format=csv',
    '/api/returns/download?fiscalYear=2031/32&format=xlsx',
  ],
  'GET /api/reports/:type/download': REPORT_TYPES.flatMap((type) =>
    ['csv', 'xlsx'].map((format) => `/api/reports/${type}/download?format=${format}`),
  ),
};

/** Every cell of a downloaded file, the heading rows and any second sheet included. */
async function cellsOf(body: Buffer, url: string): Promise<Cell[][]> {
  if (url.includes('format=csv')) return parse(body, { bom: true, relax_column_count: true }) as string[][];
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: Cell[][] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v ?? null) as Cell))),
  );
  return rows;
}

describe('no downloaded cell runs as a formula', () => {
  let ctx: TestContext;
  let cookie: string;
  let planted = 0;
  let periodId = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
    const [period] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
        VALUES ('2031/32', 'Fall', '2031-09-01', '2032-01-31') RETURNING id`,
    );
    periodId = period!.id;
  });
  afterAll(() => ctx.close());

  it('covers every download route the server registers', () => {
    const downloads = ctx.app.apiRoutes
      .map((r) => `${r.method} ${r.url}`)
      // An export's summary answers JSON figures, not a file.
      .filter((route) => /\/exports\/|\/download$/.test(route) && !route.endsWith('/summary'));
    expect(new Set(downloads)).toEqual(new Set(Object.keys(DOWNLOADS)));
  });

  it('neutralises planted formulas in every CSV and XLSX file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileCellText, { minLength: 4, maxLength: 4 }), async ([name, shortName, program, notes]) => {
        const n = ++planted;
        // Unique names: short names and program names are unique per database; the planted text stays in front.
        const institutionId = await createInstitution(ctx.db, { name: name!, shortName: `${shortName!}#${n}` });
        const programId = await createProgram(ctx.db, institutionId, { name: `${program!}#${n}` });
        await ctx.db.execute(sql`INSERT INTO term_returns (period_id, institution_id) VALUES (${periodId}, ${institutionId})`);
        await insertRecord(ctx.db, { institutionId, programId, fiscalYear: '2031/32', term: 'Fall', notes: notes! });
        const plantedTexts = [name!, `${shortName!}#${n}`, `${program!}#${n}`, notes!];

        const seen = new Set<string>();
        const seenInMatrix = new Set<string>();
        for (const url of Object.values(DOWNLOADS).flat()) {
          const res = await ctx.app.inject({ url, headers: { cookie } });
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
          // A planted text holding `;` is a quoted field: Excel where `;` separates a list would split it otherwise.
          if (url.includes('format=csv')) {
            const raw = res.rawPayload.toString('utf8');
            for (const text of plantedTexts.filter((t) => t.includes(';') && !/["\r\n]/.test(t) && raw.includes(t))) {
              expect(raw, `${url}: ${JSON.stringify(text)}`).toContain(`"'${text}"`);
            }
          }
          for (const row of await cellsOf(res.rawPayload, url)) {
            for (const cell of row) {
              if (typeof cell !== 'string') continue;
              expect(looksLikeFormula(cell), `${url}: ${JSON.stringify(cell)}`).toBe(false);
              seen.add(cell);
              if (url.startsWith('/api/returns/')) seenInMatrix.add(cell);
            }
          }
        }
        // The completeness matrix names the planted institution, guarded too.
        expect([...seenInMatrix].some((cell) => cell.startsWith("'") && cell.endsWith(`#${n}`))).toBe(true);
        // The planted text is there, behind an apostrophe, not lost or mangled (XLSX drops U+0001, CSV keeps it).
        for (const text of plantedTexts) {
          const kept = [`'${text}`, `'${text.replaceAll('\u0001', '')}`];
          expect(
            kept.some((k) => seen.has(k)),
            JSON.stringify(text),
          ).toBe(true);
        }
      }),
      {
        numRuns: 4,
        // The issue-28 probes: invisible format characters in front, a full-width sign, a later ;-segment.
        examples: [[['\u200E=1+1', '\u202E=1+1', '\u2060=1+1', '\u00AD=1+1']], [['\u180E=1+1', '\u200C=1+1', '＝1+1', 'x;=1+1']]],
      },
    );
  });

  it('keeps numbers as numbers, negative changes included', async () => {
    // Two years of one program, placements falling, so the fiscal-year report holds a negative change.
    const institutionId = await createInstitution(ctx.db);
    const programId = await createProgram(ctx.db, institutionId);
    await insertRecord(ctx.db, { institutionId, programId, fiscalYear: '2040/41', term: 'Fall' });
    await insertRecord(ctx.db, {
      institutionId,
      programId,
      fiscalYear: '2041/42',
      term: 'Fall',
      studentsPlaced: 1,
      studentsSeeking: 1,
      studentsEnrolled: 1,
    });
    const query = `fiscalYearFrom=2040/41&fiscalYearTo=2041/42&institutionIds=${institutionId}`;
    const xlsx = await ctx.app.inject({ url: `/api/reports/fiscal/download?format=xlsx&${query}`, headers: { cookie } });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const numbers = (await cellsOf(xlsx.rawPayload, 'xlsx')).flat().filter((c): c is number => typeof c === 'number');
    expect(numbers.some((n) => n < 0)).toBe(true);
    const csv = await ctx.app.inject({ url: `/api/reports/fiscal/download?format=csv&${query}`, headers: { cookie } });
    const cells = (await cellsOf(csv.rawPayload, 'format=csv')).flat();
    expect(cells.some((c) => typeof c === 'string' && /^-\d+(\.\d+)?$/.test(c))).toBe(true);
    expect(cells.some((c) => typeof c === 'string' && /^'-\d/.test(c))).toBe(false);
  });
});
