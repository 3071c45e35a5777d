import { describe, expect, it } from 'vitest';
import { MEDIAN_FIELDS, type RecordMedians } from '../../../../shared/schemas/record.ts';
import { outlierWarnings } from './outlier-check.ts';
import { VALID_FORM } from './test-fixtures.ts';

const medians = (terms: number, overrides: Partial<RecordMedians['medians']> = {}): RecordMedians => ({
  terms,
  medians: { ...(Object.fromEntries(MEDIAN_FIELDS.map((f) => [f, null])) as RecordMedians['medians']), ...overrides },
});

describe('outlierWarnings: far from the program’s own history', () => {
  it('warns above double and below half the median, not at the edges', () => {
    const history = medians(6, { students_placed: 20, students_enrolled: 100, students_seeking: 50 });
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 41 }, history)).toEqual({
      students_placed:
        "Students placed (41) is more than double this program's median over its last 6 terms (20); check it before saving",
    });
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 40 }, history)).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 10 }, history)).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 9 }, history).students_placed).toBe(
      "Students placed (9) is less than half this program's median over its last 6 terms (20); check it before saving",
    );
  });

  it('keeps a count median that falls between two values (an even number of terms) as it is', () => {
    const history = medians(6, { students_placed: 20.5 });
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 42 }, history).students_placed).toBe(
      "Students placed (42) is more than double this program's median over its last 6 terms (20.5); check it before saving",
    );
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 41 }, history)).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 11 }, history)).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 10 }, history).students_placed).toBe(
      "Students placed (10) is less than half this program's median over its last 6 terms (20.5); check it before saving",
    );
  });

  it('checks money against its median without rounding it away, worded in CAD', () => {
    const history = medians(4, { avg_hourly_wage: 20 });
    expect(outlierWarnings({ ...VALID_FORM, avg_hourly_wage: '40.01' }, history).avg_hourly_wage).toBe(
      "Average hourly wage ($40.01) is more than double this program's median over its last 4 terms ($20.00); check it before saving",
    );
    expect(outlierWarnings({ ...VALID_FORM, avg_hourly_wage: '40.00' }, history)).toEqual({});
  });

  it('says nothing without enough history, for small medians, or for empty and invalid values', () => {
    expect(outlierWarnings({ ...VALID_FORM, students_placed: 500 }, medians(2, { students_placed: 20 }))).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, wt_cariboo: 40 }, medians(6, { wt_cariboo: 1 }))).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, students_placed: '' }, medians(6, { students_placed: 20 }))).toEqual({});
    expect(outlierWarnings({ ...VALID_FORM, avg_hourly_wage: '1,000' }, medians(6, { avg_hourly_wage: 20 }))).toEqual({});
    expect(outlierWarnings(VALID_FORM, undefined)).toEqual({});
  });
});
