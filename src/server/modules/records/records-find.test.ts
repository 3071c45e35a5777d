import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS } from '../../../shared/constants.ts';
import type { FindCriteria } from '../../../shared/schemas/find-criteria.ts';
import { RECORD_SORT_KEYS, type RecordSortKey } from '../../../shared/schemas/record-sort.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/** What the tests know of each seeded record, to compute the expected answer of every list and search. */
interface Seeded {
  id: number;
  institutionId: number;
  institution: string;
  programId: number;
  program: string;
  discipline: string;
  wilType: string;
  credential: string;
  fiscal_year: string;
  term: (typeof TERMS)[number];
  status: 'draft' | 'submitted';
  students_enrolled: number | null;
  students_seeking: number | null;
  students_placed: number | null;
  updated_at: string;
}

const YEARS = ['2021/22', '2022/23', '2023/24'];

describe('records API: lists, paging, sorting and find', () => {
  let ctx: TestContext;
  const seeded: Seeded[] = [];
  const ids: Record<string, number> = {};
  let cookies: { admin: string; reader: string; nobody: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['Alder', 'Birch', 'Cedar'])
      ids[name] = await createInstitution(ctx.db, { shortName: name, nameCode: name });
    const programs = [
      ['Alder', 'Accounting Co-op', 'Business & Management', 'Diploma', 'Co-operative Education'],
      ['Alder', 'Biology Practicum', 'Physical & Life Sciences', "Bachelor's Degree", 'Field Placement'],
      ['Birch', 'Computing 100% Co-op', 'Computer & Information Science', "Bachelor's Degree", 'Co-operative Education'],
      ['Birch', 'Design Internship', 'Fine & Applied Arts', 'Certificate', 'Internship'],
      ['Cedar', 'Engineering Co-op', 'Engineering & Applied Science', "Master's Degree", 'Co-operative Education'],
    ] as const;
    let n = 0;
    for (const [institution, program, discipline, credential, wilType] of programs) {
      const programId = await createProgram(ctx.db, ids[institution]!, {
        name: program,
        discipline,
        credential,
        wilType,
        coopModel: wilType === 'Co-operative Education' ? 'Alternating' : null,
      });
      for (const fiscal_year of YEARS) {
        for (const term of TERMS) {
          n++;
          // Varied figures, one record with nothing placed yet, every fourth a draft, distinct update times.
          const placed = n === 5 ? null : (n * 7) % 20;
          const row: Omit<Seeded, 'id'> = {
            institutionId: ids[institution]!,
            institution,
            programId,
            program,
            discipline,
            wilType,
            credential,
            fiscal_year,
            term,
            status: n % 4 === 0 || placed === null ? 'draft' : 'submitted',
            students_placed: placed,
            students_seeking: placed === null ? null : placed + (n % 5),
            students_enrolled: placed === null ? 30 : placed + (n % 5) + ((n * 3) % 11),
            updated_at: new Date(Date.UTC(2024, 0, 1) + ((n * 37) % 45) * 60_000).toISOString(),
          };
          const id = await insertRecord(ctx.db, {
            institutionId: row.institutionId,
            programId,
            fiscalYear: fiscal_year,
            term,
            status: row.status,
            studentsPlaced: row.students_placed,
            studentsSeeking: row.students_seeking,
            studentsEnrolled: row.students_enrolled,
            updatedAt: new Date(row.updated_at),
          });
          seeded.push({ id, ...row });
        }
      }
    }
    cookies = {
      admin: await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } })),
      reader: await ctx.cookieFor(await createUser(ctx.db, { privileges: { read: [ids.Alder!], write: [ids.Birch!] } })),
      nobody: await ctx.cookieFor(await createUser(ctx.db)),
    };
  });
  afterAll(() => ctx.close());

  const get = (url: string, who: keyof typeof cookies = 'admin') =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
  const find = (criteria: object, who: keyof typeof cookies = 'admin') =>
    ctx.app.inject({ method: 'POST', url: '/api/records/find', payload: criteria, headers: { cookie: cookies[who] } });
  const idsOf = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((r) => r.id);

  // ---- The expected order, computed here the way the API documents it ----
  const termOrder = (t: string) => TERMS.indexOf(t as (typeof TERMS)[number]);
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const chronological = (a: Seeded, b: Seeded) => cmp(a.fiscal_year, b.fiscal_year) || cmp(termOrder(a.term), termOrder(b.term));
  const keyCompare: Record<Exclude<RecordSortKey, 'term'>, (a: Seeded, b: Seeded) => number> = {
    institution: (a, b) => cmp(a.institution.toLowerCase(), b.institution.toLowerCase()),
    program: (a, b) => cmp(a.program.toLowerCase(), b.program.toLowerCase()),
    fiscal_year: (a, b) => cmp(a.fiscal_year, b.fiscal_year),
    status: (a, b) => cmp(a.status, b.status),
    students_enrolled: (a, b) => cmp(a.students_enrolled!, b.students_enrolled!),
    students_seeking: (a, b) => cmp(a.students_seeking!, b.students_seeking!),
    students_placed: (a, b) => cmp(a.students_placed!, b.students_placed!),
    updated_at: (a, b) => cmp(a.updated_at, b.updated_at),
    id: (a, b) => cmp(a.id, b.id),
  };
  const tieBreak = (a: Seeded, b: Seeded) =>
    -chronological(a, b) || keyCompare.institution(a, b) || keyCompare.program(a, b) || cmp(a.id, b.id);
  function expectedOrder(rows: Seeded[], key: RecordSortKey, dir: 'asc' | 'desc'): number[] {
    const sign = dir === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        if (key === 'term') return sign * chronological(a, b) || tieBreak(a, b);
        const field = key as keyof Seeded;
        // NULLS LAST in both directions.
        if (a[field] === null || b[field] === null)
          return (a[field] === null ? 1 : 0) - (b[field] === null ? 1 : 0) || tieBreak(a, b);
        return sign * keyCompare[key](a, b) || tieBreak(a, b);
      })
      .map((r) => r.id);
  }

  /** The order without a sort: the latest fiscal year, its terms Summer, Fall, Spring, then institution and program. */
  const defaultOrder = (rows: Seeded[]) =>
    [...rows]
      .sort(
        (a, b) =>
          -cmp(a.fiscal_year, b.fiscal_year) ||
          cmp(termOrder(a.term), termOrder(b.term)) ||
          keyCompare.institution(a, b) ||
          keyCompare.program(a, b) ||
          cmp(a.id, b.id),
      )
      .map((r) => r.id);

  describe('lists', () => {
    it('lists every record for an app admin, latest fiscal year first and its terms in calendar order by default, as list items', async () => {
      const res = await get('/api/records?pageSize=500');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 45, page: 1, pageSize: 500 });
      expect(new Set(seeded.map((r) => r.fiscal_year)).size).toBeGreaterThan(1);
      expect(new Set(seeded.map((r) => r.term)).size).toBe(3);
      expect(idsOf(res)).toEqual(defaultOrder(seeded));
      expect(idsOf(await find({ pageSize: 500 }))).toEqual(defaultOrder(seeded));
      const first = seeded.find((r) => r.id === res.json().items[0].id)!;
      expect(res.json().items[0]).toEqual({
        id: first.id,
        institution_id: first.institutionId,
        institution_short_name: first.institution,
        program_id: first.programId,
        program_name: first.program,
        fiscal_year: first.fiscal_year,
        term: first.term,
        status: first.status,
        students_enrolled: first.students_enrolled,
        students_seeking: first.students_seeking,
        students_placed: first.students_placed,
        updated_at: first.updated_at,
      });
    });

    it('pages without gaps or repeats; a page past the end is empty but keeps the total', async () => {
      const all = idsOf(await get('/api/records?pageSize=500&sort=program'));
      const pages: number[] = [];
      for (let page = 1; page <= 7; page++) {
        const res = await get(`/api/records?page=${page}&pageSize=7&sort=program`);
        expect(res.json()).toMatchObject({ total: 45, page, pageSize: 7 });
        expect(res.json().items.length).toBe(page < 7 ? 7 : 3);
        pages.push(...idsOf(res));
      }
      expect(pages).toEqual(all);
      expect((await get('/api/records?page=8&pageSize=7')).json()).toEqual({ items: [], total: 45, page: 8, pageSize: 7 });
      expect((await get('/api/records')).json()).toMatchObject({ pageSize: 50, page: 1 });
    });

    it.each([
      ['pageSize', 'pageSize=501'],
      ['pageSize', 'pageSize=0'],
      ['pageSize', 'pageSize=ten'],
      ['page', 'page=0'],
      ['page', 'page=-1'],
      ['page', 'page=1&page=2'],
      ['sort', 'sort=colour'],
      ['sort', 'sort=fiscal_year:up'],
      ['sort', 'sort=fiscal_year:desc:asc'],
      ['colour', 'colour=blue'],
      ['terms', 'terms=Winter'],
      ['institutionIds', 'institutionIds=abc'],
      ['fiscalYearFrom', 'fiscalYearFrom=2024'],
      ['fiscalYearTo', 'fiscalYearFrom=2023/24&fiscalYearTo=2022/23'],
      ['placedMax', 'placedMin=5&placedMax=4'],
      ['status', 'status=final'],
    ])('answers 400 naming %s for ?%s', async (field, query) => {
      const res = await get(`/api/records?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
      expect(res.json().fieldErrors[field][0]).toMatch(field === 'colour' ? /colour/ : new RegExp(field));
    });

    it('tells a page too large the range a page may take', async () => {
      const res = await get('/api/records?page=99999999999');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ page: ['page must be a whole number from 1 to 1000000'] });
    });

    it.each(RECORD_SORT_KEYS.flatMap((key) => [`${key}:asc`, `${key}:desc`]))(
      'sorts by %s (GET and find agree)',
      async (sort) => {
        const [key, dir] = sort.split(':') as [RecordSortKey, 'asc' | 'desc'];
        const expected = expectedOrder(seeded, key, dir);
        expect(idsOf(await get(`/api/records?pageSize=500&sort=${sort}`))).toEqual(expected);
        expect(idsOf(await find({ pageSize: 500, sort }))).toEqual(expected);
      },
    );

    it('sorts by several keys, a key without direction ascending', async () => {
      const res = await get('/api/records?pageSize=500&sort=institution,students_placed:desc');
      const expected = [...seeded]
        .sort(
          (a, b) =>
            keyCompare.institution(a, b) ||
            (a.students_placed === null ? 1 : 0) - (b.students_placed === null ? 1 : 0) ||
            (a.students_placed !== null && b.students_placed !== null ? -cmp(a.students_placed, b.students_placed) : 0) ||
            tieBreak(a, b),
        )
        .map((r) => r.id);
      expect(idsOf(res)).toEqual(expected);
    });

    it('limits lists to institutions the user may read: nothing for a user without rights, no error', async () => {
      const readable = seeded.filter((r) => r.institution !== 'Cedar');
      const res = await get('/api/records?pageSize=500', 'reader');
      expect(res.json().total).toBe(readable.length);
      expect(idsOf(res)).toEqual(defaultOrder(readable));
      expect((await get(`/api/records?institutionIds=${ids.Cedar}`, 'reader')).json().total).toBe(0);
      expect((await find({ institutionIds: [ids.Cedar] }, 'reader')).json().total).toBe(0);
      expect((await get('/api/records', 'nobody')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
      expect((await find({}, 'nobody')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    });

    it('lists one institution at /api/records/inst/{id}, with the same paging, sorting and criteria', async () => {
      const birch = seeded.filter((r) => r.institution === 'Birch');
      const res = await get(`/api/records/inst/${ids.Birch}?pageSize=5&page=2&sort=updated_at:desc`, 'reader');
      expect(res.json()).toMatchObject({ total: birch.length, page: 2, pageSize: 5 });
      expect(idsOf(res)).toEqual(expectedOrder(birch, 'updated_at', 'desc').slice(5, 10));
      const fall = await get(`/api/records/inst/${ids.Birch}?terms=Fall&pageSize=500`, 'reader');
      expect(idsOf(fall).sort()).toEqual(
        birch
          .filter((r) => r.term === 'Fall')
          .map((r) => r.id)
          .sort(),
      );
      // Asking the institution's list for another institution's records finds none.
      expect((await get(`/api/records/inst/${ids.Birch}?institutionIds=${ids.Alder}`)).json().total).toBe(0);
      expect((await get(`/api/records/inst/${ids.Cedar}`, 'reader')).statusCode).toBe(403);
      expect((await get(`/api/records/inst/${ids.Cedar}`, 'nobody')).statusCode).toBe(403);
      expect((await get('/api/records/inst/999999')).statusCode).toBe(404);
      expect((await get('/api/records/inst/abc')).statusCode).toBe(400);
      expect((await get(`/api/records/inst/${ids.Alder}?pageSize=501`, 'reader')).statusCode).toBe(400);
    });
  });

  describe('find', () => {
    const byName = (name: string) => seeded.find((r) => r.program === name)!.programId;
    const cases: [string, () => FindCriteria, (r: Seeded) => boolean][] = [
      ['nothing: every record', () => ({}), () => true],
      ['one institution', () => ({ institutionIds: [ids.Alder!] }), (r) => r.institution === 'Alder'],
      ['two institutions (OR)', () => ({ institutionIds: [ids.Alder!, ids.Cedar!] }), (r) => r.institution !== 'Birch'],
      ['a program', () => ({ programIds: [byName('Design Internship')] }), (r) => r.program === 'Design Internship'],
      ['fiscal years from', () => ({ fiscalYearFrom: '2022/23' }), (r) => r.fiscal_year >= '2022/23'],
      ['fiscal years to', () => ({ fiscalYearTo: '2022/23' }), (r) => r.fiscal_year <= '2022/23'],
      [
        'a fiscal-year range (inclusive)',
        () => ({ fiscalYearFrom: '2022/23', fiscalYearTo: '2023/24' }),
        (r) => r.fiscal_year !== '2021/22',
      ],
      ['one fiscal year', () => ({ fiscalYearFrom: '2022/23', fiscalYearTo: '2022/23' }), (r) => r.fiscal_year === '2022/23'],
      ['a term', () => ({ terms: ['Fall'] }), (r) => r.term === 'Fall'],
      ['two terms', () => ({ terms: ['Summer', 'Spring'] }), (r) => r.term !== 'Fall'],
      ['a discipline nobody has', () => ({ disciplines: ['Health'] }), () => false],
      [
        'two disciplines',
        () => ({ disciplines: ['Business & Management', 'Fine & Applied Arts'] }),
        (r) => ['Business & Management', 'Fine & Applied Arts'].includes(r.discipline),
      ],
      ['a WIL type', () => ({ wilTypes: ['Internship'] }), (r) => r.wilType === 'Internship'],
      ['a credential', () => ({ credentials: ["Bachelor's Degree"] }), (r) => r.credential === "Bachelor's Degree"],
      ['drafts', () => ({ status: 'draft' }), (r) => r.status === 'draft'],
      ['submitted', () => ({ status: 'submitted' }), (r) => r.status === 'submitted'],
      ['program name, any case', () => ({ programName: 'CO-OP' }), (r) => r.program.toLowerCase().includes('co-op')],
      ['program name with % taken literally', () => ({ programName: '0%' }), (r) => r.program.includes('0%')],
      ['program name with _ taken literally', () => ({ programName: 'g_' }), () => false],
      ['placed at least', () => ({ placedMin: 10 }), (r) => r.students_placed !== null && r.students_placed >= 10],
      ['placed at most', () => ({ placedMax: 5 }), (r) => r.students_placed !== null && r.students_placed <= 5],
      [
        'placed within a range',
        () => ({ placedMin: 5, placedMax: 10 }),
        (r) => r.students_placed !== null && r.students_placed >= 5 && r.students_placed <= 10,
      ],
      [
        'several criteria (AND)',
        () => ({ institutionIds: [ids.Birch!], terms: ['Fall', 'Spring'], placedMin: 3, wilTypes: ['Co-operative Education'] }),
        (r) =>
          r.institution === 'Birch' &&
          r.term !== 'Summer' &&
          r.students_placed !== null &&
          r.students_placed >= 3 &&
          r.wilType === 'Co-operative Education',
      ],
    ];

    /** The same criteria as a query string: lists comma-separated, or repeated when `repeat`. */
    function toQuery(criteria: object, repeat: boolean): string {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(criteria)) {
        if (Array.isArray(value)) {
          if (repeat) for (const v of value) params.append(key, String(v));
          else params.set(key, value.join(','));
        } else params.set(key, String(value));
      }
      return params.toString();
    }

    it.each(cases)('finds by %s (POST body and GET query string agree)', async (_name, criteria, matches) => {
      const expected = defaultOrder(seeded.filter(matches));
      const res = await find({ ...criteria(), pageSize: 500 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().total).toBe(expected.length);
      expect(idsOf(res)).toEqual(expected);
      for (const repeat of [false, true]) {
        const viaGet = await get(`/api/records?${toQuery({ ...criteria(), pageSize: 500 }, repeat)}`);
        expect(viaGet.statusCode, viaGet.body).toBe(200);
        expect(idsOf(viaGet)).toEqual(expected);
      }
    });

    it('pages and sorts find results', async () => {
      const matching = seeded.filter((r) => r.term === 'Fall');
      const res = await find({ terms: ['Fall'], page: 2, pageSize: 4, sort: 'students_placed:desc' });
      expect(res.json()).toMatchObject({ total: matching.length, page: 2, pageSize: 4 });
      expect(idsOf(res)).toEqual(expectedOrder(matching, 'students_placed', 'desc').slice(4, 8));
    });

    it.each([
      ['institutionIds.0', { institutionIds: ['one'] }],
      ['institutionIds', { institutionIds: 5 }],
      ['programIds.0', { programIds: [0] }],
      ['fiscalYearFrom', { fiscalYearFrom: '2024/26' }],
      ['fiscalYearTo', { fiscalYearFrom: '2023/24', fiscalYearTo: '2021/22' }],
      ['terms.0', { terms: ['Winter'] }],
      ['disciplines.0', { disciplines: ['Astrology'] }],
      ['wilTypes.0', { wilTypes: ['Volunteering'] }],
      ['credentials.0', { credentials: ['PhD'] }],
      ['status', { status: 'final' }],
      ['programName', { programName: 'x'.repeat(201) }],
      ['placedMin', { placedMin: -1 }],
      ['placedMax', { placedMin: 5, placedMax: 2 }],
      ['page', { page: 0 }],
      ['pageSize', { pageSize: 501 }],
      ['sort', { sort: 'colour' }],
      ['keyword', { keyword: 'x' }],
    ])('answers 400 naming %s for bad criteria', async (field, criteria) => {
      const res = await find(criteria);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    });

    it('answers 401 signed out', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/records/find', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  it('describes the record routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/records',
      '/api/records/inst/{id}',
      '/api/records/{id}',
      '/api/records/{id}/history',
      '/api/records/find',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
