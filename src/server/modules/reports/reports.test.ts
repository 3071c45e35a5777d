import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FLAG_LEGEND, REPORT_TYPES, type ReportType } from '../../../shared/reports.ts';
import { DISCIPLINES } from '../../../shared/constants.ts';
import { REPORT_FILE_NAME_MAX } from './report-file-name.ts';
import type { Report } from '../../../shared/schemas/report.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser, ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, READ_OWN_STATUS, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { releaseEverything } from '../../test/release-factories.ts';

/**
 * A small data set whose every expected figure is written below by hand (not recomputed by the code under test).
 * Three institutions, four programs, five submitted records and one draft that no report may count.
 */
type Figures = {
  enrolled: number;
  seeking: number;
  placed: number;
  duration: [number, number, number];
  location: Partial<Record<'vic' | 'mainland' | 'northeast' | 'international', number>>;
  sector: [number, number, number];
  employers: [number, number];
  demographics: [number, number, number];
  wage: string | null;
  fees: [string | null, string | null];
};

function columnsOf(f: Figures) {
  return {
    studentsEnrolled: f.enrolled,
    studentsSeeking: f.seeking,
    studentsPlaced: f.placed,
    wt4Month: f.duration[0],
    wt8Month: f.duration[1],
    wt12MonthPlus: f.duration[2],
    wtVancouverIslandCoast: f.location.vic ?? 0,
    wtMainlandSouthwest: f.location.mainland ?? 0,
    wtThompsonOkanagan: 0,
    wtKootenay: 0,
    wtCariboo: 0,
    wtNorthCoast: 0,
    wtNechako: 0,
    wtNortheast: f.location.northeast ?? 0,
    wtOtherCanada: 0,
    wtInternational: f.location.international ?? 0,
    wtPrivate: f.sector[0],
    wtPublic: f.sector[1],
    wtNonprofit: f.sector[2],
    employersTotal: f.employers[0],
    employersNew: f.employers[1],
    intlStudents: f.demographics[0],
    indigenousStudents: f.demographics[1],
    studentsWithDisability: f.demographics[2],
    avgHourlyWage: f.wage,
    coopFeeDomestic: f.fees[0],
    coopFeeInternational: f.fees[1],
  };
}

