import { describe, expect, it } from 'vitest';
import { headingSort, nextRecordSort } from './record-sort.ts';

describe('record sort and the table headings', () => {
  it('shows the first key of the sort', () => {
    expect(headingSort('fiscal_year:desc,program:asc')).toEqual({ key: 'fiscal_year', direction: 'desc' });
    expect(headingSort('students_placed:asc')).toEqual({ key: 'students_placed', direction: 'asc' });
  });

  it('falls back on the default (latest fiscal year first) for a sort it cannot read', () => {
    expect(headingSort('nonsense')).toEqual({ key: 'fiscal_year', direction: 'desc' });
  });

  it('sorts a new column ascending and flips the column sorted first', () => {
    expect(nextRecordSort('term:desc', 'institution')).toBe('institution:asc');
    expect(nextRecordSort('institution:asc', 'institution')).toBe('institution:desc');
    expect(nextRecordSort('institution:desc', 'institution')).toBe('institution:asc');
    expect(nextRecordSort('term:desc', 'term')).toBe('term:asc');
    expect(nextRecordSort('program:asc,term:desc', 'term')).toBe('term:asc');
  });
});
