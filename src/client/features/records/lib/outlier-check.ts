import {
  COUNT_FIELDS,
  countFieldError,
  MONEY_FIELDS,
  moneyFieldError,
  OUTLIER_MIN_HISTORY,
  OUTLIER_MIN_MEDIAN,
  RECORD_FIELD_LABELS,
} from '../../../../shared/record-rules.ts';
import type { MedianField, RecordMedians } from '../../../../shared/schemas/record.ts';
import type { RecordFormValues } from './record-form-model.ts';

const count = new Intl.NumberFormat('en-CA');
const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

/** A value as entered, as a number to compare with a median; null when empty or not valid (its error says so instead). */
function comparable(values: RecordFormValues, field: MedianField): number | null {
  if ((COUNT_FIELDS as readonly string[]).includes(field)) {
    const value = values[field as (typeof COUNT_FIELDS)[number]];
    return value === '' || countFieldError(field as (typeof COUNT_FIELDS)[number], value) ? null : value;
  }
  const text = values[field as (typeof MONEY_FIELDS)[number]].trim();
  // Only compared, never stored or summed: a float is fine here.
  return text === '' || moneyFieldError(field as (typeof MONEY_FIELDS)[number], text) ? null : Number(text);
}

/**
 * Values far from the program's own history: more than double, or less than half, the median of its last six
 * terms before this one. Warnings, not errors: saving asks to confirm. Needs three earlier terms and a median of at
 * least 5 (3 after 1 is not news); one message per field.
 */
export function outlierWarnings(values: RecordFormValues, medians: RecordMedians | undefined): Record<string, string> {
  const warnings: Record<string, string> = {};
  if (!medians || medians.terms < OUTLIER_MIN_HISTORY) return warnings;
  for (const field of [...COUNT_FIELDS, ...MONEY_FIELDS] as MedianField[]) {
    const value = comparable(values, field);
    const typical = medians.medians[field];
    if (value === null || typical === null || typical === undefined || typical < OUTLIER_MIN_MEDIAN) continue;
    const money = (MONEY_FIELDS as readonly string[]).includes(field);
    const show = (n: number) => (money ? cad.format(n) : count.format(n));
    const label = RECORD_FIELD_LABELS[field];
    const of = `this program's median over its last ${medians.terms} terms (${show(typical)})`;
    if (value > 2 * typical) warnings[field] = `${label} (${show(value)}) is more than double ${of}; check it before saving`;
    else if (value < typical / 2) warnings[field] = `${label} (${show(value)}) is less than half ${of}; check it before saving`;
  }
  return warnings;
}
