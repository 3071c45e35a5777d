import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE, suppressionFootnotes } from '../../../shared/disclosure.ts';
import { LOCATION_FIELDS } from '../../../shared/record-rules.ts';
import { REPORT_FLAG_KEY, type Report } from '../../../shared/schemas/report.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { releaseEverything } from '../../test/release-factories.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/**
 * Disclosure control of the province row on hand-made data (docs/product.md §11.1): every expected figure below is worked
 * out by hand from the records, not by the code under test. The viewer reads institution O only; P, Q, R and S are
 * the others. Each fiscal year is its own scenario (a period is one fiscal year's Fall term), so the filters below pick
 * one scenario at a time. A record with `placed` n has seeking n + 5, enrolled 2n, work terms n (4-month), all in
 * Vancouver Island/Coast unless said otherwise, with the private sector.
 */
type Row = {
  inst: 'O' | 'P' | 'Q' | 'R' | 'S';
  discipline?: string;
  credential?: string;
  placed: number;
  nechako?: number;
  fee?: string;
};

const SCENARIOS: Record<string, Row[]> = {
  // Threshold: two other institutions.
  '2001/02': [
    { inst: 'O', placed: 10 },
    { inst: 'P', placed: 20 },
    { inst: 'Q', placed: 30 },
  ],
  // Dominance: P is 90 of the others' 100 placed (90 % > 85 %); seeking 95 of 115 (82.6 %) passes.
  '2002/03': [
    { inst: 'O', placed: 10 },
    { inst: 'P', placed: 90 },
    { inst: 'Q', placed: 5 },
    { inst: 'R', placed: 5 },
  ],
  // Safe: three others, the largest 30 of 60. P's placements split between the Island and Nechako.
  '2003/04': [
    { inst: 'O', placed: 10, fee: '500.00' },
    { inst: 'P', placed: 10, nechako: 5, fee: '700.00' },
    { inst: 'Q', placed: 20, fee: '650.00' },
    { inst: 'R', placed: 30, fee: '600.00' },
  ],
  // Four others: safe for O's reader; for a reader of O and P, Q + R + S = 90 with 40 the largest, still safe.
  '2004/05': [
    { inst: 'O', placed: 10 },
    { inst: 'P', placed: 10 },
    { inst: 'Q', placed: 20 },
    { inst: 'R', placed: 30 },
    { inst: 'S', placed: 40 },
  ],
  // The remainder fails: Business is safe on its own, but Health (S alone) and Engineering (P alone) pool to two
  // institutions, so the whole period is one block. The whole period (P 20, Q 10, R 10, S 10) passes.
  '2005/06': [
    { inst: 'O', discipline: 'Business & Management', placed: 10 },
    { inst: 'P', discipline: 'Business & Management', placed: 10 },
    { inst: 'Q', discipline: 'Business & Management', placed: 10 },
    { inst: 'R', discipline: 'Business & Management', placed: 10 },
    { inst: 'S', discipline: 'Health', placed: 10 },
    { inst: 'P', discipline: 'Engineering & Applied Science', placed: 10 },
  ],
  // The remainder passes: Health (P), Engineering (Q) and Humanities (R) pool to three institutions of 10 each.
  '2006/07': [
    { inst: 'P', discipline: 'Business & Management', placed: 10 },
    { inst: 'Q', discipline: 'Business & Management', placed: 10 },
    { inst: 'R', discipline: 'Business & Management', placed: 10 },
    { inst: 'P', discipline: 'Health', placed: 10 },
    { inst: 'Q', discipline: 'Engineering & Applied Science', placed: 10 },
    { inst: 'R', discipline: 'Humanities', placed: 10 },
  ],
  // A discipline that is one block: Business Diploma is P's alone, which no remainder within Business can pool to
  // three; Business as a whole (P 10, Q 10, R 10, S 10) passes. Every cell is a bachelor's unless said.
  '2007/08': [
    { inst: 'P', discipline: 'Business & Management', credential: 'Diploma', placed: 10 },
    { inst: 'Q', discipline: 'Business & Management', placed: 10 },
    { inst: 'R', discipline: 'Business & Management', placed: 10 },
    { inst: 'S', discipline: 'Business & Management', placed: 10 },
    { inst: 'P', discipline: 'Health', placed: 10 },
    { inst: 'Q', discipline: 'Health', placed: 10 },
    { inst: 'R', discipline: 'Health', placed: 10 },
  ],
  // The pool fails alone (Other is P's alone), so the smallest other discipline, Humanities (Q, R, S 5 each), joins
  // it: P 10, Q 5, R 5, S 5 passes. Business stays its own.
  '2008/09': [
    { inst: 'P', discipline: 'Other', placed: 10 },
    { inst: 'Q', discipline: 'Humanities', placed: 5 },
    { inst: 'R', discipline: 'Humanities', placed: 5 },
    { inst: 'S', discipline: 'Humanities', placed: 5 },
    { inst: 'P', discipline: 'Business & Management', placed: 20 },
    { inst: 'Q', discipline: 'Business & Management', placed: 20 },
    { inst: 'R', discipline: 'Business & Management', placed: 20 },
  ],
};

