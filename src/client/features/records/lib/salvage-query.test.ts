import { describe, expect, it } from 'vitest';
import { salvageRecordQuery } from './salvage-query.ts';

const salvage = (qs: string) => salvageRecordQuery(new URLSearchParams(qs));

describe('salvaging a URL’s search for the form', () => {
  it('keeps a valid view as it is', () => {
    expect(salvage('terms=Fall&pageSize=25&sort=program')).toEqual({
      query: { criteria: { terms: ['Fall'] }, page: 1, pageSize: 25, sort: 'program:asc' },
      issues: [],
    });
  });

  it('keeps the good values and reports the bad ones', () => {
    const { query, issues } = salvage('terms=Fall&terms=Winter&institutionIds=4&placedMin=lots&sort=program:desc&colour=red');
    expect(query).toEqual({ criteria: { institutionIds: [4] }, page: 1, pageSize: 50, sort: 'program:desc' });
    expect(issues.map((i) => i.name)).toEqual(['terms', 'placedMin', null]);
  });

  it('keeps both ends of a backwards range, and says what is wrong with it', () => {
    const { query, issues } = salvage('fiscalYearFrom=2024/25&fiscalYearTo=2019/20');
    expect(query.criteria).toEqual({ fiscalYearFrom: '2024/25', fiscalYearTo: '2019/20' });
    expect(issues).toEqual([{ name: 'fiscalYearTo', message: expect.stringContaining('must not be before') }]);
  });

  it('reports a backwards range beside other problems', () => {
    const { issues } = salvage('fiscalYearFrom=2024/25&fiscalYearTo=2019/20&placedMin=x');
    expect(issues.map((i) => i.name)).toEqual(['placedMin', 'fiscalYearTo']);
  });
});
