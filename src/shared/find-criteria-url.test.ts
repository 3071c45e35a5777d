import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, DISCIPLINES, RECORD_STATUSES, TERMS, WIL_TYPES } from './constants.ts';
import {
  checkCriteria,
  hasCriteria,
  readRecordQuery,
  recordQueryToFindBody,
  recordQueryToSearch,
  type RecordCriteria,
  type RecordQuery,
} from './find-criteria-url.ts';
import { FindCriteriaSchema } from './schemas/find-criteria.ts';

const read = (qs: string) => readRecordQuery(new URLSearchParams(qs));

describe('reading a view from the URL', () => {
  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual({ ok: true, query: { criteria: {}, page: 1, pageSize: 50, sort: 'fiscal_year:desc,term:asc' } });
  });

  it('reads every criterion, lists repeated or comma-separated', () => {
    const result = read(
      'institutionIds=3&institutionIds=7&programIds=12,14&fiscalYearFrom=2020/21&fiscalYearTo=2023/24' +
        '&terms=Fall,Spring&disciplines=Health&wilTypes=Internship&credentials=Diploma&status=submitted' +
        '&programName=%20nursing%20&placedMin=5&placedMax=40&page=3&pageSize=25&sort=program',
    );
    expect(result).toEqual({
      ok: true,
      query: {
        criteria: {
          institutionIds: [3, 7],
          programIds: [12, 14],
          fiscalYearFrom: '2020/21',
          fiscalYearTo: '2023/24',
          terms: ['Fall', 'Spring'],
          disciplines: ['Health'],
          wilTypes: ['Internship'],
          credentials: ['Diploma'],
          status: 'submitted',
          programName: 'nursing',
          placedMin: 5,
          placedMax: 40,
        },
        page: 3,
        pageSize: 25,
        sort: 'program:asc',
      },
    });
  });

  it('leaves blank values out', () => {
    expect(read('programName=&terms=&institutionIds=')).toEqual({
      ok: true,
      query: { criteria: {}, page: 1, pageSize: 50, sort: 'fiscal_year:desc,term:asc' },
    });
  });

  it('names what is wrong, with the API’s words', () => {
    const result = read('terms=Winter&fiscalYearFrom=2024&placedMin=-1');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.name).sort()).toEqual(['fiscalYearFrom', 'placedMin', 'terms']);
    expect(result.issues.find((i) => i.name === 'terms')?.message).toContain('"Winter" is not one');
    expect(result.issues.find((i) => i.name === 'fiscalYearFrom')?.message).toContain('written like 2024/25');
  });

  it('refuses a range that runs backwards, on the upper end', () => {
    const result = read('fiscalYearFrom=2023/24&fiscalYearTo=2020/21');
    expect(result).toEqual({
      ok: false,
      issues: [{ name: 'fiscalYearTo', message: 'fiscalYearTo (2020/21) must not be before fiscalYearFrom (2023/24)' }],
    });
    expect(read('placedMin=9&placedMax=3').ok).toBe(false);
  });

  it('reports a backwards range beside the values at fault', () => {
    const result = read('fiscalYearFrom=2023/24&fiscalYearTo=2020/21&terms=Winter&colour=red');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.name)).toEqual(['terms', null, 'fiscalYearTo']);
  });

  it('refuses names a search does not use, a bad sort and a page size over the limit', () => {
    const unknown = read('colour=red');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.issues[0]).toEqual({ name: null, message: expect.stringContaining('colour') });
    expect(read('sort=shoe_size').ok).toBe(false);
    expect(read('pageSize=501').ok).toBe(false);
    expect(read('page=0').ok).toBe(false);
    expect(read('status=draft&status=submitted').ok).toBe(false);
  });
});

