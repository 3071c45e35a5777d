import { sql, type SQL } from 'drizzle-orm';

/**
 * One rule against spreadsheet formulas (CSV/formula injection) for every file the product writes: record export,
 * CEWIL return, report downloads and any later download. OWASP's advice: a cell that a spreadsheet could read as a
 * formula gets a leading apostrophe, which makes Excel, LibreOffice and Google Sheets treat it as text.
 *
 * A cell is neutralised when
 * - it starts with TAB or CR (OWASP lists both: some programs drop them and then read what follows), or
 * - its first character after any run of blanks is a sign: `=`, `+`, `-`, `@` or a compatibility form of one
 *   (full-width `＝＋－＠`, small and superscript forms: NFKC, which some programs apply, makes them the sign).
 *   Blanks are controls, spaces, and the invisible characters (Unicode's format characters, Cf, and its
 *   default-ignorable ones: zero-width and bidirectional marks, soft hyphen, word joiner, tags…). Spreadsheets trim
 *   leading spaces on import, the XLSX writer drops control characters XML cannot hold, and other programs drop
 *   invisible ones, so `" =1+1"`, `"\u0001=1+1"` or `"\u200E=1+1"` can each arrive as `=1+1`: the leading run is
 *   looked through rather than trusted; or
 * - it does not start with an apostrophe and, after a `;` or a TAB anywhere in it, the next character after blanks is
 *   a sign (`x;=1+1`): a spreadsheet whose list separator is `;` (much of Europe), or LibreOffice splitting on
 *   tabs, makes each segment a cell of its own. (The TypeScript CSV writer also quotes such a field, as a split
 *   field keeps the apostrophe only on its first part. A comma or a line break needs no such care: every CSV writer
 *   here quotes a field holding one, and no reader splits a quoted field.)
 * A cell that is exactly a decimal number (`-12`, `3.50`) is left alone: a spreadsheet reads it as the number, never
 * as a formula, so negative counts and changes stay numbers.
 *
 * The rule is written once, as one regular expression over explicit character lists, and used both here in
 * TypeScript and inside PostgreSQL (the record export's CSV comes straight from COPY): formula-guard.test.ts checks
 * on both databases that the two agree on generated text, and formula-guard.unit.test.ts holds the lists to
 * Unicode's own properties for every code point.
 */

/** Characters that make a spreadsheet read the rest of a cell as a formula. */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@'] as const;

/**
 * Characters whose compatibility form (NFKC) is one of the triggers: superscript and subscript plus and equals, the
 * Hebrew alternative plus, the small forms and the full-width forms (`＝＋－＠`).
 */
export const FORMULA_TRIGGER_FORMS = [
  '\u207A',
  '\u207C',
  '\u208A',
  '\u208C',
  '\uFB29',
  '\uFE62',
  '\uFE63',
  '\uFE66',
  '\uFE6B',
  '\uFF0B',
  '\uFF0D',
  '\uFF1D',
  '\uFF20',
] as const;

/** Characters that neutralise a cell by being its first one, whatever follows (OWASP: tab and carriage return). */
export const FORMULA_LEADING_CONTROLS = ['\t', '\r'] as const;

/** Where a spreadsheet may split a cell into several: `;` (the list separator of many locales) and TAB. */
export const FORMULA_SEGMENT_SEPARATORS = [';', '\t'] as const;

/**
 * Characters looked through before a trigger, as [first, last] code point ranges: the controls (C0 but NUL, DEL, C1),
 * Unicode's white space, format characters (Cf) and default-ignorable code points, as of Unicode 17.
 */
export const FORMULA_LEADING_BLANKS: readonly (readonly [number, number])[] = [
  [0x01, 0x20], // C0 controls and space
  [0x7f, 0xa0], // DEL, C1 controls, no-break space
  [0xad, 0xad], // soft hyphen
  [0x34f, 0x34f], // combining grapheme joiner
  [0x600, 0x605], // Arabic number signs
  [0x61c, 0x61c], // Arabic letter mark
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x115f, 0x1160], // Hangul fillers
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x2000, 0x200f], // spaces, zero-width space, joiners, left-to-right and right-to-left marks
  [0x2028, 0x202f], // line and paragraph separators, bidirectional embeddings and overrides, narrow no-break space
  [0x205f, 0x206f], // medium space, word joiner, invisible operators, bidirectional isolates
  [0x3000, 0x3000], // ideographic space
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte-order mark
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb], // interlinear annotation
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f], // Egyptian hieroglyph format controls
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical formatting
  [0xe0000, 0xe0fff], // tags and variation selectors supplement
];

/**
 * The two engines' spellings of one code point in a regular expression. They agree up to U+FFFF (`\uXXXX`); above
 * it JavaScript (with the u flag) writes `\u{XXXXX}` and PostgreSQL `\UXXXXXXXX`. That is the only difference.
 */
