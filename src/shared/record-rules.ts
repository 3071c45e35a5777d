import { RECORD_STATUSES, TERMS } from './constants.ts';
import { TEXT_FIELD_ERRORS } from './messages.ts';
import { normalizeText, textError, type TextRule } from './schemas/text.ts';

/**
 * The validation rules of a record (docs/product.md §4.4), shared by the form and the server so both say the same
 * thing in the same words. Every function is pure and takes any record-like object: the API's wire record,
 * a create or update body, or the form's values (where an empty input may be '' rather than null).
 *
 * Drafts and submitted records:
 * - Always: fiscal year and term are present and well formed; every value that is present passes its own
 *   rule (whole number 0–1,000,000; amount ≥ 0 with at most two decimals; notes ≤ 4,000 characters); and
 *   every comparison whose two sides are both present holds (placed ≤ seeking ≤ enrolled, new employers ≤
 *   employers, each demographic count ≤ placed).
 * - Submitted only: every count is present, and the three work-term splits (duration, location, employer
 *   sector) each add up to students placed. A draft is work in progress, so its splits are not checked.
 * - Money (wage and fees) and notes are optional in both states: a term with no paid placements has no wage.
 */

export const PARTICIPATION_FIELDS = ['students_enrolled', 'students_seeking', 'students_placed'] as const;
export const DURATION_FIELDS = ['wt_4_month', 'wt_8_month', 'wt_12_month_plus'] as const;
/** The eight development regions in REGIONS order, then the rest of Canada, then abroad. */
export const LOCATION_FIELDS = [
  'wt_vancouver_island_coast',
  'wt_mainland_southwest',
  'wt_thompson_okanagan',
  'wt_kootenay',
  'wt_cariboo',
  'wt_north_coast',
  'wt_nechako',
  'wt_northeast',
  'wt_other_canada',
  'wt_international',
] as const;
export const SECTOR_FIELDS = ['wt_private', 'wt_public', 'wt_nonprofit'] as const;
export const EMPLOYER_FIELDS = ['employers_total', 'employers_new'] as const;
export const DEMOGRAPHIC_FIELDS = ['intl_students', 'indigenous_students', 'students_with_disability'] as const;
export const COUNT_FIELDS = [
  ...PARTICIPATION_FIELDS,
  ...DURATION_FIELDS,
  ...LOCATION_FIELDS,
  ...SECTOR_FIELDS,
  ...EMPLOYER_FIELDS,
  ...DEMOGRAPHIC_FIELDS,
] as const;
export const MONEY_FIELDS = ['avg_hourly_wage', 'coop_fee_domestic', 'coop_fee_international'] as const;

