import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';
import {
  headingLines,
  headingMinWidth,
  leadingTextColumns,
  nextReportSort,
  parseReportSort,
  reportTableModel,
} from './report-table-model.ts';

const columns: ReportColumn[] = [
  { key: 'institution', label: 'Institution', kind: 'text' },
  { key: 'students_placed', label: 'Students placed', kind: 'count' },
  { key: 'placement_pct', label: 'Placement %', kind: 'percent' },
  { key: 'avg_hourly_wage', label: 'Wage', kind: 'money' },
];

const report = {
  columns,
  rows: [
    { institution: 'UVic', students_placed: 900, placement_pct: 80.5, avg_hourly_wage: '9.50' },
    { institution: 'sfu', students_placed: 1200, placement_pct: null, avg_hourly_wage: '21.00' },
    { institution: 'BCIT', students_placed: 900, placement_pct: 92, avg_hourly_wage: '100.00' },
  ],
  totals: { institution: null, students_placed: 3000, placement_pct: 85, avg_hourly_wage: '40.00' },
  province: { institution: null, students_placed: 9000, placement_pct: 84, avg_hourly_wage: '39.00' },
  suppressed: {},
};

const names = (sort: Parameters<typeof reportTableModel>[1]) => reportTableModel(report, sort).rows.map((r) => r.institution);

describe('reportTableModel', () => {
  it("keeps the API's order without a sort", () => {
    expect(names(null)).toEqual(['UVic', 'sfu', 'BCIT']);
  });

  it('sorts text without regard to case, numbers as numbers and money by amount', () => {
    expect(names({ key: 'institution', direction: 'asc' })).toEqual(['BCIT', 'sfu', 'UVic']);
    expect(names({ key: 'avg_hourly_wage', direction: 'asc' })).toEqual(['UVic', 'sfu', 'BCIT']); // 9.50 < 21 < 100
    expect(names({ key: 'avg_hourly_wage', direction: 'desc' })).toEqual(['BCIT', 'sfu', 'UVic']);
  });

  it('keeps ties in the API order and empty values last in both directions', () => {
    expect(names({ key: 'students_placed', direction: 'asc' })).toEqual(['UVic', 'BCIT', 'sfu']);
    expect(names({ key: 'students_placed', direction: 'desc' })).toEqual(['sfu', 'UVic', 'BCIT']);
    expect(names({ key: 'placement_pct', direction: 'asc' })).toEqual(['UVic', 'BCIT', 'sfu']);
    expect(names({ key: 'placement_pct', direction: 'desc' })).toEqual(['BCIT', 'UVic', 'sfu']);
  });

  it('pins the totals, then the province, below the rows whatever the sort', () => {
    for (const sort of [
      null,
      { key: 'students_placed', direction: 'desc' as const },
      { key: 'institution', direction: 'asc' as const },
    ]) {
      const model = reportTableModel(report, sort);
      expect(model.rows).toHaveLength(3);
      expect(model.pinned.map((p) => p.kind)).toEqual(['totals', 'province']);
      expect(model.pinned[0]!.row).toBe(report.totals);
      expect(model.pinned[1]!.row).toBe(report.province);
    }
  });

  it("marks the province's hidden figures, and nothing in the totals or a report with none hidden", () => {
    expect(reportTableModel(report, null).pinned.map((p) => p.hidden)).toEqual([{}, {}]);
    const hiding = {
      ...report,
      province: { ...report.province, students_placed: null, placement_pct: null },
      suppressed: { students_placed: 'threshold', placement_pct: 'dominance' } as const,
    };
    const model = reportTableModel(hiding, { key: 'students_placed', direction: 'desc' });
    expect(model.pinned[0]!.hidden).toEqual({});
    expect(model.pinned[1]!.hidden).toEqual({ students_placed: 'threshold', placement_pct: 'dominance' });
  });

  it('does not change the report it was given', () => {
    reportTableModel(report, { key: 'institution', direction: 'asc' });
    expect(report.rows.map((r) => r.institution)).toEqual(['UVic', 'sfu', 'BCIT']);
  });
});

describe('sort in the URL', () => {
  it('reads key and -key, and ignores keys that are not columns', () => {
    expect(parseReportSort('students_placed', columns)).toEqual({ key: 'students_placed', direction: 'asc' });
    expect(parseReportSort('-institution', columns)).toEqual({ key: 'institution', direction: 'desc' });
    expect(parseReportSort('nope', columns)).toBeNull();
    expect(parseReportSort(null, columns)).toBeNull();
  });

  it('sorts a new column ascending and flips the same one', () => {
    expect(nextReportSort(null, 'a')).toEqual({ key: 'a', direction: 'asc' });
    expect(nextReportSort({ key: 'a', direction: 'asc' }, 'a')).toEqual({ key: 'a', direction: 'desc' });
    expect(nextReportSort({ key: 'a', direction: 'desc' }, 'b')).toEqual({ key: 'b', direction: 'asc' });
  });
});

describe('leadingTextColumns', () => {
  it('counts the grouping columns at the start', () => {
    expect(leadingTextColumns(columns)).toBe(1);
    expect(leadingTextColumns([{ kind: 'text' }, { kind: 'text' }, { kind: 'count' }, { kind: 'text' }])).toBe(2);
    expect(leadingTextColumns([{ kind: 'count' }])).toBe(0);
  });
});

describe('headingLines', () => {
  it('sets a long heading on two lines whose longer one is shortest, the arrow counted after the last word', () => {
    expect(headingLines('Students with a disability placed')).toEqual(['Students with a ', 'disability placed']);
    expect(headingLines('Seeking a work term')).toEqual(['Seeking a ', 'work term']);
  });

  it('breaks after a slash or a hyphen as after a space', () => {
    expect(headingLines('Vancouver Island/Coast')).toEqual(['Vancouver ', 'Island/Coast']);
    expect(headingLines('Thompson-Okanagan')).toEqual(['Thompson-', 'Okanagan']);
    expect(headingLines('Mainland/Southwest')).toEqual(['Mainland/', 'Southwest']);
  });

  it('keeps a word whole, and a short heading on one line when breaking it would not make it narrower', () => {
    expect(headingLines('International')).toEqual(['International']);
    expect(headingLines('% change')).toEqual(['% ', 'change']);
    expect(headingLines('All')).toEqual(['All']);
  });
});

describe('headingMinWidth', () => {
  it('is the least width of a figure or a text column', () => {
    expect(headingMinWidth({ kind: 'count' })).toBe('4.5rem');
    expect(headingMinWidth({ kind: 'text' })).toBe('6rem');
  });
});
