import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countFieldError, MAX_COUNT, moneyFieldError, normalizeMoney } from '../../../../shared/record-rules.ts';
import { plainFigure } from '../../../../shared/figure-text.ts';
import { figureTexts } from '../../../../shared/figure-text.test-support.ts';
import { readCell } from './cell-text.ts';

describe('a cell as the record reads it', () => {
  it('reads counts as people write them, with thousands separators', () => {
    expect(readCell('students_placed', ' 1,234 ')).toEqual({ value: 1234, error: null });
    expect(readCell('students_placed', '1 234')).toEqual({ value: 1234, error: null });
    expect(readCell('students_placed', '')).toEqual({ value: null, error: null });
    expect(readCell('students_placed', '0')).toEqual({ value: 0, error: null });
  });

  it('refuses in the record rule’s own words', () => {
    expect(readCell('students_placed', '-3').error).toBe('Students placed cannot be negative');
    expect(readCell('students_placed', '1.5').error).toBe('Students placed must be a whole number');
    expect(readCell('students_placed', '1,5').error).toBe('Students placed must be a whole number');
    expect(readCell('students_placed', '=SUM(A1:A3)').error).toBe('Students placed must be a whole number');
    expect(readCell('students_placed', '12,34').error).toBe('Students placed must be a whole number');
    expect(readCell('students_placed', String(MAX_COUNT + 1)).error).toBe('Students placed must be at most 1,000,000');
    expect(readCell('avg_hourly_wage', '$1,234.5')).toEqual({ value: '1234.50', error: null });
    expect(readCell('avg_hourly_wage', '23.456').error).toMatch(/at most two decimals/);
    expect(readCell('avg_hourly_wage', '-$2').error).toMatch(/cannot be negative/);
  });

  it('reads every whole number in range, however grouped, and refuses every other count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_COUNT }), fc.boolean(), (n, grouped) => {
        const text = grouped ? n.toLocaleString('en-CA') : String(n);
        expect(readCell('employers_total', text)).toEqual({ value: n, error: null });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = readCell('employers_total', text);
        // Whatever is accepted is a value the record's own rule accepts.
        if (read.error === null) expect(countFieldError('employers_total', read.value)).toBeNull();
        else expect(read.value).toBeUndefined();
      }),
    );
  });

  // The import reads a file's cells the same way (import-values.unit.test.ts): both go through shared/figure-text.ts.
  it('is the figure shared/figure-text.ts reads, when the record rule accepts it; refused otherwise', () => {
    fc.assert(
      fc.property(figureTexts, (text) => {
        const blank = text.trim() === '';
        const plain = plainFigure(text, false);
        const n = plain === null ? null : Number(plain);
        const count = readCell('students_placed', text);
        if (blank) expect(count).toEqual({ value: null, error: null });
        else if (n !== null && countFieldError('students_placed', n) === null) expect(count).toEqual({ value: n, error: null });
        else expect(count.error).toEqual(expect.any(String));

        const amount = plainFigure(text, true);
        const money = readCell('avg_hourly_wage', text);
        if (blank) expect(money).toEqual({ value: null, error: null });
        else if (amount !== null && moneyFieldError('avg_hourly_wage', amount) === null)
          expect(money).toEqual({ value: normalizeMoney(amount), error: null });
        else expect(money.error).toEqual(expect.any(String));
      }),
    );
  });
});
