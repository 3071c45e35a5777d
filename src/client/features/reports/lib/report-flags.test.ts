import { describe, expect, it } from 'vitest';
import { reportFlagsPresent, rowFlag } from './report-flags.ts';

describe('report row marks', () => {
  it('reads p and r, and nothing else, from a row', () => {
    expect(rowFlag({ a: 1, _flag: 'p' })).toBe('p');
    expect(rowFlag({ a: 1, _flag: 'r' })).toBe('r');
    expect(rowFlag({ a: 1, _flag: null })).toBeNull();
    expect(rowFlag({ a: 1 })).toBeNull();
    expect(rowFlag({ a: 1, _flag: 'x' })).toBeNull();
  });

  it('names in the legend only the marks present, rows, totals and province alike, p first', () => {
    const none = { rows: [{ _flag: null }], totals: { _flag: null }, province: { _flag: null } };
    expect(reportFlagsPresent(none)).toEqual([]);
    expect(reportFlagsPresent({ ...none, province: { _flag: 'r' } })).toEqual(['r']);
    expect(reportFlagsPresent({ ...none, rows: [{ _flag: 'r' }, { _flag: 'p' }] })).toEqual(['p', 'r']);
    expect(reportFlagsPresent({ ...none, totals: { _flag: 'p' } })).toEqual(['p']);
  });
});