export type CountField = (typeof COUNT_FIELDS)[number];
export type MoneyField = (typeof MONEY_FIELDS)[number];
/** The values a person enters on a record (its keys institution and program aside). */
/** Every figure of a record: the counts, then the amounts of money. */
export const FIGURE_FIELDS = [...COUNT_FIELDS, ...MONEY_FIELDS] as const;
export const EDITABLE_FIELDS = ['fiscal_year', 'term', ...COUNT_FIELDS, ...MONEY_FIELDS, 'notes', 'status'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type RecordField = EditableField | 'institution_id' | 'program_id';

/** Largest count accepted: far above any program's real figures, far below the database's integer limit. */
export const MAX_COUNT = 1_000_000;
/** The money columns are numeric(10, 2): up to eight digits before the point. */
export const MAX_MONEY_DIGITS = 8;
export const MAX_NOTES_LENGTH = 4000;

/** Labels for people, in the form and in every error message. */
export const RECORD_FIELD_LABELS: Record<RecordField, string> = {
  institution_id: 'Institution',
  program_id: 'Program',
  fiscal_year: 'Fiscal year',
  term: 'Term',
  students_enrolled: 'Students enrolled',
  students_seeking: 'Students seeking a work term',
  students_placed: 'Students placed',
  wt_4_month: '4-month work terms',
  wt_8_month: '8-month work terms',
  wt_12_month_plus: '12-month-or-longer work terms',
  wt_vancouver_island_coast: 'Work terms in Vancouver Island/Coast',
  wt_mainland_southwest: 'Work terms in Mainland/Southwest',
  wt_thompson_okanagan: 'Work terms in Thompson-Okanagan',
  wt_kootenay: 'Work terms in Kootenay',
  wt_cariboo: 'Work terms in Cariboo',
  wt_north_coast: 'Work terms in North Coast',
  wt_nechako: 'Work terms in Nechako',
  wt_northeast: 'Work terms in Northeast',
  wt_other_canada: 'Work terms elsewhere in Canada',
  wt_international: 'Work terms outside Canada',
  wt_private: 'Work terms with private-sector employers',
  wt_public: 'Work terms with public-sector employers',
  wt_nonprofit: 'Work terms with non-profit employers',
  employers_total: 'Employers',
  employers_new: 'New employers',
  intl_students: 'International students placed',
  indigenous_students: 'Indigenous students placed',
  students_with_disability: 'Students with a disability placed',
  avg_hourly_wage: 'Average hourly wage',
  coop_fee_domestic: 'Co-op fee (domestic)',
  coop_fee_international: 'Co-op fee (international)',
  notes: 'Notes',
  status: 'Status',
};

export type SplitName = 'duration' | 'location' | 'sector';

/** The three ways work terms are split; each must add up to students placed. The sum error is reported on `errorField`, the split's first input. */
export const WORK_TERM_SPLITS: Record<SplitName, { label: string; fields: readonly CountField[]; errorField: CountField }> = {
  duration: { label: 'Work terms by duration', fields: DURATION_FIELDS, errorField: DURATION_FIELDS[0] },
  location: { label: 'Work terms by location', fields: LOCATION_FIELDS, errorField: LOCATION_FIELDS[0] },
  sector: { label: 'Work terms by employer sector', fields: SECTOR_FIELDS, errorField: SECTOR_FIELDS[0] },
};

/** Field errors as the API's 400 body and the form carry them: field name → messages. */
export type FieldErrors = Record<string, string[]>;

/** Any object with some of a record's fields: the wire record, a request body or the form's values. */
export type RecordLike = { readonly [K in RecordField]?: unknown };

const FISCAL_YEAR_PATTERN = /^(\d{4})\/(\d{2})$/;
const AMOUNT_PATTERN = /^-?\d+(\.\d+)?$/;
const numberFormat = new Intl.NumberFormat('en-CA');

/** Empty in the sense of "not entered yet": undefined, null or an empty input. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A count that is present and valid, or null. */
function countValue(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT ? value : null;
}

/** The fiscal year a term starting in `startYear` belongs to: `2024` → `2024/25`. */
export function fiscalYearOf(startYear: number): string {
  return `${String(startYear).padStart(4, '0')}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The error of one count, or null when it is blank or valid. */
export function countFieldError(field: CountField, value: unknown): string | null {
  if (isBlank(value)) return null;
  const label = RECORD_FIELD_LABELS[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${label} must be a whole number`;
  if (value < 0) return `${label} cannot be negative`;
  if (value > MAX_COUNT) return `${label} must be at most ${numberFormat.format(MAX_COUNT)}`;
  return null;
}

/** The error of one amount of money (a string such as "23.45"), or null when it is blank or valid. */
export function moneyFieldError(field: MoneyField, value: unknown): string | null {
  if (isBlank(value)) return null;
  const label = RECORD_FIELD_LABELS[field];
  if (typeof value !== 'string' || !AMOUNT_PATTERN.test(value)) {
    return `${label} must be an amount in dollars and cents, such as 23.45`;
  }
  if (value.startsWith('-')) return `${label} cannot be negative`;
  const [whole = '', cents = ''] = value.split('.');
  if (cents.length > 2) return `${label} can have at most two decimals (cents), such as 23.45`;
  if (whole.replace(/^0+/, '').length > MAX_MONEY_DIGITS) return `${label} must be less than $100,000,000`;
  return null;
}

/** An amount as the database stores it: "7.5" → "7.50", "0023" → "23.00". Call only on a valid amount. */
export function normalizeMoney(value: string): string {
  const [whole = '0', cents = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${cents.padEnd(2, '0')}`;
}

/** The error of a fiscal year, or null. Required on every record. */
/**
 * The fiscal years a record may have: those whose every term can be a reporting period (term-calendar's PERIOD_YEARS,
 * 1900 to 2999, holds their dates). A record of 0000/01 could never be in a term return, so never be locked, approved
 * or released.
 */
export const RECORD_FISCAL_YEARS = { first: 1900, last: 2998 } as const;

export function fiscalYearError(value: unknown): string | null {
  if (isBlank(value)) return 'Fiscal year is required';
  const match = typeof value === 'string' ? FISCAL_YEAR_PATTERN.exec(value) : null;
  if (!match)
    return 'Fiscal year must be written like 2024/25: the year it starts in April, a slash, and the next year’s last two digits';
  const start = Number(match[1]);
  const expected = fiscalYearOf(start);
  if (value !== expected)
    return `Fiscal year ${String(value)} is not valid: a fiscal year starting in ${match[1]} is written ${expected}`;
  if (start < RECORD_FISCAL_YEARS.first || start > RECORD_FISCAL_YEARS.last)
    return `Fiscal year must be from ${fiscalYearOf(RECORD_FISCAL_YEARS.first)} to ${fiscalYearOf(RECORD_FISCAL_YEARS.last)}`;
  return null;
}

/** The error of a term, or null. Required on every record. */
export function termError(value: unknown): string | null {
  if (isBlank(value)) return 'Term is required';
  if (!(TERMS as readonly unknown[]).includes(value)) return `Term must be one of: ${TERMS.join(', ')}`;
  return null;
}

/** The error of a status, or null; a blank status means a draft. */
export function statusError(value: unknown): string | null {
  if (isBlank(value)) return null;
  if (!(RECORD_STATUSES as readonly unknown[]).includes(value)) return 'Status must be draft or submitted';
  return null;
}

/** Notes are multi-line text under the shared text rule (schemas/text.ts): no control characters but tab and line break. */
export const NOTES_TEXT_RULE: TextRule = { label: 'Notes', max: MAX_NOTES_LENGTH, multiline: true };

/** The error of notes as typed or sent, judged after the normalising the API applies (NFC, trimmed, line ends). */
export function notesError(value: unknown): string | null {
  if (isBlank(value)) return null;
  if (typeof value !== 'string') return TEXT_FIELD_ERRORS.notText(NOTES_TEXT_RULE.label);
  return textError(normalizeText(value, true), NOTES_TEXT_RULE);
}

/** The status a record is checked against: submitted, or (blank or anything else) draft. */
export function recordStatus(record: RecordLike): 'draft' | 'submitted' {
  return record.status === 'submitted' ? 'submitted' : 'draft';
}

function add(errors: FieldErrors, field: string, message: string | null): void {
  if (message) (errors[field] ??= []).push(message);
}

/** Errors of each value on its own: formats and ranges, and the required fiscal year and term. */
export function fieldRuleErrors(record: RecordLike): FieldErrors {
  const errors: FieldErrors = {};
  add(errors, 'fiscal_year', fiscalYearError(record.fiscal_year));
  add(errors, 'term', termError(record.term));
  for (const field of COUNT_FIELDS) add(errors, field, countFieldError(field, record[field]));
  for (const field of MONEY_FIELDS) add(errors, field, moneyFieldError(field, record[field]));
  add(errors, 'notes', notesError(record.notes));
  add(errors, 'status', statusError(record.status));
  return errors;
}

/** The counts a record still needs before it can be submitted. */
export function missingForSubmission(record: RecordLike): CountField[] {
  return COUNT_FIELDS.filter((field) => isBlank(record[field]));
}

/** The sum of a split's values entered so far (blank counts as 0), for running totals in the form. */
export function splitTotal(record: RecordLike, split: SplitName): number {
  return WORK_TERM_SPLITS[split].fields.reduce((sum, field) => sum + (countValue(record[field]) ?? 0), 0);
}

/** Placement rate, placed / seeking, as a fraction; null when either is missing or nobody sought a work term. */
export function placementRate(record: RecordLike): number | null {
  const placed = countValue(record.students_placed);
  const seeking = countValue(record.students_seeking);
  return placed === null || seeking === null || seeking === 0 ? null : placed / seeking;
}

/** The comparisons between fields, each checked when both of its sides are present and valid. */
function comparisonErrors(record: RecordLike, errors: FieldErrors): void {
  const enrolled = countValue(record.students_enrolled);
  const seeking = countValue(record.students_seeking);
  const placed = countValue(record.students_placed);
  if (placed !== null && seeking !== null && placed > seeking) {
    add(errors, 'students_placed', `Students placed (${placed}) cannot be more than students seeking a work term (${seeking})`);
  }
  if (seeking !== null && enrolled !== null && seeking > enrolled) {
    add(
      errors,
      'students_seeking',
      `Students seeking a work term (${seeking}) cannot be more than students enrolled (${enrolled})`,
    );
  }
  if (seeking === null && placed !== null && enrolled !== null && placed > enrolled) {
    add(errors, 'students_placed', `Students placed (${placed}) cannot be more than students enrolled (${enrolled})`);
  }
  const employers = countValue(record.employers_total);
  const newEmployers = countValue(record.employers_new);
  if (employers !== null && newEmployers !== null && newEmployers > employers) {
    add(errors, 'employers_new', `New employers (${newEmployers}) cannot be more than employers in total (${employers})`);
  }
  if (placed !== null) {
    for (const field of DEMOGRAPHIC_FIELDS) {
      const value = countValue(record[field]);
      if (value !== null && value > placed) {
        add(errors, field, `${RECORD_FIELD_LABELS[field]} (${value}) cannot be more than students placed (${placed})`);
      }
    }
  }
}

/** Each split must add up to students placed; checked only when placed and every part of the split are present. */
function splitErrors(record: RecordLike, errors: FieldErrors): void {
  const placed = countValue(record.students_placed);
  if (placed === null) return;
  for (const split of Object.values(WORK_TERM_SPLITS)) {
    if (split.fields.some((field) => countValue(record[field]) === null)) continue;
    const total = split.fields.reduce((sum, field) => sum + (countValue(record[field]) ?? 0), 0);
    if (total !== placed) {
      add(errors, split.errorField, `${split.label} add up to ${total}; they must equal students placed (${placed})`);
    }
  }
}

/** The error of a figure left empty on a record being submitted (a draft may leave it empty). */
export function requiredToSubmitMessage(field: CountField): string {
  return `${RECORD_FIELD_LABELS[field]} is required to submit the record; save it as a draft to finish later`;
}

/**
 * Every error of a record for its status (see the top of this file): {} when it may be saved as it is.
 * Pass `{ status: 'submitted' }` to see what still stands between a draft and submission.
 */
export function validateRecord(record: RecordLike, options: { status?: 'draft' | 'submitted' } = {}): FieldErrors {
  const errors = fieldRuleErrors(record);
  const status = options.status ?? recordStatus(record);
  if (status === 'submitted') {
    for (const field of missingForSubmission(record)) {
      if (!errors[field]) add(errors, field, requiredToSubmitMessage(field));
    }
  }
  comparisonErrors(record, errors);
  if (status === 'submitted') splitErrors(record, errors);
  return errors;
}

/** One sentence for the top of a 400 or an error summary: the first few messages, then how many more. */
export function summarizeFieldErrors(errors: FieldErrors, max = 3): string {
  const messages = Object.values(errors).flat();
  if (messages.length === 0) return 'The record is valid';
  const shown = messages.slice(0, max).join('. ');
  const more = messages.length - max;
  return `The record cannot be saved: ${shown}${more > 0 ? `. And ${more} more problem${more === 1 ? '' : 's'}` : ''}.`;
}

// ---- Outliers: warnings, not errors ---------------------------------------------------------------------
// The server gives a program's medians (GET /api/records/medians); the form compares with them
// (client/features/records/lib/outlier-check.ts). These are the two thresholds of that comparison.

/** Medians below this are too small to call anything an outlier (3 after 1 is not news). */
export const OUTLIER_MIN_MEDIAN = 5;
/** Fewer earlier terms than this make no history to compare with. */
export const OUTLIER_MIN_HISTORY = 3;

/**
 * Whether a value is far from a program's history, the one rule of the record form's warnings, the whole-term grid's and
 * the figures an approver sees: more than double ('high') or less than half ('low') the median of the program's recent
 * terms, given at least OUTLIER_MIN_HISTORY of them and a median of at least OUTLIER_MIN_MEDIAN; else null.
 */
export function farFromHistory(value: number | null, median: number | null | undefined, terms: number): 'high' | 'low' | null {
  if (value === null || median === null || median === undefined) return null;
  if (terms < OUTLIER_MIN_HISTORY || median < OUTLIER_MIN_MEDIAN) return null;
  return value > 2 * median ? 'high' : value < median / 2 ? 'low' : null;
}
