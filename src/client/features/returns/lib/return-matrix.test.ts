import { describe, expect, it } from 'vitest';
import type { Period, TermReturn } from '../../../../shared/schemas/returns.ts';
import { buildReturnMatrix, chosenFiscalYear, periodFiscalYears } from './return-matrix.ts';

const period = (id: number, fiscal_year: string, term: Period['term']): Period => ({
  id,
  fiscal_year,
  term,
  opens_on: '2025-09-01',
  due_on: '2026-01-31',
});
const PERIODS = [
  period(1, '2025/26', 'Spring'),
  period(2, '2025/26', 'Summer'),
  period(3, '2025/26', 'Fall'),
  period(4, '2024/25', 'Fall'),
];

const ret = (id: number, institution: [number, string], p: Period, state: TermReturn['state']): TermReturn => ({
  id,
  institution_id: institution[0],
  institution_name: institution[1],
  period_id: p.id,
  fiscal_year: p.fiscal_year,
  term: p.term,
  state,
  expected: 3,
  reported: 2,
  submitted: 1,
  opens_on: p.opens_on,
  due_on: p.due_on,
  overdue: false,
  version: 1,
  first_approved_at: null,
  history: [],
});
const UVIC: [number, string] = [1, 'University of Victoria'];
const BCIT: [number, string] = [2, 'British Columbia Institute of Technology'];

describe('the completeness matrix', () => {
  it('offers the fiscal years with periods newest first, and shows the latest unless the URL names another', () => {
    expect(periodFiscalYears(PERIODS)).toEqual(['2025/26', '2024/25']);
    expect(chosenFiscalYear(PERIODS, null)).toBe('2025/26');
    expect(chosenFiscalYear(PERIODS, '2024/25')).toBe('2024/25');
    expect(chosenFiscalYear(PERIODS, '1999/00')).toBe('2025/26');
    expect(chosenFiscalYear([], null)).toBeUndefined();
  });

  it('puts the periods in term order, institutions by name, and counts submitted and approved returns per period', () => {
    const [spring, summer, fall, old] = PERIODS as [Period, Period, Period, Period];
    const returns = [
      ret(10, UVIC, fall, 'approved'),
      ret(11, BCIT, fall, 'submitted'),
      ret(12, UVIC, summer, 'in progress'),
      ret(13, BCIT, summer, 'reopened'),
      ret(14, UVIC, spring, 'not started'),
      ret(15, UVIC, old, 'approved'),
    ];
    const matrix = buildReturnMatrix(PERIODS, returns, '2025/26');
    expect(matrix.columns.map((c) => [c.period.term, c.done, c.total])).toEqual([
      ['Summer', 0, 2],
      ['Fall', 2, 2],
      ['Spring', 0, 1],
    ]);
    expect(matrix.rows.map((r) => r.institutionName)).toEqual([BCIT[1], UVIC[1]]);
    expect(matrix.rows[1]!.cells.get(fall.id)?.id).toBe(10);
    expect(matrix.rows[0]!.cells.has(spring.id)).toBe(false);
  });

  it('keeps the institutions whose name holds the filter, in any letter case, and counts only those', () => {
    const fall = PERIODS[2]!;
    const matrix = buildReturnMatrix(
      PERIODS,
      [ret(10, UVIC, fall, 'approved'), ret(11, BCIT, fall, 'in progress')],
      '2025/26',
      ' victoria ',
    );
    expect(matrix.rows.map((r) => r.institutionId)).toEqual([1]);
    expect(matrix.columns.find((c) => c.period.id === fall.id)).toMatchObject({ done: 1, total: 1 });
  });
});
