import { describe, expect, it } from 'vitest';
import { describeReportParams } from './report-describe.ts';

const names: Record<number, string> = { 3: 'UVic', 5: 'SFU' };
const describeSearch = (qs: string) =>
  Object.fromEntries(describeReportParams(new URLSearchParams(qs), (id) => names[id] ?? `#${id}`).map((d) => [d.label, d.value]));

describe('describeReportParams', () => {
  it('says "All" for every list left out', () => {
    expect(describeSearch('')).toEqual({
      'Fiscal years': 'All years',
      Terms: 'All',
      Institutions: 'All you may read',
      'Discipline groupings': 'All',
      'WIL types': 'All',
      Credentials: 'All',
    });
  });

  it('names what was chosen, institutions by short name', () => {
    expect(
      describeSearch(
        'fiscalYearFrom=2021/22&fiscalYearTo=2025/26&terms=Fall,Spring&institutionIds=3,5,9&disciplines=Health&credentials=Diploma,Certificate',
      ),
    ).toEqual({
      'Fiscal years': '2021/22 to 2025/26',
      Terms: 'Fall, Spring',
      Institutions: 'UVic, SFU, #9',
      'Discipline groupings': 'Health',
      'WIL types': 'All',
      Credentials: 'Certificate, Diploma',
    });
  });

  it('words open and single-year ranges', () => {
    expect(describeSearch('fiscalYearFrom=2021/22')['Fiscal years']).toBe('2021/22 onwards');
    expect(describeSearch('fiscalYearTo=2021/22')['Fiscal years']).toBe('Up to 2021/22');
    expect(describeSearch('fiscalYearFrom=2021/22&fiscalYearTo=2021/22')['Fiscal years']).toBe('2021/22');
  });
});
