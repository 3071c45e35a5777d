import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaCellText as cellText, looksLikeFormula as oracle } from '../test/formula-cells.ts';
import { isFormulaLike, neutraliseFormula, safeCell, undoFormulaGuard } from './formula-guard.ts';

/** The rule checked against an oracle written without its regular expression (test/formula-cells.ts). */
describe('the formula rule', () => {
  it.each([
    ['=1+1', true],
    ['+1', true],
    ['-1+2', true],
    ['@SUM(A1)', true],
    ['\t=1+1', true],
    ['\r=1+1', true],
    ['\tplain', true], // OWASP: a leading tab or carriage return is neutralised whatever follows
    ['  =cmd|calc', true],
    ['\u00a0=1', true],
    ['\n@x', true],
    ['\u0001=1', true], // the XLSX writer drops U+0001, which would leave =1
    ['-', true],
    ['-12', false],
    ['-12.50', false],
    ['3.5', false],
    ['-1e3', true],
    ['-.5', true],
    ['a=b', false],
    ["'=1", false],
    ['', false],
    ['Co-op', false],
  ])('%j needs neutralising: %s', (text, expected) => {
    expect(isFormulaLike(text)).toBe(expected);
    expect(neutraliseFormula(text)).toBe(expected ? `'${text}` : text);
  });

  it('agrees with the oracle on generated text', () => {
    fc.assert(
      fc.property(fc.oneof(cellText, fc.string(), fc.string({ unit: 'grapheme' })), (text) => {
        expect(isFormulaLike(text)).toBe(oracle(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves nothing formula-like, keeps the text after the apostrophe, and applying it twice changes nothing more', () => {
    fc.assert(
      fc.property(cellText, (text) => {
        const once = neutraliseFormula(text);
        expect(isFormulaLike(once)).toBe(false);
        expect(once === text || once === `'${text}`).toBe(true);
        expect(neutraliseFormula(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps numbers, negative ones included, as numbers, and empty cells empty', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true })), (n) => {
        expect(safeCell(n)).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.integer(), fc.nat(99), (n, cents) => {
        const money = `${n}.${String(cents).padStart(2, '0')}`;
        expect(safeCell(String(n))).toBe(String(n));
        expect(safeCell(money)).toBe(money);
      }),
    );
    expect(safeCell(null)).toBeNull();
  });

  it('is undone exactly by undoFormulaGuard (an import reading an exported file back)', () => {
    fc.assert(
      fc.property(
        cellText.filter((t) => !t.startsWith("'")),
        (text) => {
          expect(undoFormulaGuard(neutraliseFormula(text))).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
    expect(undoFormulaGuard("'plain")).toBe("'plain");
  });
});
