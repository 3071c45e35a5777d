import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import { FIGURE_SECTIONS, formatCount, formatMoney } from './sections.ts';

describe('record sections', () => {
  it('show every count and amount exactly once', () => {
    const shown = FIGURE_SECTIONS.flatMap((s) => s.fields);
    expect([...shown].sort()).toEqual([...COUNT_FIELDS, ...MONEY_FIELDS].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('formats money as CAD from the string, cent for cent', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('99999999.99')).toBe('$99,999,999.99');
    expect(formatMoney('0.07')).toBe('$0.07');
    expect(formatMoney('23')).toBe('$23.00');
    expect(formatMoney('not money')).toBe('not money');
  });

  it('formats counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
