import { sql, type SQL } from 'drizzle-orm';

/**
 * One rule against spreadsheet formulas (CSV/formula injection) for every file the product writes: record export,
 * CEWIL return, report downloads and any later download. OWASP's advice: a cell that a spreadsheet could read as a
 * formula gets a leading apostrophe, which makes Excel, LibreOffice and Google Sheets treat it as text.
 *
 * A cell is neutralised when
 * - it starts with TAB or CR (OWASP lists both: some programs drop them and then read what follows), or
 * - its first character after any run of blanks and control characters is `=`, `+`, `-` or `@`. Spreadsheets trim
 *   leading spaces on import, and the XLSX writer drops control characters XML cannot hold, so `" =1+1"` or
 *   `"\u0001=1+1"` can arrive as `=1+1`: the leading run is looked through rather than trusted.
 * A cell that is exactly a decimal number (`-12`, `3.50`) is left alone: a spreadsheet reads it as the number, never
 * as a formula, so negative counts and changes stay numbers.
 *
 * The rule is written once, as one regular expression over explicit character lists, and used both here in
 * TypeScript and inside PostgreSQL (the record export's CSV comes straight from COPY): formula-guard.test.ts checks
 * on both databases that the two agree on generated text.
 */

/** Characters that make a spreadsheet read the rest of a cell as a formula. */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@'] as const;

/** Characters that neutralise a cell by being its first one, whatever follows (OWASP: tab and carriage return). */
export const FORMULA_LEADING_CONTROLS = ['\t', '\r'] as const;

/**
 * Characters looked through before a trigger, as [first, last] code point ranges: C0 controls and space, DEL, and
 * the Unicode spaces (no-break, en/em and the like, zero-width, line/paragraph separators, ideographic, BOM).
 */
export const FORMULA_LEADING_BLANKS: readonly (readonly [number, number])[] = [
  [0x01, 0x20],
  [0x7f, 0x7f],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200b],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** `\uXXXX`: understood the same way by JavaScript and by PostgreSQL's advanced regular expressions. */
const escapeChar = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const bracket = (codes: readonly (readonly [number, number])[]) =>
  `[${codes.map(([from, to]) => (from === to ? escapeChar(from) : `${escapeChar(from)}-${escapeChar(to)}`)).join('')}]`;
const single = (chars: readonly string[]) => bracket(chars.map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const));

/** A decimal number, which a spreadsheet reads as a number and never runs. */
const DECIMAL_NUMBER = '-?[0-9]+(?:\\.[0-9]+)?$';

/** The whole rule as one regular expression (JavaScript and PostgreSQL syntax alike): matches cells to neutralise. */
export const FORMULA_CELL_PATTERN = `^(?!${DECIMAL_NUMBER})(?:${single(FORMULA_LEADING_CONTROLS)}|${bracket(FORMULA_LEADING_BLANKS)}*${single(FORMULA_TRIGGERS)})`;

const FORMULA_CELL = new RegExp(FORMULA_CELL_PATTERN);

/**
 * A quick first look: text whose first character lies in A–~ (letters, most punctuation) can never match, and
 * most text starts there. Both the TypeScript and the SQL form skip the regular expression for it: at a million
 * exported rows the expression costs about a microsecond a cell in PostgreSQL, the first look a few nanoseconds.
 */
const PLAIN_FIRST = [0x41, 0x7e] as const;
const startCodes = [...FORMULA_TRIGGERS, ...FORMULA_LEADING_CONTROLS].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const);
for (const [from, to] of [...startCodes, ...FORMULA_LEADING_BLANKS]) {
  // Guards the shortcut against a later edit of the lists above: it must never skip a cell the rule would catch.
  if (from <= PLAIN_FIRST[1] && to >= PLAIN_FIRST[0]) throw new Error('formula-guard: a rule character lies in A–~');
}

/** Whether a spreadsheet could read this text as a formula (the cell needs neutralising). */
export function isFormulaLike(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first >= PLAIN_FIRST[0] && first <= PLAIN_FIRST[1]) return false;
  return FORMULA_CELL.test(text);
}

/** The text of a cell as a file may hold it: a leading apostrophe when it could run as a formula. Idempotent. */
export const neutraliseFormula = (text: string): string => (isFormulaLike(text) ? `'${text}` : text);

/**
 * The text a neutralised cell stood for (an import reading back an exported file): the apostrophe goes only when the
 * rest would have been neutralised, so `undoFormulaGuard(neutraliseFormula(t)) === t` for text not itself starting
 * with an apostrophe.
 */
export const undoFormulaGuard = (text: string): string =>
  text.startsWith("'") && isFormulaLike(text.slice(1)) ? text.slice(1) : text;

/** A cell of any kind: numbers stay numbers, text is neutralised, empty stays empty. */
export function safeCell<T extends string | number | null | undefined>(value: T): Exclude<T, string> | string {
  return typeof value === 'string' ? neutraliseFormula(value) : (value as Exclude<T, string>);
}

/**
 * The same rule on a text column in SQL, for files PostgreSQL writes itself (COPY … TO STDOUT). `ascii` gives the
 * first character's code point (0 for empty text, null for null, which stays null).
 */
export const neutraliseFormulaSql = (text: SQL): SQL =>
  sql`(CASE WHEN ascii(${text}) BETWEEN ${sql.raw(String(PLAIN_FIRST[0]))} AND ${sql.raw(String(PLAIN_FIRST[1]))} THEN ${text}
    WHEN ${text} ~ ${sql.raw(`'${FORMULA_CELL_PATTERN}'`)} THEN '''' || ${text} ELSE ${text} END)`;
