import { describe, expect, it } from 'vitest';
import { fiscalYearChoices, fiscalYearOfDate, formatCount, formatUpdated } from './record-format.ts';

describe('record values for people', () => {
  it('writes counts with thousands separators and leaves missing counts missing', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBeNull();
    expect(formatCount(undefined)).toBeNull();
  });

  it('writes the update time as a date in B.C.', () => {
    // 06:30 UTC on the 23rd is still the 22nd in Vancouver.
    expect(formatUpdated('2026-11-23T06:30:00.000Z')).toMatch(/Nov\.? 22, 2026/);
    expect(formatUpdated('not a date')).toBe('not a date');
  });
});

describe('fiscal years', () => {
  it('start in April', () => {
    expect(fiscalYearOfDate(new Date('2026-03-31T12:00:00-07:00'))).toBe('2025/26');
    expect(fiscalYearOfDate(new Date('2026-04-01T00:30:00-07:00'))).toBe('2026/27');
    expect(fiscalYearOfDate(new Date('2026-04-01T05:00:00Z'))).toBe('2025/26');
    expect(fiscalYearOfDate(new Date('2099-12-01T12:00:00-08:00'))).toBe('2099/00');
  });

  it('offers the current year back to 2000/01, newest first, none that has not started, and keeps a year a URL holds', () => {
    const years = fiscalYearChoices(new Date('2026-11-22T12:00:00-08:00'));
    expect(years[0]).toBe('2026/27');
    expect(years).not.toContain('2027/28');
    expect(years.at(-1)).toBe('2000/01');
    expect(years).toHaveLength(27);
    const kept = fiscalYearChoices(new Date('2026-11-22T12:00:00-08:00'), ['1995/96', undefined, '2024/25']);
    expect(kept.at(-1)).toBe('1995/96');
    expect(kept).toHaveLength(28);
  });
});
