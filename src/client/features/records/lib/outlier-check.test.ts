import { describe, expect, it } from 'vitest';
import { MEDIAN_FIELDS, type RecordMedians } from '../../../../shared/schemas/record-medians.ts';
import { outlierFindings, outlierWarnings } from './outlier-check.ts';
import { EMPTY_RECORD_FORM, type RecordFormValues } from './record-form-model.ts';
import { VALID_FORM } from './test-fixtures.ts';

const medians = (terms: number, overrides: Partial<RecordMedians['medians']> = {}): RecordMedians => ({
  terms,
  medians: { ...(Object.fromEntries(MEDIAN_FIELDS.map((f) => [f, null])) as RecordMedians['medians']), ...overrides },
});

/** The warnings of a new record (every figure just entered). */
const warningsOfNew = (values: RecordFormValues, history: RecordMedians | undefined) =>
  outlierWarnings(outlierFindings(values, history, EMPTY_RECORD_FORM));

describe('outlier findings: far from the program’s own history', () => {
  it('warns above double and below half the median, not at the edges', () => {
    const history = medians(6, { students_placed: 20, students_enrolled: 100, students_seeking: 50 });
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 41 }, history)).toEqual({
      students_placed:
        "Students placed (41), just entered, is more than double this program's median over its last 6 terms (20); check it before saving",
    });
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 40 }, history)).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 10 }, history)).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 9 }, history).students_placed).toBe(
      "Students placed (9), just entered, is less than half this program's median over its last 6 terms (20); check it before saving",
    );
  });

  it('keeps a count median that falls between two values (an even number of terms) as it is', () => {
    const history = medians(6, { students_placed: 20.5 });
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 42 }, history).students_placed).toContain(
      "is more than double this program's median over its last 6 terms (20.5)",
    );
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 41 }, history)).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 11 }, history)).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 10 }, history).students_placed).toContain('less than half');
  });

  it('checks money against its median without rounding it away, worded in CAD', () => {
    const history = medians(4, { avg_hourly_wage: 20 });
    expect(warningsOfNew({ ...VALID_FORM, avg_hourly_wage: '40.01' }, history).avg_hourly_wage).toBe(
      "Average hourly wage ($40.01), just entered, is more than double this program's median over its last 4 terms ($20.00); check it before saving",
    );
    expect(warningsOfNew({ ...VALID_FORM, avg_hourly_wage: '40.00' }, history)).toEqual({});
  });

  it('says whether the figure was just changed, or is as saved', () => {
    const history = medians(6, { students_placed: 20 });
    const saved = { ...VALID_FORM, students_placed: 41 };
    const [unchanged] = outlierFindings(saved, history, saved);
    expect(unchanged).toMatchObject({ field: 'students_placed', origin: 'unchanged' });
    expect(unchanged!.message).toBe(
      "Students placed (41) is more than double this program's median over its last 6 terms (20); it is as saved before, not changed now",
    );
    const [changed] = outlierFindings({ ...saved, students_placed: 9 }, history, saved);
    expect(changed).toMatchObject({ origin: 'changed' });
    expect(changed!.message).toBe(
      "Students placed, just changed from 41 to 9, is less than half this program's median over its last 6 terms (20); check it before saving",
    );
  });

  it('puts the most serious first: a $2.45 wage before enrolled at three times its median', () => {
    const history = medians(6, { students_enrolled: 100, avg_hourly_wage: 24, coop_fee_domestic: 700 });
    const values = { ...VALID_FORM, students_enrolled: 300, avg_hourly_wage: '2.45', coop_fee_domestic: '1500' };
    expect(outlierFindings(values, history, EMPTY_RECORD_FORM).map((f) => f.field)).toEqual([
      'avg_hourly_wage',
      'students_enrolled',
      'coop_fee_domestic',
    ]);
    // Zero against a median is as far as it gets.
    const zero = outlierFindings({ ...values, students_enrolled: 0 }, history, EMPTY_RECORD_FORM);
    expect(zero[0]!.field).toBe('students_enrolled');
    // What was just typed comes before a figure as saved, however far that one is.
    const saved = { ...values, avg_hourly_wage: '2.45' };
    const typed = outlierFindings({ ...saved, students_enrolled: 250 }, history, { ...saved, students_enrolled: 100 });
    expect(typed.map((f) => [f.field, f.origin])).toEqual([
      ['students_enrolled', 'changed'],
      ['avg_hourly_wage', 'unchanged'],
      ['coop_fee_domestic', 'unchanged'],
    ]);
  });

  it('says nothing without enough history, for small medians, or for empty and invalid values', () => {
    expect(warningsOfNew({ ...VALID_FORM, students_placed: 500 }, medians(2, { students_placed: 20 }))).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, wt_cariboo: 40 }, medians(6, { wt_cariboo: 1 }))).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, students_placed: '' }, medians(6, { students_placed: 20 }))).toEqual({});
    expect(warningsOfNew({ ...VALID_FORM, avg_hourly_wage: '1,000' }, medians(6, { avg_hourly_wage: 20 }))).toEqual({});
    expect(warningsOfNew(VALID_FORM, undefined)).toEqual({});
  });
});
