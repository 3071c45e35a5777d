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
    // Issue 28: invisible format characters in front are looked through like blanks (a program that drops them, as
    // the XLSX writer drops controls, leaves the formula).
    ['\u200E=1+1', true], // left-to-right mark
    ['\u202E=1+1', true], // right-to-left override
    ['\u2060=1+1', true], // word joiner
    ['\u00AD=1+1', true], // soft hyphen
    ['\u180E=1+1', true], // Mongolian vowel separator
    ['\u200C=1+1', true], // zero-width non-joiner
    ['\u061C\u2066 @SUM(A1)', true],
    ['\u{E0001}\u{E0041}=1', true], // tag characters (astral)
    ['\u0085=1', true], // a C1 control
    // Full-width and other compatibility forms of = + - @ (NFKC makes them the ASCII sign).
    ['＝1+1', true],
    ['＋1', true],
    ['－1', true],
    ['＠SUM(A1)', true],
    ['\uFE66cmd', true],
    ['\u2060＝1', true],
    // A later segment after ; or a tab (a spreadsheet whose list separator is ; splits the cell there).
    ['x;=1+1', true],
    ['x; =1+1', true],
    ['x;\u200B\u202E=1', true],
    ['a;b;@SUM(A1)', true],
    ['x\t=1+1', true],
    ['Co-op; +5 placements', true],
    ['x;＝1', true],
    ['a;b', false],
    ['a;b-c', false],
    ['a,=1', false], // a comma: every CSV writer quotes the field, and no reader splits a quoted field
    ['a\n=1', false], // a line break: quoted too
    ["'x;=1+1", false], // already neutralised
    ['x;', false],
    ['\u200Dword', false],
    ['−1', false], // U+2212 MINUS SIGN is no spreadsheet operator, and NFKC keeps it
  ])('%j needs neutralising: %s', (text, expected) => {
    expect(isFormulaLike(text)).toBe(expected);
    expect(neutraliseFormula(text)).toBe(expected ? `'${text}` : text);
  });

  it('looks through every control, space, format and default-ignorable character Unicode knows, and no other', () => {
    // The rule's lists are explicit (the SQL twin cannot ask Unicode); this holds them to the oracle's Unicode
    // properties for every code point. A new Unicode version adding such characters fails here: extend the list.
    const wrong: string[] = [];
    for (let code = 1; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      if (c === '\t' || c === '\r') continue; // neutralised as the first character whatever follows
      if (isFormulaLike(`${c}=1`) !== oracle(`${c}=1`)) wrong.push(`U+${code.toString(16).toUpperCase()} before =`);
      if (isFormulaLike(`${c}1`) !== oracle(`${c}1`)) wrong.push(`U+${code.toString(16).toUpperCase()} as a sign`);
    }
    expect(wrong).toEqual([]);
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
