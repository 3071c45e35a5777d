import { describe, expect, it } from 'vitest';
import { presetRecordKeys } from './record-preset.ts';

const PROGRAMS = [
  { id: 12, institution_id: 3 },
  { id: 14, institution_id: 5 },
];

describe('presetRecordKeys', () => {
  it('chooses the program, its institution, the fiscal year and the term a return page links with', () => {
    const params = new URLSearchParams({ programId: '14', fiscalYear: '2025/26', term: 'Fall', institutionId: '3' });
    expect(presetRecordKeys(params, PROGRAMS)).toEqual({
      institution_id: '5',
      program_id: '14',
      fiscal_year: '2025/26',
      term: 'Fall',
    });
  });

  it('leaves out a program the user may not add to, a badly written fiscal year and an unknown term', () => {
    const params = new URLSearchParams({ programId: '99', fiscalYear: '2025/27', term: 'Winter' });
    expect(presetRecordKeys(params, PROGRAMS)).toEqual({});
  });
});
