import { describe, expect, it } from 'vitest';
import { summarizeCriteria } from './criteria-summary.ts';

const names = {
  institution: (id: number) => ({ 1: 'UVic', 2: 'SFU' })[id],
  program: (id: number) => ({ 10: 'UVic – Nursing' })[id],
};

describe('criteria in words', () => {
  it('says nothing for no criteria', () => {
    expect(summarizeCriteria({}, names)).toEqual([]);
  });

  it('lists each criterion in the form’s order, by name', () => {
    expect(
      summarizeCriteria(
        {
          placedMin: 1500,
          terms: ['Fall', 'Spring'],
          institutionIds: [1, 2, 7],
          programIds: [10, 11],
          fiscalYearFrom: '2020/21',
          fiscalYearTo: '2023/24',
          status: 'draft',
          programName: 'co-op',
          credentials: ['Diploma'],
        },
        names,
      ),
    ).toEqual([
      { label: 'Institutions', value: 'UVic, SFU, Institution 7' },
      { label: 'Programs', value: 'UVic – Nursing, Program 11' },
      { label: 'Fiscal years', value: '2020/21 to 2023/24' },
      { label: 'Terms', value: 'Fall, Spring' },
      { label: 'Credentials', value: 'Diploma' },
      { label: 'Status', value: 'Draft' },
      { label: 'Program name contains', value: '“co-op”' },
      { label: 'Students placed', value: 'at least 1,500' },
    ]);
  });

  it('words open and single-year ranges', () => {
    const line = (c: Parameters<typeof summarizeCriteria>[0]) => summarizeCriteria(c, names)[0]?.value;
    expect(line({ fiscalYearFrom: '2021/22' })).toBe('2021/22 and later');
    expect(line({ fiscalYearTo: '2021/22' })).toBe('2021/22 and earlier');
    expect(line({ fiscalYearFrom: '2021/22', fiscalYearTo: '2021/22' })).toBe('2021/22');
    expect(line({ placedMax: 0 })).toBe('at most 0');
    expect(line({ placedMin: 2, placedMax: 2 })).toBe('2');
    expect(line({ placedMin: 2, placedMax: 30 })).toBe('2 to 30');
  });
});
