import { describe, expect, it } from 'vitest';
import { formatCell, formatMoney, isChangePercent, numericValue } from './report-format.ts';

const col = (kind: 'text' | 'count' | 'percent' | 'change' | 'money', key = 'x') => ({ key, kind });

describe('formatCell', () => {
  it('writes counts with thousands separators and no decimals', () => {
    expect(formatCell(col('count'), 1234567)).toBe('1,234,567');
    expect(formatCell(col('count'), 0)).toBe('0');
  });

  it('writes percentages with one decimal and a percent sign', () => {
    expect(formatCell(col('percent'), 72.25)).toBe('72.3%');
    expect(formatCell(col('percent'), 100)).toBe('100.0%');
    expect(formatCell(col('percent'), 1234.5)).toBe('1,234.5%');
  });

  it('signs changes, and percentages of change, but not zero', () => {
    expect(formatCell(col('change'), 1500)).toBe('+1,500');
    expect(formatCell(col('change'), -42)).toBe('-42');
    expect(formatCell(col('change'), 0)).toBe('0');
    expect(formatCell(col('percent', 'students_placed_change_pct'), 3.25)).toBe('+3.3%');
    expect(formatCell(col('percent', 'students_placed_change_pct'), -0.5)).toBe('-0.5%');
    expect(formatCell(col('percent', 'placement_pct'), 3.25)).toBe('3.3%');
  });

  it('writes money as CAD with two decimals from the wire text', () => {
    expect(formatCell(col('money'), '1234.5')).toBe('$1,234.50');
    expect(formatCell(col('money'), '23.45')).toBe('$23.45');
    expect(formatCell(col('money'), '0.00')).toBe('$0.00');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
  });

  it('leaves text as it is', () => {
    expect(formatCell(col('text'), '2024/25')).toBe('2024/25');
  });

  it('gives null for missing or unreadable values (shown as "no data")', () => {
    expect(formatCell(col('percent'), null)).toBeNull();
    expect(formatCell(col('money'), undefined)).toBeNull();
    expect(formatCell(col('text'), '')).toBeNull();
    expect(formatCell(col('money'), 'abc')).toBeNull();
  });
});

describe('numericValue', () => {
  it('reads numbers and decimal text, nothing else', () => {
    expect(numericValue(3)).toBe(3);
    expect(numericValue(' 12.50 ')).toBe(12.5);
    expect(numericValue('-3')).toBe(-3);
    expect(numericValue('1e3')).toBeNull();
    expect(numericValue(Number.NaN)).toBeNull();
    expect(numericValue(null)).toBeNull();
  });
});

describe('isChangePercent', () => {
  it('is true only for percentage columns of change', () => {
    expect(isChangePercent({ key: 'work_terms_change_pct', kind: 'percent' })).toBe(true);
    expect(isChangePercent({ key: 'work_terms_change', kind: 'change' })).toBe(false);
    expect(isChangePercent({ key: 'employers_new_pct', kind: 'percent' })).toBe(false);
  });
});