function columnsOf(row: Row) {
  const n = row.placed;
  const nechako = row.nechako ?? 0;
  const zeroLocations = Object.fromEntries(
    LOCATION_FIELDS.map((f) => [f.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), 0]),
  );
  return {
    ...zeroLocations,
    studentsEnrolled: 2 * n,
    studentsSeeking: n + 5,
    studentsPlaced: n,
    wt4Month: n,
    wt8Month: 0,
    wt12MonthPlus: 0,
    wtVancouverIslandCoast: n - nechako,
    wtNechako: nechako,
    wtPrivate: n,
    wtPublic: 0,
    wtNonprofit: 0,
    employersTotal: n,
    employersNew: 0,
    intlStudents: 0,
    indigenousStudents: 0,
    studentsWithDisability: 0,
    avgHourlyWage: '20.00',
    coopFeeDomestic: row.fee ?? null,
    coopFeeInternational: null,
  };
}

describe('disclosure control of the province row', () => {
  let ctx: TestContext;
  const inst: Record<Row['inst'], number> = { O: 0, P: 0, Q: 0, R: 0, S: 0 };
  const cookies: Record<'viewer' | 'twoReader' | 'threeReader' | 'globalReader', string> = {
    viewer: '',
    twoReader: '',
    threeReader: '',
    globalReader: '',
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of Object.keys(inst) as Row['inst'][]) {
      inst[name] = await createInstitution(ctx.db, { shortName: `Inst ${name}`, nameCode: `INST${name}` });
    }
    const programs = new Map<string, number>();
    for (const [fiscalYear, rows] of Object.entries(SCENARIOS)) {
      for (const row of rows) {
        const discipline = row.discipline ?? 'Business & Management';
        const credential = row.credential ?? "Bachelor's Degree";
        const key = `${row.inst}/${discipline}/${credential}`;
        if (!programs.has(key)) programs.set(key, await createProgram(ctx.db, inst[row.inst], { discipline, credential }));
        await insertRecord(ctx.db, {
          institutionId: inst[row.inst],
          programId: programs.get(key)!,
          fiscalYear,
          term: 'Fall',
          ...columnsOf(row),
        });
      }
    }
    // A draft of a fifth institution in the threshold scenario: drafts never count, so it never makes a third.
    const draftProgram = await createProgram(ctx.db, inst.S);
    await insertRecord(ctx.db, {
      institutionId: inst.S,
      programId: draftProgram,
      fiscalYear: '2001/02',
      term: 'Fall',
      status: 'draft',
      ...columnsOf({ inst: 'S', placed: 40 }),
    });
    const user = async (privileges: Parameters<typeof createUser>[1]) => ctx.cookieFor(await createUser(ctx.db, privileges));
    cookies.viewer = await user({ privileges: { write: [inst.O] } });
    cookies.twoReader = await user({ privileges: { read: [inst.O, inst.P] } });
    cookies.threeReader = await user({ privileges: { read: [inst.O, inst.P, inst.Q] } });
    cookies.globalReader = await user({ privileges: { glblRead: true } });
    await releaseEverything(ctx.db);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function report(type: string, query: string, who: keyof typeof cookies = 'viewer'): Promise<Report> {
    const res = await ctx.app.inject({ url: `/api/reports/${type}?${query}`, headers: { cookie: cookies[who] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Report;
  }
  const year = (fy: string) => `fiscalYearFrom=${fy}&fiscalYearTo=${fy}`;
  const PARTICIPATION = ['students_enrolled', 'students_seeking', 'students_placed', 'placement_pct', 'work_terms'];
  const pick = (r: Report) => PARTICIPATION.map((key) => r.province[key]);

  it('threshold: fewer than three other institutions hide every figure (a draft never makes up the number)', async () => {
    const r = await report('discipline', year('2001/02'));
    expect(pick(r)).toEqual([null, null, null, null, null]);
    expect(r.suppressed).toEqual(Object.fromEntries(PARTICIPATION.map((k) => [k, 'threshold'])));
  });

  it('dominance: one institution above 85% of the others hides the figure and the rate resting on it', async () => {
    const r = await report('discipline', year('2002/03'));
    // Seeking: O 15 + P 95 + Q 10 + R 10 = 130, shown; placed, enrolled, work terms and placement % hidden.
    expect(pick(r)).toEqual([null, 130, null, null, null]);
    expect(r.suppressed).toEqual({
      students_enrolled: 'dominance',
      students_placed: 'dominance',
      placement_pct: 'dominance',
      work_terms: 'dominance',
    });
  });

  it('shows exact figures when three or more others contribute and none dominates', async () => {
    const r = await report('discipline', year('2003/04'));
    // Placed 10 + 10 + 20 + 30 = 70; seeking 15 + 15 + 25 + 35 = 90; 70 ÷ 90 = 77.8 %.
    expect(pick(r)).toEqual([140, 90, 70, 77.8, 70]);
    expect(r.suppressed).toEqual({});
  });

  it('a global reader sees every figure exactly, hidden ones included', async () => {
    expect(pick(await report('discipline', year('2001/02'), 'globalReader'))).toEqual([120, 75, 60, 80, 60]);
    const r = await report('discipline', year('2002/03'), 'globalReader');
    expect(pick(r)).toEqual([220, 130, 110, 84.6, 110]);
    expect(r.suppressed).toEqual({});
  });

  it('judges what the viewer may not read: a reader of two or three institutions', async () => {
    // O and P readable: Q 20 + R 30 + S 40 = 90, largest 44 %: shown.
    expect(pick(await report('discipline', year('2004/05'), 'twoReader'))).toEqual([220, 135, 110, 81.5, 110]);
    // O, P and Q readable: only R and S remain, under the threshold.
    const r = await report('discipline', year('2004/05'), 'threeReader');
    expect(pick(r)).toEqual([null, null, null, null, null]);
    expect(r.suppressed.students_placed).toBe('threshold');
  });

  it('differencing: a narrow question that, taken from the whole, would leave a failing remainder is hidden', async () => {
    // The whole period: P 20, Q 10, R 10, S 10 placed among the others: shown (O adds 10).
    expect((await report('discipline', year('2005/06'))).province.students_placed).toBe(60);
    // Business alone would pass (P, Q, R 10 each), but the whole minus Business is S's Health and P's Engineering.
    const business = await report('discipline', `${year('2005/06')}&disciplines=Business %26 Management`);
    expect(business.province.students_placed).toBeNull();
    // Hidden as part of a block (Business pooled with the failing rest), not for its own number of institutions.
    expect(business.suppressed.students_placed).toBe('partial');
    expect((await report('discipline', `${year('2005/06')}&disciplines=Health`)).province.students_placed).toBeNull();
  });

  it('a remainder that passes is its own block: shown whole, hidden in part', async () => {
    const ask = async (disciplines: string) =>
      (await report('discipline', `${year('2006/07')}&disciplines=${encodeURIComponent(disciplines)}`)).province.students_placed;
    expect(await ask('Business & Management')).toBe(30);
    expect(await ask('Health,Engineering & Applied Science,Humanities')).toBe(30);
    expect(await ask('Health')).toBeNull();
    expect(await ask('Business & Management,Health')).toBeNull();
    expect((await report('discipline', year('2006/07'))).province.students_placed).toBe(60);
  });

  it('a discipline whose failing cells cannot pool is one block: shown whole, hidden when a filter cuts into it', async () => {
    const ask = async (filters: string) => (await report('discipline', `${year('2007/08')}&${filters}`)).province.students_placed;
    expect(await ask(`disciplines=${encodeURIComponent('Business & Management')}`)).toBe(40);
    expect(await ask('disciplines=Health')).toBe(30);
    expect(await ask('credentials=Diploma')).toBeNull();
    expect(await ask(`credentials=${encodeURIComponent("Bachelor's Degree")}`)).toBeNull();
    // The footnote says why: part of a block, whatever the number of institutions in that part (not "fewer than 3").
    const diploma = await report('discipline', `${year('2007/08')}&credentials=Diploma`);
    expect(diploma.suppressed.students_placed).toBe('partial');
    expect(suppressionFootnotes(diploma.suppressed, { students_placed: 'Students placed' }, DEFAULT_DISCLOSURE_RULE)[0]).toMatch(
      /Students placed.* — not shown because it is only part of a group of programs/,
    );
    expect((await report('discipline', year('2007/08'))).province.students_placed).toBe(70);
  });

  it('a failing pool takes in the smallest other discipline rather than hiding every discipline of the period', async () => {
    const ask = async (disciplines: string) =>
      (await report('discipline', `${year('2008/09')}&disciplines=${encodeURIComponent(disciplines)}`)).province.students_placed;
    expect(await ask('Business & Management')).toBe(60);
    expect(await ask('Humanities')).toBeNull();
    expect(await ask('Other')).toBeNull();
    expect(await ask('Other,Humanities')).toBe(25);
  });

  it('linked splits: one hidden location hides every location beside it; totals stay', async () => {
    const r = await report('region', year('2003/04'));
    // Nechako: P's 5 alone (Q and R report 0 there: one institution with a figure). The Island (P 5, Q 20, R 30)
    // would pass but gives Nechako away from the work terms.
    expect(r.suppressed.wt_nechako).toBe('threshold');
    expect(r.suppressed.wt_vancouver_island_coast).toBe('linked');
    for (const field of LOCATION_FIELDS) expect(r.province[field]).toBeNull();
    expect(r.province.work_terms).toBe(70);
    expect(r.province.students_placed).toBe(70);
  });

  it('a lowest or highest fee is one record’s own: hidden when another institution’s record is in it; the median stays', async () => {
    const r = await report('tuition', year('2003/04'));
    expect(r.suppressed).toMatchObject({ coop_fee_domestic_min: 'dominance', coop_fee_domestic_max: 'dominance' });
    expect(r.province.coop_fee_domestic_min).toBeNull();
    // Fees 500, 700, 650, 600: median 625.
    expect(r.province.coop_fee_domestic_median).toBe('625.00');
    expect(r.province.programs).toBe(4);
  });

  it('the downloads write x where the page has null, and say why under the table', async () => {
    const res = await ctx.app.inject({
      url: `/api/reports/discipline/download?format=csv&${year('2002/03')}`,
      headers: { cookie: cookies.viewer },
    });
    const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toContain('Province (all institutions),x,130,x,x,x,p'); // p: no returns in this data set
    expect(lines.some((line) => line.includes('accounts for more than 85%'))).toBe(true);
  });

  it('the others’ part changes only at a release, and a change of one institution alone is held back (decision 024)', async () => {
    // Its own period: O, P, Q and R place 10 each in Business.
    const fy = '2010/11';
    const of: Partial<Record<Row['inst'], { program: number; record: number }>> = {};
    for (const name of ['O', 'P', 'Q', 'R'] as const) {
      const program = await createProgram(ctx.db, inst[name], { discipline: 'Business & Management' });
      const record = await insertRecord(ctx.db, {
        institutionId: inst[name],
        programId: program,
        fiscalYear: fy,
        term: 'Fall',
        ...columnsOf({ inst: name, placed: 10 }),
      });
      of[name] = { program, record };
    }
    const business = `&disciplines=${encodeURIComponent('Business & Management')}`;
    const ask = (more = '') => report('discipline', `${year(fy)}${more}`);
    const placed = async (more = '') => (await ask(more)).province.students_placed;
    // Never released: not yet released, not hidden by the rule.
    expect((await ask()).suppressed.students_placed).toBe('unreleased');
    await releaseEverything(ctx.db);
    expect(await placed()).toBe(40);
    expect(await placed(business)).toBe(40);

    // Another institution's record changes, a program moves, a return is reopened: nothing moves until a release.
    await ctx.db.execute(sql`UPDATE records SET students_placed = 200 WHERE id = ${of.R!.record}`);
    await ctx.db.execute(sql`UPDATE programs SET discipline = 'Health' WHERE id = ${of.Q!.program}`);
    expect(await placed(business)).toBe(40);
    const [period] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
        VALUES (${fy}, 'Fall', '2010-09-01', '2011-01-31') RETURNING id`,
    );
    for (const name of ['O', 'P', 'Q', 'R'] as const)
      await ctx.db.execute(
        sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
          VALUES (${period!.id}, ${inst[name]}, ${name === 'R' ? 'reopened' : 'approved'}, now())`,
      );
    expect(await placed('&approvedOnly=true')).toBe(40);
    expect(await placed()).toBe(40);

    // Released again: R's change and Q's move are one institution's each, so the blocks they touch keep their values.
    await ctx.db.execute(sql`UPDATE programs SET discipline = 'Business & Management' WHERE id = ${of.Q!.program}`);
    await releaseEverything(ctx.db);
    const held = await ask();
    expect(held.province.students_placed).toBe(40);
    expect(held.release?.held_back).toContain('students_placed');
    // A global reader sees the live figure.
    expect((await report('discipline', year(fy), 'globalReader')).province.students_placed).toBe(230);
  });

  it('a period whose final release brings two late institutions keeps its provisional figures, marked p, programs and fees too (decision 047)', async () => {
    // Its own period: P, Q and R are in the provisional release; S and T (another of O's kind) come in late.
    const fy = '2011/12';
    const [period] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
        VALUES (${fy}, 'Fall', '2011-09-01', '2012-01-31') RETURNING id`,
    );
    const late = await createInstitution(ctx.db, { shortName: 'T-late', nameCode: 'TLATE' });
    const institutions = { P: inst.P, Q: inst.Q, R: inst.R, S: inst.S, T: late };
    for (const [name, id] of Object.entries(institutions))
      await ctx.db.execute(
        sql`INSERT INTO term_returns (period_id, institution_id, state, first_approved_at)
          VALUES (${period!.id}, ${id}, ${name === 'S' || name === 'T' ? 'open' : 'approved'}, now())`,
      );
    const add = async (institutionId: number, fee: string) =>
      insertRecord(ctx.db, {
        institutionId,
        programId: await createProgram(ctx.db, institutionId, { discipline: 'Health' }),
        fiscalYear: fy,
        term: 'Fall',
        ...columnsOf({ inst: 'P', placed: 10 }),
        coopFeeDomestic: fee,
      });
    for (const id of [inst.P, inst.Q, inst.R]) await add(id, '500.00');
    await releaseEverything(ctx.db);
    const provisional = await report('tuition', year(fy));
    expect([
      provisional.province.programs,
      provisional.province.coop_fee_domestic_median,
      provisional.province[REPORT_FLAG_KEY],
    ]).toEqual([3, '500.00', 'p']);

    // The two late ones come in with higher fees and every return is approved: a final release.
    for (const id of [inst.S, late]) await add(id, '900.00');
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'approved' WHERE period_id = ${period!.id}`);
    await releaseEverything(ctx.db);
    const [final] = await queryRows<{ final: boolean }>(
      ctx.db,
      sql`SELECT final FROM release_periods WHERE fiscal_year = ${fy} ORDER BY release_id DESC LIMIT 1`,
    );
    expect(final!.final).toBe(true);
    // Two institutions' change is held back, whole: the count of programs and the median with the sums, still marked p.
    const held = await report('tuition', year(fy));
    expect([held.province.programs, held.province.coop_fee_domestic_median, held.province[REPORT_FLAG_KEY]]).toEqual([
      3,
      '500.00',
      'p',
    ]);
    expect(held.release?.held_back).toEqual(expect.arrayContaining(['programs', 'coop_fee_domestic_median']));
    expect(held.release?.releases.map((r) => r.number)).toEqual([provisional.release!.releases[0]!.number]);
    expect((await report('discipline', year(fy))).province[REPORT_FLAG_KEY]).toBe('p');
    // Someone who reads every institution sees the live figures.
    expect((await report('tuition', year(fy), 'globalReader')).province.programs).toBe(5);
  });

  it('a draft of another institution changes no answer: a period holding only drafts is not a period awaiting release', async () => {
    const fy = '2012/13';
    const before = await report('discipline', year(fy));
    const program = await createProgram(ctx.db, inst.P, { discipline: 'Health' });
    const record = await insertRecord(ctx.db, {
      institutionId: inst.P,
      programId: program,
      fiscalYear: fy,
      term: 'Fall',
      status: 'draft',
      ...columnsOf({ inst: 'P', placed: 10 }),
    });
    expect(await report('discipline', year(fy))).toEqual(before);
    // Submitted, it is a figure awaiting a release: not yet released, whoever asks about the period.
    await ctx.db.execute(sql`UPDATE records SET status = 'submitted' WHERE id = ${record}`);
    expect((await report('discipline', year(fy))).suppressed.students_placed).toBe('unreleased');
  });
});
