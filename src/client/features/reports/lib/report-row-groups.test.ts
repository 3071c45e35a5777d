import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '../../../../shared/schemas/report.ts';
import {
  filterReportRows,
  GROUPED_ROWS_PER_INSTITUTION,
  groupedByDefault,
  groupReportRows,
  LONG_REPORT_ROWS,
  longReportTools,
} from './report-row-groups.ts';

const columns: Pick<ReportColumn, 'key' | 'kind'>[] = [
  { key: 'institution', kind: 'text' },
  { key: 'discipline', kind: 'text' },
  { key: 'fiscal_year', kind: 'text' },
  { key: 'students_placed', kind: 'count' },
];
const rows: ReportRow[] = [
  { institution: 'UVic', discipline: 'Engineering', fiscal_year: '2023/24', students_placed: 12 },
  { institution: 'BCIT', discipline: 'Engineering', fiscal_year: '2023/24', students_placed: 40 },
  { institution: 'UVic', discipline: 'Business & Management', fiscal_year: '2024/25', students_placed: 2024 },
  { institution: 'SFU', discipline: null, fiscal_year: '2024/25', students_placed: 5 },
];

describe('filterReportRows', () => {
  it('keeps rows whose text cells hold every word, in any case and order', () => {
    expect(filterReportRows(rows, columns, '  engineering   UVIC ')).toEqual([rows[0]]);
    expect(filterReportRows(rows, columns, 'uvic')).toEqual([rows[0], rows[2]]);
    expect(filterReportRows(rows, columns, '2024/25')).toEqual([rows[2], rows[3]]);
  });

  it('keeps every row for an empty query, and searches no figures', () => {
    expect(filterReportRows(rows, columns, '   ')).toEqual(rows);
    // 2024 is UVic's count of placed students, and a year: only the year's rows match.
    expect(filterReportRows(rows, columns, '2024')).toEqual([rows[2], rows[3]]);
    expect(filterReportRows(rows, columns, 'nothing like this')).toEqual([]);
  });
});

describe('groupReportRows', () => {
  it('groups by institution in the order of first appearance, rows kept in order', () => {
    expect(groupReportRows(rows)).toEqual([
      { label: 'UVic', rows: [rows[0], rows[2]] },
      { label: 'BCIT', rows: [rows[1]] },
      { label: 'SFU', rows: [rows[3]] },
    ]);
    expect(groupReportRows([])).toEqual([]);
  });
});

describe('longReportTools', () => {
  it('offers the filter to long reports, and grouping to long reports with an institution column', () => {
    expect(longReportTools(LONG_REPORT_ROWS, columns)).toEqual({ filter: false, group: false });
    expect(longReportTools(LONG_REPORT_ROWS + 1, columns)).toEqual({ filter: true, group: true });
    expect(longReportTools(500, [{ key: 'discipline' }])).toEqual({ filter: true, group: false });
  });
});

describe('groupedByDefault', () => {
  const many = (institutions: number, each: number): ReportRow[] =>
    Array.from({ length: institutions * each }, (_, i) => ({ institution: `I${i % institutions}`, students_placed: i }));
  const tools = { group: true };

  it('groups a long report of several institutions with many rows each (the placement report: 781 rows, 25 institutions)', () => {
    expect(groupedByDefault(many(25, 31), tools)).toBe(true);
    expect(groupedByDefault(many(2, GROUPED_ROWS_PER_INSTITUTION), tools)).toBe(true);
  });

  it('leaves whole a report of few rows per institution, of one institution, or that cannot be grouped', () => {
    expect(groupedByDefault(many(25, 3), tools)).toBe(false); // the tuition report: 60 rows
    expect(groupedByDefault(many(1, 200), tools)).toBe(false);
    expect(groupedByDefault(many(25, 31), { group: false })).toBe(false);
  });
});
