import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, validateRecord } from '../../../../shared/record-rules.ts';
import { RecordCreateSchema } from '../../../../shared/schemas/record.ts';
import {
  fiscalYearOfDate,
  fiscalYearOptions,
  formToCreateBody,
  formToPatchBody,
  recordToFormValues,
  sameFormValues,
  tidyMoney,
  validateRecordForm,
} from './record-form-model.ts';
import { VALID_FORM, wireRecord } from './test-fixtures.ts';

describe('record form values ↔ wire', () => {
  it('builds a create body the shared schema accepts, money as strings and blanks as null', () => {
    const body = formToCreateBody(VALID_FORM, 'submitted');
    expect(body).toMatchObject({
      institution_id: 3,
      program_id: 12,
      students_placed: 42,
      avg_hourly_wage: '23.45',
      coop_fee_domestic: '750',
      coop_fee_international: null,
      notes: null,
      status: 'submitted',
    });
    expect(RecordCreateSchema.safeParse(body).success).toBe(true);
    expect(typeof body.avg_hourly_wage).toBe('string');
  });

  it('turns empty count inputs into null, never 0', () => {
    const body = formToCreateBody({ ...VALID_FORM, wt_nechako: '' }, 'draft');
    expect(body.wt_nechako).toBeNull();
  });

  it('sends the loaded version with a patch, and no keys that would move the record', () => {
    const patch = formToPatchBody(VALID_FORM, 'draft', 9);
    expect(patch.version).toBe(9);
    expect(patch.status).toBe('draft');
    expect(patch).not.toHaveProperty('institution_id');
    expect(patch).not.toHaveProperty('program_id');
  });

  it('round-trips a saved record through the form', () => {
    const record = wireRecord();
    const values = recordToFormValues(record);
    expect(values.institution_id).toBe('3');
    expect(values.coop_fee_international).toBe('');
    expect(values.notes).toBe('');
    const back = formToCreateBody(values, 'submitted');
    for (const field of COUNT_FIELDS) expect(back[field]).toBe(record[field]);
    expect(back.coop_fee_domestic).toBe('750.00');
  });
});

describe('validateRecordForm: the shared rules, worded as the API words them', () => {
  it('passes a complete, consistent record for submission', () => {
    expect(validateRecordForm(VALID_FORM, 'submitted')).toEqual({});
  });

  it('asks for the institution and program', () => {
    const errors = validateRecordForm({ ...VALID_FORM, institution_id: '', program_id: '' }, 'draft');
    expect(errors).toEqual({ institution_id: 'Choose an institution', program_id: 'Choose a program' });
  });

  it('reports a split that does not add up on its first field, only when submitting', () => {
    const values = { ...VALID_FORM, wt_8_month: 9 as const };
    expect(validateRecordForm(values, 'submitted').wt_4_month).toBe(
      'Work terms by duration add up to 41; they must equal students placed (42)',
    );
    expect(validateRecordForm(values, 'draft')).toEqual({});
  });

  it('uses exactly the shared rules’ messages', () => {
    const values = { ...VALID_FORM, students_placed: 51 as const, avg_hourly_wage: '23.456' };
    const wire = { ...formToCreateBody(values, 'draft') };
    const shared = validateRecord(wire, { status: 'draft' });
    const form = validateRecordForm(values, 'draft');
    expect(form.students_placed).toBe(shared.students_placed!.join(' '));
    expect(form.avg_hourly_wage).toBe('Average hourly wage can have at most two decimals (cents), such as 23.45');
  });

  it('needs every count to submit, but not for a draft', () => {
    const values = { ...VALID_FORM, employers_new: '' as const };
    expect(validateRecordForm(values, 'submitted').employers_new).toBe(
      'New employers is required to submit the record; save it as a draft to finish later',
    );
    expect(validateRecordForm(values, 'draft').employers_new).toBeUndefined();
  });

  it('asks for the fiscal year and term even on a draft', () => {
    const errors = validateRecordForm({ ...VALID_FORM, fiscal_year: '', term: '' }, 'draft');
    expect(errors.fiscal_year).toBe('Fiscal year is required');
    expect(errors.term).toBe('Term is required');
  });
});

describe('form helpers', () => {
  it('tidies a valid amount and leaves a bad one as typed', () => {
    expect(tidyMoney('avg_hourly_wage', ' 7.5 ')).toBe('7.50');
    expect(tidyMoney('avg_hourly_wage', '0023')).toBe('23.00');
    expect(tidyMoney('avg_hourly_wage', '12,50')).toBe('12,50');
    expect(tidyMoney('avg_hourly_wage', '')).toBe('');
  });

  it('compares form values as saved: "7.5" equals "7.50", but 0 differs from empty', () => {
    expect(sameFormValues({ ...VALID_FORM, avg_hourly_wage: '7.5' }, { ...VALID_FORM, avg_hourly_wage: '7.50' })).toBe(true);
    expect(sameFormValues({ ...VALID_FORM, wt_northeast: 0 }, { ...VALID_FORM, wt_northeast: '' })).toBe(false);
    expect(sameFormValues(VALID_FORM, { ...VALID_FORM, notes: 'x' })).toBe(false);
  });

  it('finds the fiscal year of a date: April starts a new one', () => {
    expect(fiscalYearOfDate(new Date('2025-03-31T12:00:00-07:00'))).toBe('2024/25');
    expect(fiscalYearOfDate(new Date('2025-04-01T00:30:00-07:00'))).toBe('2025/26');
    expect(fiscalYearOfDate(new Date('2099-12-31T12:00:00-08:00'))).toBe('2099/00');
    // 1 April in UTC is still 31 March in B.C.: the new year has not started there.
    expect(fiscalYearOfDate(new Date('2025-04-01T05:00:00Z'))).toBe('2024/25');
  });

  it('offers the current year back to ten before, newest first, and none that has not started', () => {
    const years = fiscalYearOptions(new Date('2026-11-22T12:00:00-08:00'));
    expect(years[0]).toBe('2026/27');
    expect(years).not.toContain('2027/28');
    expect(years.at(-1)).toBe('2016/17');
    expect(years).toHaveLength(11);
    expect(fiscalYearOptions(new Date('2027-04-01T05:00:00Z'))[0]).toBe('2026/27');
    expect(fiscalYearOptions(new Date('2027-04-01T08:00:00Z'))[0]).toBe('2027/28');
  });
});
