import {
  countFieldError,
  isBlank,
  MONEY_FIELDS,
  moneyFieldError,
  normalizeMoney,
  type CountField,
  type MoneyField,
} from '../../../../shared/record-rules.ts';
import { plainFigure } from '../../../../shared/figure-text.ts';

/** A figure of the grid: what the record form calls a figure (counts and money). */
export type GridField = CountField | MoneyField;

/** A cell's text read as the record's value: null for blank, a number for a count, "23.45" for money; or why not. */
export type CellValue = { value: number | string | null; error: null } | { value: undefined; error: string };

const isMoney = (field: GridField): field is MoneyField => (MONEY_FIELDS as readonly string[]).includes(field);

/**
 * A cell's text as the record's value, judged by the record's own rule for the field (shared/record-rules.ts), so the
 * grid refuses in the same words as the form and the server. Text that is not a number (a pasted formula, a word) is
 * refused as the rule refuses a value that is not a whole number or an amount.
 */
export function readCell(field: GridField, text: string): CellValue {
  if (isBlank(text)) return { value: null, error: null };
  const money = isMoney(field);
  // Text that is not a number as written goes to the rule as it is: the rule takes only plain digits, so it refuses
  // it as not a whole number or not an amount, in its own words.
  const plain = plainFigure(text, money);
  if (money) {
    const error = moneyFieldError(field, plain ?? text);
    return error === null ? { value: normalizeMoney(plain!), error: null } : { value: undefined, error };
  }
  const value = plain === null ? text : Number(plain);
  const error = countFieldError(field, value);
  return error ? { value: undefined, error } : { value: value as number, error: null };
}

/** A record's value as the cell shows it: "" for none. */
export function cellTextOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
