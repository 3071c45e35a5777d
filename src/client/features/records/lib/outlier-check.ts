import {
  COUNT_FIELDS,
  countFieldError,
  MONEY_FIELDS,
  moneyFieldError,
  farFromHistory,
  RECORD_FIELD_LABELS,
} from '../../../../shared/record-rules.ts';
import type { MedianField, RecordMedians } from '../../../../shared/schemas/record-medians.ts';
import { RECORD_UI } from '../messages.ts';
import type { RecordFormValues } from './record-form-model.ts';

const count = new Intl.NumberFormat('en-CA');
const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });
const W = RECORD_UI.outlier.finding;

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

/** How the value came to be: typed into an empty field, changed from the saved value, or as saved and not touched. */
export type OutlierOrigin = 'entered' | 'changed' | 'unchanged';

export interface OutlierFinding {
  field: MedianField;
  message: string;
  origin: OutlierOrigin;
  /** How far from the median, as the size of the ratio's logarithm: ×10 and ÷10 are equally far; 0 is farthest. */
  distance: number;
}

/**
 * Values far from the program's own history: more than double, or less than half, the median of its last six
 * terms before this one. Warnings, not errors: saving asks to confirm. Needs three earlier terms and a median of at
 * least 5 (3 after 1 is not news). Each names whether the person just entered or changed it or it is as `saved`
 * (what the form was opened with, or last saved). The figures just entered or changed come first, those as saved after
 * them (a question about what was typed should not open on an old figure), and within each the most serious (farthest
 * from the median) first, so a $2.45 wage against $24 is not listed after 100 enrolled against 45.
 */
export function outlierFindings(
  values: RecordFormValues,
  medians: RecordMedians | undefined,
  saved: RecordFormValues,
): OutlierFinding[] {
  if (!medians) return [];
  const findings: OutlierFinding[] = [];
  for (const field of [...COUNT_FIELDS, ...MONEY_FIELDS] as MedianField[]) {
    const value = comparable(values, field);
    const typical = medians.medians[field];
    const side = farFromHistory(value, typical, medians.terms);
    if (side === null || value === null || typical === null || typical === undefined) continue;
    const high = side === 'high';
    const money = (MONEY_FIELDS as readonly string[]).includes(field);
    const show = (n: number) => (money ? cad.format(n) : count.format(n));
    const before = comparable(saved, field);
    const origin: OutlierOrigin = before === value ? 'unchanged' : before === null ? 'entered' : 'changed';
    const label = RECORD_FIELD_LABELS[field];
    const far = W.far(high, medians.terms, show(typical));
    const message = origin === 'changed' ? W.changed(label, show(before!), show(value), far) : W[origin](label, show(value), far);
    findings.push({ field, message, origin, distance: Math.abs(Math.log(value / typical)) });
  }
  // What was just typed first (what the question is about), then the farthest; stable: equally far keep the form's order.
  const asSaved = (f: OutlierFinding) => (f.origin === 'unchanged' ? 1 : 0);
  return findings.sort((a, b) => asSaved(a) - asSaved(b) || b.distance - a.distance);
}

/** The findings by field, for the warning under each field. */
export function outlierWarnings(findings: readonly OutlierFinding[]): Record<string, string> {
  return Object.fromEntries(findings.map((f) => [f.field, f.message]));
}
