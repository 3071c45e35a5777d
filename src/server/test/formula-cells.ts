import fc from 'fast-check';

/**
 * Test helpers for the formula rule (files/formula-guard.ts): an oracle written differently from the rule (a loop
 * over characters, not a regular expression), so a mistake in the generated pattern does not also sit in the
 * expectation; and generated cell text that hits the rule's edges.
 */

const BLANKS = new Set<number>([0x7f, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);
const isBlank = (code: number) => (code >= 1 && code <= 0x20) || (code >= 0x2000 && code <= 0x200b) || BLANKS.has(code);

/** Whether a spreadsheet could read this cell text as a formula, by the rule's own words. */
export function looksLikeFormula(text: string): boolean {
  if (/^-?\d+(\.\d+)?$/.test(text)) return false;
  if (text[0] === '\t' || text[0] === '\r') return true;
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return '=+-@'.includes(text[i] ?? 'x');
}

/** Text of leading blanks and controls, triggers, digits, points and ordinary letters, in any order. */
export const formulaCellText = fc
  .array(
    fc.oneof(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', '\u00a0', '\u3000', '\u200b', '\ufeff', '\u0001', '\u007f'),
      fc.constantFrom('0', '1', '9', '.', "'", '"', ',', 'A', 'z', '~', 'é', '𝔘'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** The same, always starting as a formula would (for data planted in downloads). */
export const hostileCellText = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '\r', '\n', '  \u00a0', '\u0001', '\u3000'),
    fc.constantFrom('=', '+', '-', '@'),
    fc.constantFrom('1+1', 'cmd|" /C calc"!A0', 'HYPERLINK("http://x.invalid","y")', '5', 'SUM(A1:A9)'),
    fc.string({ maxLength: 4 }),
  )
  .map((parts) => parts.join(''));
