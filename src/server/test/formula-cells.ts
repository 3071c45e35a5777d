import fc from 'fast-check';

/**
 * Test helpers for the formula rule (files/formula-guard.ts): an oracle written differently from the rule (a loop
 * over characters, not a regular expression), so a mistake in the generated pattern does not also sit in the
 * expectation; and generated cell text that hits the rule's edges.
 */

/**
 * What is looked through before a sign, by Unicode's own properties rather than the rule's lists: controls (but NUL,
 * which no stored text holds), spaces, format characters and the default-ignorable ones (invisible by definition).
 */
const LOOKED_THROUGH = /[\p{Cc}\p{Cf}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;
const isBlank = (c: string) => c !== '\u0000' && LOOKED_THROUGH.test(c);
/** A sign that starts a formula, or a character whose compatibility form (NFKC) is one: ＝, ﹢, ⁼… */
const isSign = (c: string) => ['=', '+', '-', '@'].includes(c.normalize('NFKC'));

/** Whether the code points from `from` on start, after blanks, with a sign. */
function startsWithSign(chars: string[], from: number): boolean {
  let i = from;
  while (i < chars.length && isBlank(chars[i]!)) i++;
  return i < chars.length && isSign(chars[i]!);
}

/** Whether a spreadsheet could read this cell text as a formula, by the rule's own words. */
export function looksLikeFormula(text: string): boolean {
  if (/^-?\d+(\.\d+)?$/.test(text)) return false;
  if (text[0] === '\t' || text[0] === '\r') return true;
  const chars = [...text];
  if (startsWithSign(chars, 0)) return true;
  // A cell that starts with the apostrophe is already text; otherwise any segment after ; or a tab counts.
  if (chars[0] === "'") return false;
  return chars.some((c, i) => (c === ';' || c === '\t') && startsWithSign(chars, i + 1));
}

/** Text of leading blanks and controls, triggers, digits, points and ordinary letters, in any order. */
export const formulaCellText = fc
  .array(
    fc.oneof(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', '\u00a0', '\u3000', '\u200b', '\ufeff', '\u0001', '\u007f'),
      // Format and other invisible characters, compatibility forms of the signs, and the segment separator.
      fc.constantFrom(
        '\u200e',
        '\u202e',
        '\u2060',
        '\u00ad',
        '\u180e',
        '\u200c',
        '\u0085',
        '\u3164',
        '\ufe0f',
        '\u{e0001}',
        '\u{1d173}',
        '＝',
        '＋',
        '－',
        '＠',
        '\ufb29',
        '\u207c',
        '−',
        ';',
        ';',
      ),
      fc.constantFrom('0', '1', '9', '.', "'", '"', ',', 'A', 'z', '~', 'é', '𝔘'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** The same, always starting as a formula would (for data planted in downloads). */
export const hostileCellText = fc
  .tuple(
    fc.constantFrom(
      '',
      ' ',
      '\t',
      '\r',
      '\n',
      '  \u00a0',
      '\u0001',
      '\u3000',
      // Issue 28: invisible format characters in front, and a later segment after ;
      '\u200e',
      '\u202e',
      '\u2060',
      '\u00ad',
      '\u180e',
      '\u200c',
      'x;',
      'Co-op; \u200b',
    ),
    fc.constantFrom('=', '+', '-', '@', '＝', '＋', '－', '＠'),
    fc.constantFrom('1+1', 'cmd|" /C calc"!A0', 'HYPERLINK("http://x.invalid","y")', '5', 'SUM(A1:A9)'),
    fc.string({ maxLength: 4 }),
  )
  .map((parts) => parts.join(''));
