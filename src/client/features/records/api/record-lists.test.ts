import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { findRecords } from './find-records.ts';
import { getRecords } from './get-records.ts';

const view: RecordQuery = {
  criteria: { institutionIds: [3, 7], terms: ['Fall'], fiscalYearFrom: '2022/23', placedMin: 0 },
  page: 2,
  pageSize: 25,
  sort: 'students_placed:desc',
};
const onePage = {
  items: [
    {
      id: 41,
      institution_id: 3,
      institution_short_name: 'UVic',
      program_id: 9,
      program_name: 'Nursing',
      fiscal_year: '2022/23',
      term: 'Fall',
      status: 'submitted',
      students_enrolled: 1200,
      students_seeking: 300,
      students_placed: 250,
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  total: 26,
  page: 2,
  pageSize: 25,
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(...responses: Response[]) {
  const fetch = vi.fn(async () => responses.shift() ?? answer(500, {}));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GET /api/records', () => {
  it('sends the view as a query string, lists as repeated names, and reads the page', async () => {
    const fetch = stubFetch(answer(200, onePage));
    await expect(getRecords(view)).resolves.toEqual(onePage);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    const sent = new URL(url, 'http://x');
    expect(sent.pathname).toBe('/api/records');
    expect(sent.searchParams.getAll('institutionIds')).toEqual(['3', '7']);
    expect(sent.searchParams.get('terms')).toBe('Fall');
    expect(sent.searchParams.get('fiscalYearFrom')).toBe('2022/23');
    expect(sent.searchParams.get('placedMin')).toBe('0');
    expect(sent.searchParams.get('page')).toBe('2');
    expect(sent.searchParams.get('pageSize')).toBe('25');
    expect(sent.searchParams.get('sort')).toBe('students_placed:desc');
    expect(sent.searchParams.has('programIds')).toBe(false);
  });

  it('says "Failed to fetch records" when it fails (after one retry), and "Unauthorized" on a 403', async () => {
    const fetch = stubFetch(answer(503, {}), answer(503, {}));
    await expect(getRecords(view)).rejects.toThrow('Failed to fetch records');
    expect(fetch).toHaveBeenCalledTimes(2);
    stubFetch(answer(403, { message: 'no' }));
    await expect(getRecords(view)).rejects.toThrow('Unauthorized');
    stubFetch(answer(200, { items: 'not a list' }));
    await expect(getRecords(view)).rejects.toThrow('Failed to fetch records');
  });
});

describe('POST /api/records/find', () => {
  it('sends the criteria, page, page size and sort as the JSON body', async () => {
    const fetch = stubFetch(answer(200, onePage));
    await expect(findRecords(view)).resolves.toEqual(onePage);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/records/find');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      institutionIds: [3, 7],
      terms: ['Fall'],
      fiscalYearFrom: '2022/23',
      placedMin: 0,
      page: 2,
      pageSize: 25,
      sort: 'students_placed:desc',
    });
  });

  it('says "Failed to find records" when it fails, without retrying a POST, and "Unauthorized" on a 403', async () => {
    const fetch = stubFetch(answer(503, {}), answer(200, onePage));
    await expect(findRecords(view)).rejects.toThrow('Failed to find records');
    expect(fetch).toHaveBeenCalledTimes(1);
    stubFetch(answer(403, {}));
    await expect(findRecords(view)).rejects.toThrow('Unauthorized');
  });
});
