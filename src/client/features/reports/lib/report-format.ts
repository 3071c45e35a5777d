import type { ReportColumn, ReportColumnKind } from '../../../../shared/schemas/report.ts';

/** One cell as read: the text shown, or null for "no data" (shown as an en dash with a screen-reader text). */
export type CellText = string | null;

const COUNT = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
const CHANGE = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const PERCENT = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SIGNED_PERCENT = new Intl.NumberFormat('en-CA', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const MONEY = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

/** A value as a number, or null when it is missing or not a number (money arrives as text: "23.45"). */
export function numericValue(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** A percentage column that measures a change (year over year): it carries a sign too. */
export function isChangePercent(column: Pick<ReportColumn, 'key' | 'kind'>): boolean {
  return column.kind === 'percent' && column.key.endsWith('_change_pct');
}

export function formatCount(value: number): string {
  return COUNT.format(value);
}

export function formatPercent(value: number, signed = false): string {
  return `${(signed ? SIGNED_PERCENT : PERCENT).format(value)}%`;
}

/** CAD with two decimals: $1,234.50 (the value stays exact up to 15 significant digits). */
export function formatMoney(value: number): string {
  return MONEY.format(value).replace(/^CA\$/, '$');
}

export function formatChange(value: number): string {
  return CHANGE.format(value);
}

/** A number as a column of this kind reads it (used by the chart's labels too). */
export function formatNumber(kind: Exclude<ReportColumnKind, 'text'>, value: number, signed = false): string {
  switch (kind) {
    case 'count':
      return formatCount(value);
    case 'percent':
      return formatPercent(value, signed);
    case 'change':
      return formatChange(value);
    case 'money':
      return formatMoney(value);
  }
}

/**
 * A report cell in the house style: counts with thousands separators, percentages with one decimal and "%", changes
 * with a sign, money as CAD; null (or anything unreadable) is "no data".
 */
export function formatCell(column: Pick<ReportColumn, 'key' | 'kind'>, value: string | number | null | undefined): CellText {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'text') return String(value);
  const n = numericValue(value);
  if (n === null) return null;
  return formatNumber(column.kind, n, isChangePercent(column));
}
