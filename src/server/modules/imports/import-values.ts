import { TERMS, RECORD_STATUSES, type Term } from '../../../shared/constants.ts';
import { undoFormulaGuard } from '../../files/formula-guard.ts';
import {
  countFieldError,
  fiscalYearError,
  fiscalYearOf,
  moneyFieldError,
  normalizeMoney,
  NOTES_TEXT_RULE,
  RECORD_FIELD_LABELS,
  type CountField,
  type MoneyField,
} from '../../../shared/record-rules.ts';
import { checkText } from '../../../shared/schemas/text.ts';
import { plainFigure } from '../../../shared/figure-text.ts';

/**
 * Spreadsheet cells → record values. Cells arrive as text (numbers as a spreadsheet shows them, with thousands
 * separators or a dollar sign, read by shared/figure-text.ts as the whole-term grid reads a paste); each converter
 * answers the value or an error in words naming the field.
 */

export type Converted<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = (message: string): Converted<never> => ({ ok: false, message });
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** A blank cell: nothing, or only spaces. */
export const isBlankCell = (text: string | undefined) => text === undefined || text.trim() === '';

/** The record export guards text a spreadsheet would run as a formula with a leading apostrophe; undo it. */
export const unguardText = undoFormulaGuard;

/** A count: a whole number, blank → null; "1,234" is 1234, "12.0" is 12. */
export function convertCount(field: CountField, text: string): Converted<number | null> {
  if (isBlankCell(text)) return ok(null);
  const label = RECORD_FIELD_LABELS[field];
  const plain = plainFigure(text, false);
  if (plain === null) return fail(`${label} must be a whole number; ${quoted(text.trim())} is not one`);
  const n = Number(plain);
  if (!Number.isInteger(n)) return fail(`${label} must be a whole number; ${quoted(text.trim())} is not one`);
  const error = countFieldError(field, n);
  return error ? fail(error) : ok(n);
}

/** An amount in dollars: blank → null; "$1,234.5" is "1234.50". */
export function convertMoney(field: MoneyField, text: string): Converted<string | null> {
  if (isBlankCell(text)) return ok(null);
  const label = RECORD_FIELD_LABELS[field];
  const plain = plainFigure(text, true);
  if (plain === null)
    return fail(`${label} must be an amount in dollars and cents, such as 23.45; ${quoted(text.trim())} is not one`);
  const error = moneyFieldError(field, plain);
  return error ? fail(error) : ok(normalizeMoney(plain));
}

/** A fiscal year: "2024/25", also written "2024-25", "2024/2025" or "2024-2025". */
export function convertFiscalYear(text: string): Converted<string> {
  const t = text.trim();
  const match = /^(\d{4})\s*[/\-–]\s*(\d{2}|\d{4})$/.exec(t);
  if (match) {
    const start = Number(match[1]);
    const end = match[2]!;
    const expectedEnd = end.length === 4 ? String(start + 1) : fiscalYearOf(start).slice(5);
    if (end === expectedEnd) return ok(fiscalYearOf(start));
  }
  return fail(fiscalYearError(t) ?? `Fiscal year ${quoted(t)} is not valid`);
}

/** A term, ignoring letter case: "fall" is Fall. */
export function convertTerm(text: string): Converted<Term> {
  const t = text.trim().toLowerCase();
  const term = TERMS.find((x) => x.toLowerCase() === t);
  return term ? ok(term) : fail(`Term must be one of: ${TERMS.join(', ')}; ${quoted(text.trim())} is not one`);
}

/** A status: draft or submitted, ignoring case; blank → submitted (figures kept in a spreadsheet are final). */
export function convertStatus(text: string): Converted<'draft' | 'submitted'> {
  if (isBlankCell(text)) return ok('submitted');
  const t = text.trim().toLowerCase();
  const status = RECORD_STATUSES.find((s) => s === t);
  return status ? ok(status) : fail(`Status must be draft or submitted; ${quoted(text.trim())} is not one`);
}

/** Notes: blank → null; the export's formula guard is undone; then the notes rule every form and route applies. */
export function convertNotes(text: string): Converted<string | null> {
  if (isBlankCell(text)) return ok(null);
  const checked = checkText(unguardText(text), NOTES_TEXT_RULE);
  if (!checked.ok) return checked;
  return ok(checked.value === '' ? null : checked.value);
}

/** A positive whole-number id (Record ID, Program ID). */
export function convertId(label: string, text: string): Converted<number> {
  const t = text.trim().replace(/\.0+$/, '');
  if (!/^\d{1,10}$/.test(t) || Number(t) < 1 || Number(t) > 2_147_483_647) {
    return fail(`${label} must be a whole number; ${quoted(text.trim())} is not one`);
  }
  return ok(Number(t));
}

/** The record version the export wrote: a positive whole number. */
export const convertVersion = (text: string): Converted<number> => convertId('Record version', text);

/**
 * When the file's copy of a record was last changed, as an instant (ms since 1970, UTC): the export's
 * "YYYY-MM-DD HH:MM:SS" (also with a T or a trailing Z, or a date alone, read as its first second), or a workbook's
 * date read as such. Seconds are the export's precision.
 */
export function convertLastChanged(text: string): Converted<number> {
  const t = text.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/.exec(t);
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
    const ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
    const back = new Date(ms);
    // Date.UTC rolls 2025-02-30 over into March: refuse what is not a real date and time.
    if (back.getUTCDate() === day && hour! < 24 && minute! < 60 && second! < 60) return ok(ms);
  }
  return fail(`Last changed (UTC) must be a date and time such as 2025-11-20 14:05:09; ${quoted(t)} is not one`);
}