describe('writing a view into the URL', () => {
  it('writes criteria in a fixed order, lists as repeated names, and leaves the defaults out', () => {
    const search = recordQueryToSearch({
      criteria: { terms: ['Fall', 'Spring'], institutionIds: [4], programName: 'co-op & more', placedMax: 0 },
      page: 1,
      pageSize: 50,
      sort: 'fiscal_year:desc,term:asc',
    });
    expect(search.toString()).toBe('institutionIds=4&terms=Fall&terms=Spring&programName=co-op+%26+more&placedMax=0');
  });

  it('writes page, page size and sort when they are not the defaults', () => {
    expect(recordQueryToSearch({ criteria: {}, page: 2, pageSize: 100, sort: 'students_placed:desc' }).toString()).toBe(
      'page=2&pageSize=100&sort=students_placed%3Adesc',
    );
  });

  it('leaves empty lists and blank text out', () => {
    expect(recordQueryToSearch({ criteria: { terms: [], programName: '' } }).toString()).toBe('');
  });
});

const criteriaArb: fc.Arbitrary<RecordCriteria> = fc
  .record(
    {
      institutionIds: fc.uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { minLength: 1, maxLength: 4 }),
      programIds: fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 4 }),
      years: fc.tuple(fc.integer({ min: 1990, max: 2098 }), fc.integer({ min: 0, max: 10 })),
      terms: fc.subarray([...TERMS], { minLength: 1 }),
      disciplines: fc.subarray([...DISCIPLINES], { minLength: 1 }),
      wilTypes: fc.subarray([...WIL_TYPES], { minLength: 1 }),
      credentials: fc.subarray([...CREDENTIALS], { minLength: 1 }),
      status: fc.constantFrom(...RECORD_STATUSES),
      programName: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== '' && !s.includes(',')),
      placed: fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 })),
    },
    { requiredKeys: [] },
  )
  .map(({ years, placed, ...rest }) => {
    const criteria: RecordCriteria = { ...rest };
    if (years) {
      const fy = (y: number) => `${y}/${String((y + 1) % 100).padStart(2, '0')}`;
      criteria.fiscalYearFrom = fy(years[0]);
      criteria.fiscalYearTo = fy(Math.min(2098, years[0] + years[1]));
    }
    if (placed) {
      criteria.placedMin = Math.min(...placed);
      criteria.placedMax = Math.max(...placed);
    }
    return criteria;
  });

describe('round trip', () => {
  it('reads back exactly the view it wrote, for any valid criteria', () => {
    fc.assert(
      fc.property(
        criteriaArb,
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom(25, 50, 100, 500),
        fc.constantFrom('term:desc', 'institution:asc', 'students_placed:desc,program:asc'),
        (criteria, page, pageSize, sort) => {
          const query: RecordQuery = { criteria, page, pageSize, sort };
          const back = readRecordQuery(new URLSearchParams(recordQueryToSearch(query).toString()));
          expect(back).toEqual({ ok: true, query });
        },
      ),
    );
  });

  it('turns a view into a find body the API’s find schema accepts, with the same criteria', () => {
    fc.assert(
      fc.property(criteriaArb, (criteria) => {
        const body = recordQueryToFindBody({ criteria, page: 2, pageSize: 25, sort: 'program:asc' });
        const parsed = FindCriteriaSchema.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(body).toEqual({ ...criteria, page: 2, pageSize: 25, sort: 'program:asc' });
      }),
    );
  });
});

describe('criteria checks', () => {
  it('knows an empty search from a real one', () => {
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ terms: [] })).toBe(false);
    expect(hasCriteria({ placedMin: 0 })).toBe(true);
  });

  it('checks criteria with the find body’s rules', () => {
    expect(checkCriteria({ fiscalYearFrom: '2020/21', fiscalYearTo: '2021/22' })).toEqual([]);
    expect(checkCriteria({ fiscalYearFrom: '2022/23', fiscalYearTo: '2021/22' })).toEqual([
      { name: 'fiscalYearTo', message: 'fiscalYearTo (2021/22) must not be before fiscalYearFrom (2022/23)' },
    ]);
    expect(checkCriteria({ placedMin: 4, placedMax: 2 }).map((i) => i.name)).toEqual(['placedMax']);
  });
});
