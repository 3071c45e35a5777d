import { describe, expect, it } from 'vitest';
import { fileNamePart, REPORT_FILE_NAME_MAX, reportFileName } from './report-file-name.ts';

describe('reportFileName', () => {
  it('names the report and its years and terms, as the issue asks', () => {
    expect(reportFileName('placement', { fiscalYearFrom: '2021/22', fiscalYearTo: '2025/26', terms: ['Fall'] }, 'csv')).toBe(
      'placement-2021-22-to-2025-26-fall.csv',
    );
  });

  it('writes one year once, and an open range with from or to', () => {
    expect(reportFileName('fiscal', { fiscalYearFrom: '2024/25', fiscalYearTo: '2024/25' }, 'xlsx')).toBe('fiscal-2024-25.xlsx');
    expect(reportFileName('fiscal', { fiscalYearFrom: '2024/25' }, 'csv')).toBe('fiscal-from-2024-25.csv');
    expect(reportFileName('fiscal', { fiscalYearTo: '2024/25' }, 'csv')).toBe('fiscal-to-2024-25.csv');
    expect(reportFileName('term', {}, 'csv')).toBe('term.csv');
  });

  it('adds institutions, groupings, WIL types, credentials and "approved only" in safe words', () => {
    expect(
      reportFileName(
        'region',
        {
          institutionIds: [3, 7],
          disciplines: ['Business & Management'],
          wilTypes: ['Co-operative Education'],
          credentials: ['Associate Degree'],
          approvedOnly: true,
        },
        'csv',
      ),
    ).toBe('region-institutions-3-7-business-management-co-operative-education-associate-degree-approved-only.csv');
    expect(reportFileName('salary', { institutionIds: [12] }, 'csv')).toBe('salary-institution-12.csv');
  });

  it('keeps names to ASCII letters, digits and dashes', () => {
    expect(fileNamePart('Métis / "Nations" — Wage ©')).toBe('metis-nations-wage');
    expect(fileNamePart('../../etc/passwd')).toBe('etc-passwd');
    expect(fileNamePart('日本')).toBe('');
  });

  it('cuts a long name at a dash within the bound', () => {
    const name = reportFileName('duration', { institutionIds: Array.from({ length: 60 }, (_, i) => i + 1000) }, 'xlsx');
    const stem = name.replace(/\.xlsx$/, '');
    expect(stem.length).toBeLessThanOrEqual(REPORT_FILE_NAME_MAX);
    expect(stem).toMatch(/^duration-institutions(-\d{4})+$/);
  });
});
