import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { EMPTY_RECORD_FORM, formToCreateBody, type RecordFormValues } from './record-form-model.ts';
import { VALID_RECORD_COUNTS } from '../../../../shared/record-fixtures.ts';

/** Test data for the record form's unit tests. */

/** A complete, consistent form: 42 placed, every split adding up. */
export const VALID_FORM: RecordFormValues = {
  ...EMPTY_RECORD_FORM,
  institution_id: '3',
  program_id: '12',
  fiscal_year: '2024/25',
  term: 'Fall',
  ...VALID_RECORD_COUNTS,
  avg_hourly_wage: '23.45',
  coop_fee_domestic: '750',
  coop_fee_international: '',
  notes: '  ',
};

export function wireRecord(overrides: Partial<RecordWire> = {}): RecordWire {
  const body = formToCreateBody(VALID_FORM, 'submitted');
  return {
    ...body,
    id: 7,
    institution_short_name: 'UVic',
    institution_name: 'University of Victoria',
    program_name: 'Engineering Co-op',
    term: 'Fall',
    coop_fee_domestic: '750.00',
    avg_hourly_wage: '23.45',
    coop_fee_international: null,
    notes: null,
    status: 'submitted',
    version: 3,
    created_at: '2024-10-01T10:00:00.000Z',
    created_by: 1,
    updated_at: '2024-10-02T10:00:00.000Z',
    updated_by: 2,
    ...overrides,
  } as RecordWire;
}
