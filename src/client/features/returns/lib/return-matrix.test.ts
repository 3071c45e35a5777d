import { describe, expect, it } from 'vitest';
import type { Period, TermReturn } from '../../../../shared/schemas/returns.ts';
import {
  buildReturnMatrix,
  chosenFiscalYears,
  matrixDownloadHref,
  matrixFilterParams,
  matrixFiltersFromUrl,
  periodFiscalYears,
} from './return-matrix.ts';

const period = (id: number, fiscal_year: string, term: Period['term']): Period => ({
  id,
  fiscal_year,
  term,
  opens_on: '2025-09-01',
  due_on: '2026-01-31',
  version: 1,
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
  due_again_on: null,
  overdue: false,
  version: 1,
  first_approved_at: null,
  first_signed_off_at: null,
  on_time: null,
  history: [],
});
const UVIC: [number, string] = [1, 'University of Victoria'];
const BCIT: [number, string] = [2, 'British Columbia Institute of Technology'];

describe('the completeness matrix', () => {
  it('offers the fiscal years with periods newest first, and shows the latest unless the URL names others', () => {
    expect(periodFiscalYears(PERIODS)).toEqual(['2025/26', '2024/25']);
    expect(chosenFiscalYears(PERIODS, [])).toEqual(['2025/26']);
    expect(chosenFiscalYears(PERIODS, ['2024/25'])).toEqual(['2024/25']);
    expect(chosenFiscalYears(PERIODS, ['2025/26', '2024/25', '1999/00'])).toEqual(['2024/25', '2025/26']);
    expect(chosenFiscalYears(PERIODS, ['1999/00'])).toEqual(['2025/26']);
    expect(chosenFiscalYears([], [])).toEqual([]);
    // With today's date, the default is the year of the term due next: in May, the last fiscal year's Spring.
    const may = [
      { id: 1, fiscal_year: '2025/26', term: 'Spring' as const, opens_on: '2026-01-01', due_on: '2026-05-31', version: 1 },
      { id: 2, fiscal_year: '2026/27', term: 'Summer' as const, opens_on: '2026-05-01', due_on: '2026-09-30', version: 1 },
    ];
    expect(chosenFiscalYears(may, [], '2026-05-15')).toEqual(['2025/26']);
    expect(chosenFiscalYears(may, [], '2026-06-01')).toEqual(['2026/27']);
    expect(chosenFiscalYears(may, [], '2030-01-01')).toEqual(['2026/27']);
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
    const matrix = buildReturnMatrix(PERIODS, returns, { fiscalYears: ['2025/26'] });
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
    const matrix = buildReturnMatrix(PERIODS, [ret(10, UVIC, fall, 'approved'), ret(11, BCIT, fall, 'in progress')], {
      fiscalYears: ['2025/26'],
      name: ' victoria ',
    });
    expect(matrix.rows.map((r) => r.institutionId)).toEqual([1]);
    expect(matrix.columns.find((c) => c.period.id === fall.id)).toMatchObject({ done: 1, total: 1 });
  });

  it('puts several fiscal years side by side, oldest first, each in term order', () => {
    const [spring, summer, fall, old] = PERIODS as [Period, Period, Period, Period];
    const matrix = buildReturnMatrix(PERIODS, [ret(10, UVIC, fall, 'approved'), ret(15, UVIC, old, 'approved')], {
      fiscalYears: ['2024/25', '2025/26'],
    });
    expect(matrix.columns.map((c) => c.period.id)).toEqual([old.id, summer.id, fall.id, spring.id]);
    expect(matrix.rows[0]!.cells.size).toBe(2);
  });

  it('keeps the institutions with a return in a chosen state, with all their returns, and totals only those', () => {
    const [, summer, fall] = PERIODS as [Period, Period, Period, Period];
    const late = { ...ret(12, UVIC, summer, 'in progress'), overdue: true };
    const returns = [ret(10, UVIC, fall, 'approved'), late, ret(11, BCIT, fall, 'submitted'), ret(13, BCIT, summer, 'reopened')];
    const view = (states: Parameters<typeof buildReturnMatrix>[2]['states']) =>
      buildReturnMatrix(PERIODS, returns, { fiscalYears: ['2025/26'], states });
    expect(view(['overdue']).rows.map((r) => r.institutionId)).toEqual([1]);
    expect(view(['overdue']).rows[0]!.cells.size).toBe(2);
    expect(view(['overdue']).columns.find((c) => c.period.id === fall.id)).toMatchObject({ done: 1, total: 1 });
    expect(view(['reopened', 'approved']).rows.map((r) => r.institutionId)).toEqual([2, 1]);
    expect(view(['not started']).rows).toEqual([]);
    expect(view([]).rows).toHaveLength(2);
  });
});

