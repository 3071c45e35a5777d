import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../../shared/record-rules.ts';
import { MEDIAN_FIELDS } from '../../../shared/schemas/record-medians.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, READ_OWN_STATUS, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

const url = (programId: number | string, fiscalYear = '2024/25', term = 'Fall') =>
  `/api/records/medians?programId=${programId}&fiscalYear=${encodeURIComponent(fiscalYear)}&term=${term}`;

describe('GET /api/records/medians: a program’s recent history for outlier warnings', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let own: number;
  let other: number;
  let ownProgram: number;
  let otherProgram: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const caller = await createMatrixCaller(ctx);
    call = caller.call;
    ({ own, other } = caller.matrix.institutions);
    ownProgram = await createProgram(ctx.db, own);
    otherProgram = await createProgram(ctx.db, other);
    await insertRecord(ctx.db, { institutionId: own, programId: ownProgram, fiscalYear: '2023/24', term: 'Fall' });
    await insertRecord(ctx.db, { institutionId: other, programId: otherProgram, fiscalYear: '2023/24', term: 'Fall' });
  });
  afterAll(() => ctx.close());

  describe('authorization matrix: read rights on the program’s institution', () => {
    const ownExpected: Record<RoleName, number> = READ_OWN_STATUS;
    const otherExpected: Record<RoleName, number> = { ...ownExpected, reader: 403, writer: 403, instAdmin: 403 };

    it.each(ROLE_NAMES)('own and other institution as %s', async (role) => {
      const ownRes = await call('GET', url(ownProgram), role);
      expect(ownRes.statusCode, ownRes.body).toBe(ownExpected[role]);
      if (ownRes.statusCode === 200) expect(ownRes.json().terms).toBe(1);
      const otherRes = await call('GET', url(otherProgram), role);
      expect(otherRes.statusCode, otherRes.body).toBe(otherExpected[role]);
      if (otherRes.statusCode !== 200) expect(otherRes.json().medians).toBeUndefined();
    });

    it('answers 401 before looking at the query when signed out', async () => {
      expect((await call('GET', '/api/records/medians?programId=x', 'signedOut')).statusCode).toBe(401);
    });
  });

  describe('bad queries: 400 with a clear message; unknown program: 404', () => {
    it.each([
      ['no programId', '/api/records/medians?fiscalYear=2024/25&term=Fall', 'programId'],
      ['a programId that is not a number', url('abc'), 'programId'],
      ['programId 0', url(0), 'programId'],
      ['a programId beyond the id range', url('99999999999'), 'programId'],
      ['no fiscal year', `/api/records/medians?programId=1&term=Fall`, 'fiscalYear'],
      ['a badly written fiscal year', url(1, '2024-25'), 'fiscalYear'],
      ['a fiscal year whose halves disagree', url(1, '2024/26'), 'fiscalYear'],
      ['no term', `/api/records/medians?programId=1&fiscalYear=2024%2F25`, 'term'],
      ['an unknown term', url(1, '2024/25', 'Winter'), 'term'],
      ['an unknown parameter', `${url(1)}&institutionId=3`, 'institutionId'],
    ])('refuses %s', async (_what, path, name) => {
      const res = await call('GET', path, 'appAdmin');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(name);
    });

    it('answers 404 for a program that does not exist', async () => {
      const res = await call('GET', url(2_000_000), 'appAdmin');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The program was not found.');
    });
  });

  describe('the medians', () => {
    let program: number;
    /** Adds a record of `program` with `placed` students placed and a wage; other figures stay the factory's. */
    const add = (fiscalYear: string, term: 'Summer' | 'Fall' | 'Spring', placed: number | null, wage: string | null) =>
      insertRecord(ctx.db, {
        institutionId: own,
        programId: program,
        fiscalYear,
        term,
        studentsPlaced: placed,
        avgHourlyWage: wage,
        status: placed === null ? 'draft' : 'submitted',
      });
    const medians = async (fiscalYear: string, term: string, role: RoleName = 'reader') => {
      const res = await call('GET', url(program, fiscalYear, term), role);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { terms: number; medians: Record<string, number | null> };
    };

    beforeAll(async () => {
      program = await createProgram(ctx.db, own);
      // Chronological: 2022/23 Summer, Fall, Spring; 2023/24 Summer, Fall, Spring; 2024/25 Summer, Fall.
      await add('2022/23', 'Summer', 1000, '99.00'); // the seventh back from 2024/25 Spring: never counted then
      await add('2022/23', 'Fall', 10, '20.00');
      await add('2022/23', 'Spring', 20, '21.00');
      await add('2023/24', 'Summer', 30, null);
      await add('2023/24', 'Fall', 40, '22.50');
      await add('2023/24', 'Spring', null, '23.00'); // a draft without placements
      await add('2024/25', 'Summer', 60, '30.00');
      await add('2024/25', 'Fall', 70, '31.00'); // the term asked about in some tests: never its own history
    });

    it('covers the six most recent records strictly before the term, in term order (Spring after Fall)', async () => {
      const result = await medians('2024/25', 'Spring');
      expect(result.terms).toBe(6);
      // 2022/23 Spring … 2024/25 Fall (eight came before; the two oldest drop out): placed 20, 30, 40, 60, 70
      // (the draft has none) → 40.
      expect(result.medians.students_placed).toBe(40);
      // Wages 21.00, 22.50, 23.00, 30.00, 31.00 (one record has none) → 23.00.
      expect(result.medians.avg_hourly_wage).toBe(23);
    });

    it('never counts the term itself or later terms', async () => {
      const result = await medians('2024/25', 'Fall');
      expect(result.terms).toBe(6);
      // 2022/23 Fall … 2024/25 Summer: placed 10, 20, 30, 40, 60 (the draft has none; Summer 2022 is seventh) → 30.
      expect(result.medians.students_placed).toBe(30);
      // Wages 20, 21, 22.50, 23, 30 (Summer 2023 has none) → 22.50.
      expect(result.medians.avg_hourly_wage).toBe(22.5);
    });

    it('uses fewer terms when the program has fewer, and an even count takes the middle two', async () => {
      const result = await medians('2023/24', 'Fall');
      expect(result.terms).toBe(4);
      // 1000, 10, 20, 30 → (20 + 30) / 2.
      expect(result.medians.students_placed).toBe(25);
      // Summer 2023 has no wage: 99, 20, 21 → 21.
      expect(result.medians.avg_hourly_wage).toBe(21);
    });

    it('answers no terms and null medians before the program’s first record', async () => {
      const result = await medians('2022/23', 'Summer');
      expect(result).toEqual({ terms: 0, medians: Object.fromEntries(MEDIAN_FIELDS.map((f) => [f, null])) });
    });

    it('gives every count and amount of money, as numbers on both databases', async () => {
      const result = await medians('2030/31', 'Fall', 'appAdmin');
      expect(Object.keys(result.medians).sort()).toEqual([...COUNT_FIELDS, ...MONEY_FIELDS].sort());
      for (const f of MEDIAN_FIELDS) expect(typeof result.medians[f]).toBe('number');
      // The factory's enrolled figure is 100 on every record.
      expect(result.medians.students_enrolled).toBe(100);
      expect(result.medians.coop_fee_domestic).toBe(750);
    });

    it('looks only at the program asked about', async () => {
      const lone = await createProgram(ctx.db, own);
      const res = await call('GET', url(lone, '2030/31', 'Fall'), 'writer');
      expect(res.json().terms).toBe(0);
    });
  });
});