describe('reports API', () => {
  let ctx: TestContext;
  let cookies: { admin: string; reader: string; nobody: string };
  const inst = { alder: 0, birch: 0, cedar: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    inst.alder = await createInstitution(ctx.db, { shortName: 'Alder', nameCode: 'ALDER' });
    inst.birch = await createInstitution(ctx.db, { shortName: 'Birch', nameCode: 'BIRCH' });
    inst.cedar = await createInstitution(ctx.db, { shortName: 'Cedar', nameCode: 'CEDAR' });
    const base = { wilType: 'Co-operative Education', coopModel: 'Alternating' } as const;
    const a1 = await createProgram(ctx.db, inst.alder, {
      ...base,
      name: 'A1',
      discipline: 'Business & Management',
      credential: 'Diploma',
    });
    const a2 = await createProgram(ctx.db, inst.alder, {
      name: 'A2',
      discipline: 'Health',
      credential: "Bachelor's Degree",
      wilType: 'Internship',
      coopModel: null,
    });
    const b1 = await createProgram(ctx.db, inst.birch, {
      ...base,
      name: 'B1',
      discipline: 'Business & Management',
      credential: "Bachelor's Degree",
    });
    const c1 = await createProgram(ctx.db, inst.cedar, {
      ...base,
      name: 'C1',
      discipline: 'Engineering & Applied Science',
      credential: "Bachelor's Degree",
    });
    const add = (institutionId: number, programId: number, fiscalYear: string, term: string, f: Figures) =>
      insertRecord(ctx.db, { institutionId, programId, fiscalYear, term, ...columnsOf(f) });
    // R1
    await add(inst.alder, a1, '2022/23', 'Fall', {
      enrolled: 100,
      seeking: 50,
      placed: 40,
      duration: [30, 10, 0],
      location: { vic: 40 },
      sector: [30, 10, 0],
      employers: [20, 5],
      demographics: [4, 2, 1],
      wage: '20.00',
      fees: ['500.00', '800.00'],
    });
    // R2
    await add(inst.alder, a1, '2023/24', 'Fall', {
      enrolled: 120,
      seeking: 60,
      placed: 45,
      duration: [25, 15, 5],
      location: { vic: 35, mainland: 10 },
      sector: [40, 5, 0],
      employers: [25, 10],
      demographics: [5, 0, 2],
      wage: '22.00',
      fees: ['600.00', '900.00'],
    });
    // R3
    await add(inst.alder, a2, '2023/24', 'Summer', {
      enrolled: 40,
      seeking: 20,
      placed: 10,
      duration: [10, 0, 0],
      location: { international: 10 },
      sector: [0, 10, 0],
      employers: [8, 2],
      demographics: [1, 1, 0],
      wage: null,
      fees: ['300.00', null],
    });
    // R4
    await add(inst.birch, b1, '2023/24', 'Fall', {
      enrolled: 200,
      seeking: 100,
      placed: 90,
      duration: [60, 30, 0],
      location: { mainland: 90 },
      sector: [80, 0, 10],
      employers: [50, 20],
      demographics: [10, 3, 4],
      wage: '25.50',
      fees: ['700.00', '1000.00'],
    });
    // R5
    await add(inst.cedar, c1, '2023/24', 'Spring', {
      enrolled: 80,
      seeking: 30,
      placed: 30,
      duration: [0, 0, 30],
      location: { northeast: 30 },
      sector: [0, 30, 0],
      employers: [10, 10],
      demographics: [0, 5, 1],
      wage: '30.00',
      fees: ['1000.00', '1500.00'],
    });
    // A draft: reports count submitted records only.
    await insertRecord(ctx.db, {
      institutionId: inst.alder,
      programId: a1,
      fiscalYear: '2024/25',
      term: 'Summer',
      status: 'draft',
      studentsEnrolled: 999,
      studentsSeeking: 999,
      studentsPlaced: 999,
    });
    cookies = {
      admin: await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } })),
      reader: await ctx.cookieFor(await createUser(ctx.db, { privileges: { read: [inst.alder, inst.birch] } })),
      nobody: await ctx.cookieFor(await createUser(ctx.db)),
    };
    // The province figures of the others, for readers of some institutions, come from a release (decision 024).
    await releaseEverything(ctx.db);
  });
  afterAll(() => ctx.close());

  async function report(type: string, who: keyof typeof cookies, query = ''): Promise<Report> {
    const res = await ctx.app.inject({ url: `/api/reports/${type}${query}`, headers: { cookie: cookies[who] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  }

  /** Rows as arrays of the given columns, for compact expectations. */
  const table = (r: Report, keys: string[]) => r.rows.map((row) => keys.map((k) => row[k]));
  const pick = (row: Record<string, unknown>, keys: string[]) => keys.map((k) => row[k]);

  const PARTICIPATION = ['students_enrolled', 'students_seeking', 'students_placed', 'placement_pct', 'work_terms'];

  describe('each report’s rows, totals and province row (app admin, no parameters)', () => {
    it('discipline: enrolled, seeking, placed, placement % and work terms by discipline grouping, in the lookup’s order', async () => {
      const r = await report('discipline', 'admin');
      expect(r.columns.map((c) => c.key)).toEqual(['discipline', ...PARTICIPATION]);
      expect(table(r, ['discipline', ...PARTICIPATION])).toEqual([
        ['Business & Management', 420, 210, 175, 83.3, 175],
        ['Engineering & Applied Science', 80, 30, 30, 100, 30],
        ['Health', 40, 20, 10, 50, 10],
      ]);
      expect(pick(r.totals, ['discipline', ...PARTICIPATION])).toEqual([null, 540, 260, 215, 82.7, 215]);
      expect(pick(r.province, PARTICIPATION)).toEqual([540, 260, 215, 82.7, 215]);
    });

    it('fiscal: totals per fiscal year with change and % change year over year; the draft’s year is absent', async () => {
      const r = await report('fiscal', 'admin');
      const keys = [
        'fiscal_year',
        ...PARTICIPATION,
        'students_enrolled_change',
        'students_enrolled_change_pct',
        'students_placed_change',
        'students_placed_change_pct',
        'work_terms_change',
        'work_terms_change_pct',
      ];
      expect(table(r, keys)).toEqual([
        ['2022/23', 100, 50, 40, 80, 40, null, null, null, null, null, null],
        ['2023/24', 440, 210, 175, 83.3, 175, 340, 340, 135, 337.5, 135, 337.5],
      ]);
      expect(pick(r.totals, keys)).toEqual([null, 540, 260, 215, 82.7, 215, null, null, null, null, null, null]);
    });

    it('term: the measures by fiscal year and term, in calendar order (Summer, Fall, Spring)', async () => {
      const r = await report('term', 'admin');
      expect(table(r, ['fiscal_year', 'term', ...PARTICIPATION])).toEqual([
        ['2022/23', 'Fall', 100, 50, 40, 80, 40],
        ['2023/24', 'Summer', 40, 20, 10, 50, 10],
        ['2023/24', 'Fall', 320, 160, 135, 84.4, 135],
        ['2023/24', 'Spring', 80, 30, 30, 100, 30],
      ]);
    });

    it('region: work terms by location and placed-student demographics, per fiscal year', async () => {
      const r = await report('region', 'admin');
      const keys = [
        'fiscal_year',
        'wt_vancouver_island_coast',
        'wt_mainland_southwest',
        'wt_thompson_okanagan',
        'wt_northeast',
        'wt_international',
        'work_terms',
        'students_placed',
        'intl_students',
        'indigenous_students',
        'students_with_disability',
      ];
      expect(table(r, keys)).toEqual([
        ['2022/23', 40, 0, 0, 0, 0, 40, 40, 4, 2, 1],
        ['2023/24', 35, 100, 0, 30, 10, 175, 175, 16, 9, 7],
      ]);
      expect(pick(r.totals, keys.slice(1))).toEqual([75, 100, 0, 30, 10, 215, 215, 20, 11, 8]);
    });

    it('employer: work terms by sector, employers and new employers (% from the sums)', async () => {
      const r = await report('employer', 'admin');
      const keys = [
        'fiscal_year',
        'wt_private',
        'wt_public',
        'wt_nonprofit',
        'work_terms',
        'employers_total',
        'employers_new',
        'employers_new_pct',
      ];
      expect(table(r, keys)).toEqual([
        ['2022/23', 30, 10, 0, 40, 20, 5, 25],
        ['2023/24', 120, 45, 10, 175, 93, 42, 45.2],
      ]);
      expect(pick(r.totals, keys.slice(1))).toEqual([150, 55, 10, 215, 113, 47, 41.6]);
    });

    it('placement: placement % by institution, discipline and year', async () => {
      const r = await report('placement', 'admin');
      expect(
        table(r, ['institution', 'discipline', 'fiscal_year', 'students_seeking', 'students_placed', 'placement_pct']),
      ).toEqual([
        ['Alder', 'Business & Management', '2022/23', 50, 40, 80],
        ['Alder', 'Business & Management', '2023/24', 60, 45, 75],
        ['Alder', 'Health', '2023/24', 20, 10, 50],
        ['Birch', 'Business & Management', '2023/24', 100, 90, 90],
        ['Cedar', 'Engineering & Applied Science', '2023/24', 30, 30, 100],
      ]);
    });

    it('institution: every measure per institution, wage weighted by placements', async () => {
      const r = await report('institution', 'admin');
      const keys = [
        'institution',
        ...PARTICIPATION,
        'employers_total',
        'employers_new',
        'intl_students',
        'indigenous_students',
        'students_with_disability',
        'avg_hourly_wage',
      ];
      expect(table(r, keys)).toEqual([
        // (20.00 × 40 + 22.00 × 45) ÷ 85 = 21.0588…; R3 reports no wage and does not weigh in.
        ['Alder', 260, 130, 95, 73.1, 95, 53, 17, 10, 3, 3, '21.06'],
        ['Birch', 200, 100, 90, 90, 90, 50, 20, 10, 3, 4, '25.50'],
        ['Cedar', 80, 30, 30, 100, 30, 10, 10, 0, 5, 1, '30.00'],
      ]);
      // (800 + 990 + 2295 + 900) ÷ 205 = 24.317…
      expect(pick(r.totals, keys)).toEqual([null, 540, 260, 215, 82.7, 215, 113, 47, 20, 11, 8, '24.32']);
    });

    it('salary: weighted average wage by discipline, credential (in ladder order) and year; no wage → null', async () => {
      const r = await report('salary', 'admin');
      expect(table(r, ['discipline', 'credential', 'fiscal_year', 'placed_with_wage', 'avg_hourly_wage'])).toEqual([
        ['Business & Management', 'Diploma', '2022/23', 40, '20.00'],
        ['Business & Management', 'Diploma', '2023/24', 45, '22.00'],
        ['Business & Management', "Bachelor's Degree", '2023/24', 90, '25.50'],
        ['Engineering & Applied Science', "Bachelor's Degree", '2023/24', 30, '30.00'],
        ['Health', "Bachelor's Degree", '2023/24', 0, null],
      ]);
      expect(pick(r.totals, ['placed_with_wage', 'avg_hourly_wage'])).toEqual([205, '24.32']);
    });

    it('tuition: co-op fees as lowest, median and highest by institution and credential', async () => {
      const r = await report('tuition', 'admin');
      const keys = [
        'institution',
        'credential',
        'programs',
        'coop_fee_domestic_min',
        'coop_fee_domestic_median',
        'coop_fee_domestic_max',
        'coop_fee_international_min',
        'coop_fee_international_median',
        'coop_fee_international_max',
      ];
      expect(table(r, keys)).toEqual([
        ['Alder', 'Diploma', 1, '500.00', '550.00', '600.00', '800.00', '850.00', '900.00'],
        ['Alder', "Bachelor's Degree", 1, '300.00', '300.00', '300.00', null, null, null],
        ['Birch', "Bachelor's Degree", 1, '700.00', '700.00', '700.00', '1000.00', '1000.00', '1000.00'],
        ['Cedar', "Bachelor's Degree", 1, '1000.00', '1000.00', '1000.00', '1500.00', '1500.00', '1500.00'],
      ]);
      expect(pick(r.totals, keys.slice(2))).toEqual([4, '300.00', '600.00', '1000.00', '800.00', '950.00', '1500.00']);
    });

    it('duration: work terms by duration per discipline', async () => {
      const r = await report('duration', 'admin');
      expect(table(r, ['discipline', 'wt_4_month', 'wt_8_month', 'wt_12_month_plus', 'work_terms'])).toEqual([
        ['Business & Management', 115, 55, 5, 175],
        ['Engineering & Applied Science', 0, 0, 30, 30],
        ['Health', 10, 0, 0, 10],
      ]);
      expect(pick(r.totals, ['wt_4_month', 'wt_8_month', 'wt_12_month_plus', 'work_terms'])).toEqual([125, 55, 35, 215]);
    });
  });

  it('every report’s grand totals agree with each other and with the records find returns for the same parameters', async () => {
    const query = '?fiscalYearFrom=2023/24&terms=Fall,Spring';
    const placed = new Set<unknown>();
    const workTerms = new Set<unknown>();
    for (const type of REPORT_TYPES) {
      const r = await report(type, 'admin', query);
      if ('students_placed' in r.totals) placed.add(r.totals.students_placed);
      if ('work_terms' in r.totals) workTerms.add(r.totals.work_terms);
    }
    const found = await ctx.app.inject({
      method: 'POST',
      url: '/api/records/find',
      headers: { cookie: cookies.admin },
      payload: { fiscalYearFrom: '2023/24', terms: ['Fall', 'Spring'], status: 'submitted', pageSize: 500 },
    });
    const items = found.json<{ items: { students_placed: number }[] }>().items;
    const sum = items.reduce((s, r) => s + r.students_placed, 0);
    expect(sum).toBe(165); // R2 45 + R4 90 + R5 30
    expect([...placed]).toEqual([sum]);
    expect([...workTerms]).toEqual([sum]);
  });

  describe('parameters', () => {
    it('filters by fiscal year range, terms and institutions; the province row keeps the other parameters', async () => {
      const r = await report('discipline', 'admin', `?fiscalYearFrom=2023/24&terms=Fall&institutionIds=${inst.alder}`);
      expect(r.params).toEqual({ fiscalYearFrom: '2023/24', terms: ['Fall'], institutionIds: [inst.alder] });
      expect(table(r, ['discipline', ...PARTICIPATION])).toEqual([['Business & Management', 120, 60, 45, 75, 45]]);
      expect(pick(r.province, PARTICIPATION)).toEqual([320, 160, 135, 84.4, 135]); // R2 + R4
    });

    it('filters by discipline, WIL type and credential, lists repeated or comma-separated', async () => {
      const placedOf = async (query: string) => (await report('institution', 'admin', query)).totals.students_placed;
      expect(await placedOf('?disciplines=Health')).toBe(10);
      expect(await placedOf('?wilTypes=Internship')).toBe(10);
      expect(await placedOf('?credentials=Diploma')).toBe(85);
      expect(await placedOf(`?institutionIds=${inst.alder}&institutionIds=${inst.cedar}`)).toBe(125);
      expect(await placedOf(`?institutionIds=${inst.alder},${inst.cedar}`)).toBe(125);
      expect(await placedOf('?fiscalYearTo=2022/23')).toBe(40);
    });

    it('says plainly when nothing matches: no rows, zero counts, no rates', async () => {
      const r = await report('discipline', 'admin', '?fiscalYearFrom=2030/31');
      expect(r.rows).toEqual([]);
      expect(pick(r.totals, PARTICIPATION)).toEqual([0, 0, 0, null, 0]);
    });

    it.each([
      ['/api/reports/nope', 'type'],
      ['/api/reports/region?foo=1', 'foo'],
      ['/api/reports/region?terms=Winter', 'terms'],
      ['/api/reports/region?fiscalYearFrom=2024', 'fiscalYearFrom'],
      ['/api/reports/region?fiscalYearFrom=2024/25&fiscalYearTo=2023/24', 'fiscalYearTo'],
      ['/api/reports/region?institutionIds=abc', 'institutionIds'],
      ['/api/reports/region?disciplines=Astrology', 'disciplines'],
      ['/api/reports/region?page=2', 'page'],
    ])('answers 400 naming the parameter for %s', async (url, field) => {
      const res = await ctx.app.inject({ url, headers: { cookie: cookies.admin } });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    });
  });

  describe('who sees what', () => {
    it('gives a reader rows for the institutions they may read only; the province hides what only Cedar adds', async () => {
      const r = await report('institution', 'reader');
      expect(r.rows.map((row) => row.institution)).toEqual(['Alder', 'Birch']);
      expect(pick(r.totals, PARTICIPATION)).toEqual([460, 230, 185, 80.4, 185]);
      // Cedar alone is everything the reader may not read: one institution, under the threshold of three
      // (disclosure control has its own suite in modules/disclosure).
      expect(pick(r.province, PARTICIPATION)).toEqual([null, null, null, null, null]);
      expect(r.suppressed).toMatchObject({ students_enrolled: 'threshold', placement_pct: 'threshold' });
      expect((await report('institution', 'admin')).suppressed).toEqual({});
      for (const type of REPORT_TYPES) {
        const rows = (await report(type, 'reader')).rows;
        expect(rows.some((row) => row.institution === 'Cedar' || row.discipline === 'Engineering & Applied Science')).toBe(false);
      }
    });

    it('refuses a reader who names an institution they may not read', async () => {
      const res = await ctx.app.inject({
        url: `/api/reports/discipline?institutionIds=${inst.alder},${inst.cedar}`,
        headers: { cookie: cookies.reader },
      });
      expect(res.statusCode).toBe(403);
    });

    it('refuses a signed-in user who may read no institution', async () => {
      const res = await ctx.app.inject({ url: '/api/reports/discipline', headers: { cookie: cookies.nobody } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('authorization matrix', () => {
    let call: MatrixCaller['call'];
    beforeAll(async () => {
      ({ call } = await createMatrixCaller(ctx));
    });
    const expected = READ_OWN_STATUS;
    it.each(REPORT_TYPES.flatMap((type) => ROLE_NAMES.map((role) => [type, role] as [ReportType, (typeof ROLE_NAMES)[number]])))(
      'GET /api/reports/%s as %s',
      async (type, role) => {
        expect((await call('GET', `/api/reports/${type}`, role)).statusCode).toBe(expected[role]);
      },
    );
    it.each(ROLE_NAMES)('GET /api/reports/{type}/download as %s', async (role) => {
      for (const format of ['csv', 'xlsx']) {
        expect((await call('GET', `/api/reports/tuition/download?format=${format}`, role)).statusCode).toBe(expected[role]);
      }
    });
  });

  describe('downloads', () => {
    const download = (who: keyof typeof cookies, query: string) =>
      ctx.app.inject({ url: `/api/reports/institution/download${query}`, headers: { cookie: cookies[who] } });

    it('sends CSV with a byte-order mark: the labels, the rows, then the total and province rows', async () => {
      const res = await download('reader', '?format=csv&fiscalYearFrom=2023/24');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="institution-from-2023-24.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines[0]).toBe(
        'Institution,Students enrolled,Students seeking a work term,Students placed,Placement %,Work terms,Employers,' +
          'New employers,International students placed,Indigenous students placed,Students with a disability placed,' +
          'Average hourly wage (weighted by placements),Flag',
      );
      // 2023/24 only: Alder is R2 + R3, Birch R4; the province adds Cedar's R5, which the reader may not read and
      // which is one institution: every province figure is written x, with the footnote under the table.
      // Wages: (990 + 2295) ÷ 135.
      expect(lines.slice(1, 5)).toEqual([
        // No returns in this data set: every figure rests on a return that is not approved (p).
        'Alder,160,80,55,68.8,55,33,12,6,1,2,22.00,p',
        'Birch,200,100,90,90,90,50,20,10,3,4,25.50,p',
        'Total (institutions shown),360,180,145,80.6,145,83,32,16,4,6,24.33,p',
        'Province (all institutions),x,x,x,x,x,x,x,x,x,x,x,p',
      ]);
      expect(lines[5]).toBe('');
      expect(lines[6]).toMatch(/^"x: Students enrolled, .* — not shown because fewer than 3 of the institutions/);
      expect(lines[7]).toMatch(/^"To see more of the province, widen the filters/);
      // Quoted: it holds a semicolon, where some spreadsheets split a field (files/table-files.ts, decision 017).
      expect(lines[8]).toBe(`"${REPORT_FLAG_LEGEND}"`);
    });

    it('sends an XLSX workbook with the same cells, numbers as numbers, and the parameters on a second sheet', async () => {
      const res = await download('admin', `?format=xlsx&institutionIds=${inst.cedar}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="institution-institution-${inst.cedar}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Report')!;
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1, 7);
      expect(values(1)).toEqual([
        'Institution',
        'Students enrolled',
        'Students seeking a work term',
        'Students placed',
        'Placement %',
        'Work terms',
      ]);
      // Placement % as the fraction a formula expects (1 = 100%, 0.827 = 82.7%), shown as a percentage.
      expect(values(2)).toEqual(['Cedar', 80, 30, 30, 1, 30]);
      expect(values(3)).toEqual(['Total (institutions shown)', 80, 30, 30, 1, 30]);
      expect(values(4)).toEqual(['Province (all institutions)', 540, 260, 215, 0.827, 215]);
      expect(sheet.getRow(4).getCell(5).numFmt).toBe('0.0%');
      expect(sheet.getRow(2).getCell(12).value).toBe(30);
      expect(sheet.getRow(2).getCell(12).numFmt).toBe('"$"#,##0.00');
      expect(sheet.getRow(4).getCell(1).font?.bold).toBe(true);
      expect(sheet.getRow(4).getCell(2).font?.bold).toBe(true);
      const about = workbook.getWorksheet('Parameters')!;
      expect(about.getRow(2).values).toEqual([undefined, 'institutionIds', String(inst.cedar)]);
    });

    it('names the file for the report and its parameters, in safe characters (issue 30)', async () => {
      const res = await ctx.app.inject({
        url: '/api/reports/placement/download?format=csv&fiscalYearFrom=2021/22&fiscalYearTo=2025/26&terms=Fall',
        headers: { cookie: cookies.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="placement-2021-22-to-2025-26-fall.csv"');
      const long = await ctx.app.inject({
        url: `/api/reports/fiscal/download?format=xlsx&disciplines=${encodeURIComponent(DISCIPLINES.join(','))}&approvedOnly=true`,
        headers: { cookie: cookies.admin },
      });
      expect(long.statusCode, long.body).toBe(200);
      const name = /^attachment; filename="(.*)"$/.exec(String(long.headers['content-disposition']))![1]!;
      expect(name).toMatch(/^fiscal-[a-z0-9-]+\.xlsx$/);
      expect(name.length).toBeLessThanOrEqual(REPORT_FILE_NAME_MAX + '.xlsx'.length);
    });

    it.each([
      ['?format=pdf', 'format'],
      ['', 'format'],
      ['?format=csv&terms=Winter', 'terms'],
      ['?format=csv&page=1', 'page'],
    ])('answers 400 naming the parameter for %s', async (query, field) => {
      const res = await download('admin', query);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
    });

    it('keeps to the same rights as the report', async () => {
      expect((await ctx.app.inject({ url: '/api/reports/institution/download?format=csv' })).statusCode).toBe(401);
      expect((await download('nobody', '?format=csv')).statusCode).toBe(403);
      expect((await download('reader', `?format=csv&institutionIds=${inst.cedar}`)).statusCode).toBe(403);
    });
  });

  it('describes the report route and its parameters in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths['/api/reports/{type}'].get as { parameters: { name: string; in: string }[] };
    expect(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'fiscalYearFrom',
      'fiscalYearTo',
      'terms',
      'institutionIds',
      'disciplines',
      'wilTypes',
      'credentials',
      'approvedOnly',
    ]);
  });
});