type Engine = 'js' | 'sql';
const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');
const escapeChar = (code: number, engine: Engine) =>
  code <= 0xffff ? `\\u${hex(code, 4)}` : engine === 'js' ? `\\u{${hex(code, 5)}}` : `\\U${hex(code, 8)}`;
const bracket = (codes: readonly (readonly [number, number])[], engine: Engine) =>
  `[${codes
    .map(([from, to]) => (from === to ? escapeChar(from, engine) : `${escapeChar(from, engine)}-${escapeChar(to, engine)}`))
    .join('')}]`;
const codesOf = (chars: readonly string[]) => chars.map((c) => [c.codePointAt(0)!, c.codePointAt(0)!] as const);

/** The blanks without TAB: after a separator, a TAB is a separator of its own (so the match stays linear). */
const BLANKS_BUT_TAB = FORMULA_LEADING_BLANKS.flatMap(([from, to]) =>
  from <= 9 && to >= 9 ? [[from, 8] as const, [10, to] as const].filter(([a, b]) => a <= b) : [[from, to] as const],
);

/** A decimal number, which a spreadsheet reads as a number and never runs. */
const DECIMAL_NUMBER = '-?[0-9]+(?:\\.[0-9]+)?$';

/**
 * The whole rule as one regular expression, spelled for JavaScript (flags `su`: `.` is any character, as it is in
 * PostgreSQL) or for PostgreSQL: matches cells to neutralise.
 */
export function formulaCellPattern(engine: Engine): string {
  const signs = bracket(codesOf([...FORMULA_TRIGGERS, ...FORMULA_TRIGGER_FORMS]), engine);
  const atStart = `^(?!${DECIMAL_NUMBER})(?:${bracket(codesOf(FORMULA_LEADING_CONTROLS), engine)}|${bracket(FORMULA_LEADING_BLANKS, engine)}*${signs})`;
  const inSegment = `^(?!${escapeChar(0x27, engine)}).*${bracket(codesOf(FORMULA_SEGMENT_SEPARATORS), engine)}${bracket(BLANKS_BUT_TAB, engine)}*${signs}`;
  return `${atStart}|${inSegment}`;
}

/** The rule as JavaScript runs it. */
export const FORMULA_CELL_PATTERN = formulaCellPattern('js');

const FORMULA_CELL = new RegExp(FORMULA_CELL_PATTERN, 'su');

/**
 * A quick first look: text whose first character lies in A–~ (letters, most punctuation) and that holds no segment
 * separator can never match, and most text is like that. Both the TypeScript and the SQL form skip the regular
 * expression for it: in PostgreSQL the expression costs up to a microsecond a cell, the first look about 110 ns
 * (decision 017).
 */
const PLAIN_FIRST = [0x41, 0x7e] as const;
const startCodes = codesOf([...FORMULA_TRIGGERS, ...FORMULA_TRIGGER_FORMS, ...FORMULA_LEADING_CONTROLS]);
for (const [from, to] of [...startCodes, ...FORMULA_LEADING_BLANKS]) {
  // Guards the shortcut against a later edit of the lists above: it must never skip a cell the rule would catch.
  if (from <= PLAIN_FIRST[1] && to >= PLAIN_FIRST[0]) throw new Error('formula-guard: a rule character lies in A–~');
}
/** Any segment separator: text holding one is never skipped by the first look. */
const SEPARATOR = new RegExp(bracket(codesOf(FORMULA_SEGMENT_SEPARATORS), 'js'), 'u');

/** Whether a spreadsheet could read this text as a formula (the cell needs neutralising). */
export function isFormulaLike(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first >= PLAIN_FIRST[0] && first <= PLAIN_FIRST[1] && !SEPARATOR.test(text)) return false;
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

/** The rule as PostgreSQL runs it: a string literal (standard_conforming_strings: backslashes are literal). */
const FORMULA_CELL_SQL = formulaCellPattern('sql');
if (FORMULA_CELL_SQL.includes("'")) throw new Error('formula-guard: the SQL pattern must not hold a quote');

/**
 * The same rule on a text column in SQL, for files PostgreSQL writes itself (COPY … TO STDOUT). `ascii` gives the
 * first character's code point (0 for empty text, null for null, which stays null); `strpos` looks for each separator
 * (written `chr(n)`, so no character needs quoting).
 */
export const neutraliseFormulaSql = (text: SQL): SQL => {
  const noSeparator = sql.join(
    FORMULA_SEGMENT_SEPARATORS.map((c) => sql`strpos(${text}, chr(${sql.raw(String(c.codePointAt(0)))})) = 0`),
    sql` AND `,
  );
  return sql`(CASE WHEN ascii(${text}) BETWEEN ${sql.raw(String(PLAIN_FIRST[0]))} AND ${sql.raw(String(PLAIN_FIRST[1]))}
      AND ${noSeparator} THEN ${text}
    WHEN ${text} ~ ${sql.raw(`'${FORMULA_CELL_SQL}'`)} THEN '''' || ${text} ELSE ${text} END)`;
};
