import { TERMS } from '../../../../shared/constants.ts';
import {
  COUNT_FIELDS,
  isBlank,
  MONEY_FIELDS,
  moneyFieldError,
  normalizeMoney,
  validateRecord,
  type CountField,
  type MoneyField,
} from '../../../../shared/record-rules.ts';
import type { RecordCreate, RecordUpdate, RecordWire } from '../../../../shared/schemas/record.ts';
import { bcToday, fiscalYearOfDay, fiscalYearStart } from '../../../../shared/term-calendar.ts';
import type { FieldErrors, FormFieldRef } from '../../../ui/form-errors.ts';
import { RECORD_UI } from '../messages.ts';

/**
 * What the record form holds while someone types: selects as their string value ('' when unchosen), counts as a
 * number or '' when empty, money exactly as typed (a string, never a float), notes as text.
 */
export type RecordFormValues = {
  institution_id: string;
  program_id: string;
  fiscal_year: string;
  term: string;
  notes: string;
} & { [F in CountField]: number | '' } & { [F in MoneyField]: string };

export type RecordFormField = keyof RecordFormValues;
export type RecordStatus = 'draft' | 'submitted';

/** Every field in the order the form shows it. */
export const RECORD_FORM_FIELD_NAMES: readonly RecordFormField[] = [
  'institution_id',
  'program_id',
  'fiscal_year',
  'term',
  ...COUNT_FIELDS,
  ...MONEY_FIELDS,
  'notes',
];

/** The id of a field's input: the error summary links to it. */
export const fieldId = (field: string) => `record-${field.replace(/_/g, '-')}`;

/** The fields with their input ids, in form order (for the error summary). */
export const RECORD_FORM_FIELDS: readonly (FormFieldRef & { name: RecordFormField })[] = RECORD_FORM_FIELD_NAMES.map((name) => ({
  name,
  id: fieldId(name),
}));

export const EMPTY_RECORD_FORM: RecordFormValues = Object.fromEntries(
  RECORD_FORM_FIELD_NAMES.map((field) => [field, '']),
) as unknown as RecordFormValues;

/** A saved record as the form shows it. */
export function recordToFormValues(record: RecordWire): RecordFormValues {
  const values = { ...EMPTY_RECORD_FORM };
  values.institution_id = String(record.institution_id);
  values.program_id = String(record.program_id);
  values.fiscal_year = record.fiscal_year;
  values.term = record.term;
  values.notes = record.notes ?? '';
  for (const field of COUNT_FIELDS) values[field] = record[field] ?? '';
  for (const field of MONEY_FIELDS) values[field] = record[field] ?? '';
  return values;
}

/** A count as typed into the wire's shape: a number, or null for an empty input. */
function countOf(value: number | ''): number | null {
  return value === '' ? null : value;
}

/** Money as the wire carries it: trimmed text, or null for an empty input. Never parsed into a float. */
function moneyOf(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The editable values in the wire's shape (counts and money as the API takes them), without the keys. */
export function formToWireValues(values: RecordFormValues) {
  const wire: Record<string, string | number | null> = {
    fiscal_year: values.fiscal_year,
    term: values.term,
    notes: isBlank(values.notes) ? null : values.notes,
  };
  for (const field of COUNT_FIELDS) wire[field] = countOf(values[field]);
  for (const field of MONEY_FIELDS) wire[field] = moneyOf(values[field]);
  return wire as Omit<RecordCreate, 'institution_id' | 'program_id' | 'status'> & Record<string, unknown>;
}

/** The `PUT /api/records` body of the form's values. */
export function formToCreateBody(values: RecordFormValues, status: RecordStatus): RecordCreate {
  return {
    ...formToWireValues(values),
    institution_id: Number(values.institution_id),
    program_id: Number(values.program_id),
    term: values.term as RecordCreate['term'],
    status,
  };
}

/** The `PATCH /api/records/{id}` body: every editable value (the server keeps only what changed) and the version loaded. */
export function formToPatchBody(values: RecordFormValues, status: RecordStatus, version: number): RecordUpdate {
  const { fiscal_year, term, ...rest } = formToWireValues(values);
  return { ...rest, fiscal_year, term: term as RecordUpdate['term'], status, version };
}

/**
 * The form's errors for saving with `status`: the shared rules (src/shared/record-rules.ts), so the form words every
 * error as the API does, plus the choices the form asks for. One message per field.
 */
export function validateRecordForm(values: RecordFormValues, status: RecordStatus): FieldErrors {
  const errors: FieldErrors = {};
  if (values.institution_id === '') errors.institution_id = RECORD_UI.choose.institution;
  if (values.program_id === '') errors.program_id = RECORD_UI.choose.program;
  if (values.term !== '' && !(TERMS as readonly string[]).includes(values.term)) errors.term = RECORD_UI.choose.term;
  for (const [field, messages] of Object.entries(validateRecord({ ...formToWireValues(values), status }, { status }))) {
    if (messages.length > 0 && !errors[field]) errors[field] = messages.join(' ');
  }
  return errors;
}

/** Tidies a valid amount as the database will store it ("7.5" → "7.50"); anything else stays as typed. */
export function tidyMoney(field: MoneyField, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || moneyFieldError(field, trimmed)) return value;
  return normalizeMoney(trimmed);
}

/** Whether two sets of form values hold the same things (for the unsaved-changes guard). */
export function sameFormValues(a: RecordFormValues, b: RecordFormValues): boolean {
  return RECORD_FORM_FIELD_NAMES.every((field) => sameFieldValue(field, a[field], b[field]));
}

/** Two values of one field are the same: money compares as stored ("7.5" is "7.50"), text ignores outer spaces. */
export function sameFieldValue(field: RecordFormField, a: unknown, b: unknown): boolean {
  if ((MONEY_FIELDS as readonly string[]).includes(field) && typeof a === 'string' && typeof b === 'string') {
    return tidyMoney(field as MoneyField, a).trim() === tidyMoney(field as MoneyField, b).trim();
  }
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/** The fiscal year a moment falls in, by B.C.'s calendar (April to March). */
export function fiscalYearOfDate(date: Date): string {
  return fiscalYearOfDay(bcToday(date));
}

/**
 * The fiscal years offered, newest first: the current one back to ten before it. None later: a record is one term's
 * placements, and a year that has not started has none yet.
 */
export function fiscalYearOptions(today: Date, back = 10): string[] {
  const current = fiscalYearStart(fiscalYearOfDate(today));
  const years: string[] = [];
  for (let start = current; start >= current - back; start--) {
    years.push(`${start}/${String((start + 1) % 100).padStart(2, '0')}`);
  }
  return years;
}
