import { describe, expect, it } from 'vitest';
import type { RecordListItem } from '../../../../shared/schemas/record-list.ts';
import { existingRecordId, existingRecordQuery } from './existing-record.ts';

const chosen = { program_id: '12', fiscal_year: '2024/25', term: 'Fall' };

const item = (over: Partial<RecordListItem>): RecordListItem => ({
  id: 77,
  institution_id: 3,
  institution_short_name: 'UVic',
  program_id: 12,
  program_name: 'Engineering',
  fiscal_year: '2024/25',
  term: 'Fall',
  status: 'draft',
  students_enrolled: null,
  students_seeking: null,
  students_placed: null,
  updated_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('existingRecordQuery', () => {
  it('asks for the one program, fiscal year and term chosen', () => {
    expect(existingRecordQuery(chosen)).toMatchObject({
      criteria: { programIds: [12], fiscalYearFrom: '2024/25', fiscalYearTo: '2024/25', terms: ['Fall'] },
      pageSize: 1,
    });
  });

  it('asks nothing until all three are chosen and well formed', () => {
    expect(existingRecordQuery({ ...chosen, program_id: '' })).toBeNull();
    expect(existingRecordQuery({ ...chosen, program_id: '1.5' })).toBeNull();
    expect(existingRecordQuery({ ...chosen, fiscal_year: '' })).toBeNull();
    expect(existingRecordQuery({ ...chosen, fiscal_year: '2024/26' })).toBeNull();
    expect(existingRecordQuery({ ...chosen, term: '' })).toBeNull();
    expect(existingRecordQuery({ ...chosen, term: 'Winter' })).toBeNull();
  });
});

describe('existingRecordId', () => {
  const query = existingRecordQuery(chosen);
  const page = (items: RecordListItem[]) => ({ items, total: items.length, page: 1, pageSize: 1 });

  it('finds the record with the same program, year and term', () => {
    expect(existingRecordId(page([item({})]), query)).toBe(77);
  });

  it('ignores an answer about another program, year or term (an older answer still on screen)', () => {
    expect(existingRecordId(page([item({ term: 'Summer' })]), query)).toBeNull();
    expect(existingRecordId(page([item({ program_id: 13 })]), query)).toBeNull();
    expect(existingRecordId(page([item({ fiscal_year: '2023/24' })]), query)).toBeNull();
    expect(existingRecordId(page([]), query)).toBeNull();
    expect(existingRecordId(undefined, query)).toBeNull();
  });
});
