import {
  countFieldError,
  isBlank,
  MONEY_FIELDS,
  moneyFieldError,
  normalizeMoney,
  type CountField,
  type MoneyField,
} from '../../../../shared/record-rules.ts';

/** A figure of the grid: what the record form calls a figure (counts and money). */
export type GridField = CountField | MoneyField;

/** A cell's text read as the record's value: null for blank, a number for a count, "23.45" for money; or why not. */
export type CellValue = { value: number | string | null; error: null } | { value: undefined; error: string };

const isMoney = (field: GridField): field is MoneyField => (MONEY_FIELDS as readonly string[]).includes(field);

/** Spaces of any kind a spreadsheet or a locale puts between digit groups ("1 234", "1 234"). */
const GROUP_SPACES = /[\s\u00a0\u2007\u202f]/g;

/**
 * The digits a person meant: thousands separators ("1,234"), spaces between groups and, for money, a leading dollar
 * sign are dropped; anything else is left for the record's own rule to refuse in its own words. A comma is taken as a
 * thousands separator only between groups of three digits, so "1,5" is refused, not read as 15.
 */
function plainNumber(text: string, money: boolean): string {
  let plain = text.replace(GROUP_SPACES, '');
  if (money) plain = plain.replace(/^(-?)\$/, '$1');
  if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(plain)) plain = plain.replaceAll(',', '');
  return plain;
}

/**
 * A cell's text as the record's value, judged by the record's own rule for the field (shared/record-rules.ts), so the
 * grid refuses in the same words as the form and the server. Text that is not a number (a pasted formula, a word) is
 * refused as the rule refuses a value that is not a whole number or an amount.
 */
export function readCell(field: GridField, text: string): CellValue {
  if (isBlank(text)) return { value: null, error: null };
  const money = isMoney(field);
  const plain = plainNumber(text.trim(), money);
  if (money) {
    const error = moneyFieldError(field, plain);
    return error ? { value: undefined, error } : { value: normalizeMoney(plain), error: null };
  }
  const value = /^-?\d+$/.test(plain) ? Number(plain) : /^-?\d*\.\d+$/.test(plain) ? Number(plain) : plain;
  const error = countFieldError(field, value);
  return error ? { value: undefined, error } : { value: value as number, error: null };
}

/** A record's value as the cell shows it: "" for none. */
export function cellTextOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
