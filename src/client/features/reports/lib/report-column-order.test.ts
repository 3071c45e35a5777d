import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';
import { answerColumnsFirst } from './report-column-order.ts';

const col = (key: string, kind: ReportColumn['kind'] = 'count'): ReportColumn => ({ key, label: key, kind });

describe('answerColumnsFirst', () => {
  it("puts the fiscal year compare's year-on-year columns right after the fiscal year, in their own order", () => {
    const columns = [
      col('fiscal_year', 'text'),
      col('students_enrolled'),
      col('placement_pct', 'percent'),
      col('students_enrolled_change', 'change'),
      col('students_enrolled_change_pct', 'percent'),
      col('students_placed_change', 'change'),
    ];
    expect(answerColumnsFirst(columns).map((c) => c.key)).toEqual([
      'fiscal_year',
      'students_enrolled_change',
      'students_enrolled_change_pct',
      'students_placed_change',
      'students_enrolled',
      'placement_pct',
    ]);
  });

  it('keeps the order of a report without year-on-year columns', () => {
    const columns = [
      col('institution', 'text'),
      col('discipline', 'text'),
      col('students_placed'),
      col('placement_pct', 'percent'),
    ];
    expect(answerColumnsFirst(columns)).toEqual(columns);
  });
});
