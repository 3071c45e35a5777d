import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countFieldError, moneyFieldError, normalizeMoney } from '../../../shared/record-rules.ts';
import { plainFigure } from '../../../shared/figure-text.ts';
import { figureTexts } from '../../../shared/figure-text.test-support.ts';
import { columnLetter } from './import-files.ts';
import { isDateFormat, numberText, referenceColumn, serialDateText } from './xlsx-sheet.ts';
import {
  convertCount,
  convertFiscalYear,
  convertId,
  convertMoney,
  convertNotes,
  convertStatus,
  convertTerm,
  unguardText,
} from './import-values.ts';

const value = <T>(c: { ok: true; value: T } | { ok: false; message: string }) => (c.ok ? c.value : `ERROR: ${c.message}`);

describe('import cell conversion', () => {
  it('reads counts with thousands separators; blank is null; anything else is an error naming the field', () => {
    expect(value(convertCount('students_placed', '42'))).toBe(42);
    expect(value(convertCount('students_placed', ' 1,234 '))).toBe(1234);
    expect(value(convertCount('students_placed', '1 234'))).toBe(1234);
    expect(value(convertCount('students_placed', '12.0'))).toBe(12);
    expect(value(convertCount('students_placed', ''))).toBeNull();
    expect(value(convertCount('students_placed', '   '))).toBeNull();
    expect(value(convertCount('students_placed', '12,34'))).toBe(
      'ERROR: Students placed must be a whole number; "12,34" is not one',
    );
    expect(value(convertCount('students_placed', '2.5'))).toBe('ERROR: Students placed must be a whole number; "2.5" is not one');
    expect(value(convertCount('students_placed', '-3'))).toBe('ERROR: Students placed cannot be negative');
    expect(value(convertCount('students_placed', '2,000,000'))).toBe('ERROR: Students placed must be at most 1,000,000');
    expect(value(convertCount('wt_4_month', 'n/a'))).toBe('ERROR: 4-month work terms must be a whole number; "n/a" is not one');
  });

  it('reads money with a dollar sign and thousands separators, as the database stores it', () => {
    expect(value(convertMoney('avg_hourly_wage', '23.45'))).toBe('23.45');
    expect(value(convertMoney('avg_hourly_wage', '$23.4'))).toBe('23.40');
    expect(value(convertMoney('coop_fee_domestic', '$1,234'))).toBe('1234.00');
    expect(value(convertMoney('coop_fee_domestic', '1234.5 CAD'))).toBe('1234.50');
    expect(value(convertMoney('coop_fee_domestic', ''))).toBeNull();
    expect(value(convertMoney('avg_hourly_wage', '-$5'))).toBe('ERROR: Average hourly wage cannot be negative');
    expect(value(convertMoney('avg_hourly_wage', '12.345'))).toBe(
      'ERROR: Average hourly wage can have at most two decimals (cents), such as 23.45',
    );
    expect(value(convertMoney('avg_hourly_wage', 'twenty'))).toBe(
      'ERROR: Average hourly wage must be an amount in dollars and cents, such as 23.45; "twenty" is not one',
    );
  });

  it('reads fiscal years as people write them, and refuses years that do not follow', () => {
    for (const text of ['2024/25', '2024-25', '2024/2025', '2024 - 2025', '2024–25'])
      expect(value(convertFiscalYear(text))).toBe('2024/25');
    expect(value(convertFiscalYear('1999/00'))).toBe('1999/00');
    expect(value(convertFiscalYear('2024/26'))).toMatch(
      /^ERROR: Fiscal year 2024\/26 is not valid: a fiscal year starting in 2024 is written 2024\/25/,
    );
    expect(value(convertFiscalYear('FY25'))).toMatch(/^ERROR: Fiscal year must be written like 2024\/25/);
  });

  it('reads terms, statuses, notes and ids ignoring case and spaces', () => {
    expect(value(convertTerm(' fall '))).toBe('Fall');
    expect(value(convertTerm('Winter'))).toBe('ERROR: Term must be one of: Summer, Fall, Spring; "Winter" is not one');
    expect(value(convertStatus('Draft'))).toBe('draft');
    expect(value(convertStatus(''))).toBe('submitted');
    expect(value(convertStatus('done'))).toBe('ERROR: Status must be draft or submitted; "done" is not one');
    expect(value(convertNotes("'=SUM(A1)"))).toBe('=SUM(A1)');
    expect(value(convertNotes("'quoted"))).toBe("'quoted");
    expect(value(convertNotes(''))).toBeNull();
    expect(value(convertId('Record ID', '17'))).toBe(17);
    expect(value(convertId('Record ID', '17.0'))).toBe(17);
    expect(value(convertId('Record ID', '0'))).toBe('ERROR: Record ID must be a whole number; "0" is not one');
    expect(unguardText("'@risky")).toBe('@risky');
    // Whatever the export's formula rule guarded, an import undoes: a formula behind blanks too.
    expect(unguardText("' =1+1")).toBe(' =1+1');
  });

  it('turns spreadsheet cells into the text a person sees', () => {
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(1234)).toBe('1234');
    expect(serialDateText(45688, false)).toBe('2025-01-31');
    expect(serialDateText(45688 - 1462, true)).toBe('2025-01-31');
    expect(isDateFormat('yyyy-mm-dd')).toBe(true);
    expect(isDateFormat('[$-409]d-mmm-yy;@')).toBe(true);
    expect(isDateFormat('#,##0.00 "days"')).toBe(false);
    expect(isDateFormat('[Red]0.00')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
    expect(referenceColumn('A1')).toBe(0);
    expect(referenceColumn('AB12')).toBe(27);
    expect(referenceColumn(undefined)).toBe(-1);
    expect(() => referenceColumn('ZZZZ1')).toThrow(/at most 16,384/);
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(25)).toBe('Z');
    expect(columnLetter(26)).toBe('AA');
  });
});

describe('a figure read from a file', () => {
  // The whole-term grid reads a paste the same way (cell-text.test.ts): both go through shared/figure-text.ts.
  it('is the figure shared/figure-text.ts reads, when the record rule accepts it; refused otherwise', () => {
    fc.assert(
      fc.property(figureTexts, (text) => {
        const plain = plainFigure(text, false);
        const n = plain === null ? null : Number(plain);
        const count = convertCount('students_placed', text);
        if (text.trim() === '') expect(count).toEqual({ ok: true, value: null });
        else if (n !== null && countFieldError('students_placed', n) === null) expect(count).toEqual({ ok: true, value: n });
        else expect(count.ok).toBe(false);

        const amount = plainFigure(text, true);
        const money = convertMoney('avg_hourly_wage', text);
        if (text.trim() === '') expect(money).toEqual({ ok: true, value: null });
        else if (amount !== null && moneyFieldError('avg_hourly_wage', amount) === null)
          expect(money).toEqual({ ok: true, value: normalizeMoney(amount) });
        else expect(money.ok).toBe(false);
      }),
    );
  });
});