describe('timeliness in the matrix', () => {
  it('gives each line its on-time rate over the years shown and each period its signed-off returns on time', () => {
    const [spring, summer, fall, old] = PERIODS as [Period, Period, Period, Period];
    const judged = (r: TermReturn, on_time: boolean | null) => ({ ...r, on_time });
    const returns = [
      judged(ret(10, UVIC, fall, 'approved'), true),
      judged(ret(11, BCIT, fall, 'submitted'), false),
      // Sent back after an on-time sign-off: on time in UVic's rate, not in Summer's line (not signed off now).
      judged(ret(12, UVIC, summer, 'in progress'), true),
      judged(ret(13, BCIT, summer, 'submitted'), true),
      // Not yet due: not judged.
      judged(ret(14, UVIC, spring, 'not started'), null),
      // Another year, not shown: not counted.
      judged(ret(15, UVIC, old, 'approved'), false),
    ];
    const matrix = buildReturnMatrix(PERIODS, returns, { fiscalYears: ['2025/26'] });
    expect(matrix.rows.map((r) => [r.institutionId, r.timeliness])).toEqual([
      [2, { onTime: 1, judged: 2 }],
      [1, { onTime: 2, judged: 2 }],
    ]);
    expect(matrix.columns.map((c) => [c.period.term, c.done, c.total, c.onTime])).toEqual([
      ['Summer', 1, 2, 1],
      ['Fall', 2, 2, 1],
      ['Spring', 0, 1, 0],
    ]);
    expect(matrix.timeliness).toEqual({ onTime: 3, judged: 4 });
    const both = buildReturnMatrix(PERIODS, returns, { fiscalYears: ['2024/25', '2025/26'] });
    expect(both.rows.find((r) => r.institutionId === 1)!.timeliness).toEqual({ onTime: 2, judged: 3 });
  });
});

describe('the matrix filters in the URL', () => {
  it('reads lists repeated or comma separated, and drops what is not a choice instead of failing', () => {
    const url = new URLSearchParams(
      'fiscalYear=2024/25,nonsense&fiscalYear=2025/26&fiscalYear=2025/27&region=Kootenay,Atlantis&institutionType=College' +
        '&state=overdue,lost&state=in%20progress&institution=Vic',
    );
    expect(matrixFiltersFromUrl(url)).toEqual({
      fiscalYears: ['2024/25', '2025/26'],
      regions: ['Kootenay'],
      institutionTypes: ['College'],
      states: ['overdue', 'in progress'],
      name: 'Vic',
    });
    expect(matrixFiltersFromUrl(new URLSearchParams('state=&region=%00'))).toEqual({
      fiscalYears: [],
      regions: [],
      institutionTypes: [],
      states: [],
      name: '',
    });
  });

  it('writes the filters back under the API names, and the download link carries them with the years shown', () => {
    const filters = matrixFiltersFromUrl(new URLSearchParams('region=Kootenay,Cariboo&state=approved&institution=%20uvic%20'));
    expect(matrixFilterParams(filters).toString()).toBe('region=Kootenay%2CCariboo&state=approved&institution=uvic');
    const href = new URL(matrixDownloadHref(filters, ['2025/26'], 'xlsx'), 'http://x');
    expect(href.pathname).toBe('/api/returns/download');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      fiscalYear: '2025/26',
      region: 'Kootenay,Cariboo',
      state: 'approved',
      institution: 'uvic',
      format: 'xlsx',
    });
  });
});
