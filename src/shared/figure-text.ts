/**
 * A figure as people and spreadsheets write it in a cell, read the same way wherever cells arrive: pasted into the
 * whole-term grid and read from an imported file. Two readers drifted apart once ("12 34" was 1234 in the grid and
 * refused by the import), so both call this one.
 */

/** Spaces a spreadsheet or a locale puts between digit groups: a space, no-break, figure, thin and narrow spaces. */
const GROUP_SEPARATOR = '[, \\u00a0\\u2007\\u2009\\u202f]';
const GROUPED = new RegExp(`^-?\\d{1,3}(${GROUP_SEPARATOR}\\d{3})+(\\.\\d+)?$`);
const PLAIN = /^-?\d+(\.\d+)?$/;
const SEPARATORS = new RegExp(GROUP_SEPARATOR, 'g');
/** Canadian dollars written around an amount: "$", "C$", "CA$" before it, "CAD" after it. */
const DOLLARS_BEFORE = /^(CA\$|C\$|\$)\s*/i;
const DOLLARS_AFTER = /\s*CAD$/i;

/**
 * The digits of a figure as plain text ("1,234" → "1234", "1 234.5" → "1234.5"; for money also "$1,234", "-$5",
 * "1234.50 CAD"), or null when the text is not a number as written. A separator counts only between groups of three
 * digits, so "1,5" and "12 34" (two numbers, or a decimal comma) are refused rather than read as 15 and 1234. Whether
 * the number is a valid figure (whole, not negative, in range, cents) is the record rule's to say.
 */
export function plainFigure(text: string, money: boolean): string | null {
  let t = text.trim();
  if (money) {
    t = t.replace(DOLLARS_AFTER, '');
    const negative = t.startsWith('-');
    t = t.slice(negative ? 1 : 0).replace(DOLLARS_BEFORE, '');
    if (negative) t = `-${t}`;
  }
  if (PLAIN.test(t)) return t;
  if (GROUPED.test(t)) return t.replace(SEPARATORS, '');
  return null;
}
