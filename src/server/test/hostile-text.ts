import fc from 'fast-check';

/**
 * Characters the shared text rule (shared/schemas/text.ts) refuses, for tests that throw them at the API: every C0
 * control, DEL, a few C1 controls, lone surrogates, noncharacters, Unicode line and paragraph separators and
 * bidirectional controls. U+0000 first: PostgreSQL cannot store it.
 */
export const REFUSED_CHARACTERS: readonly string[] = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uFFFE',
  '\uFFFF',
  '\uFDD0',
  '\u{10FFFF}',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

/**
 * Characters that are fine but easy to mishandle: decomposed accents, non-breaking and zero-width spaces, joiners,
 * emoji, a BOM.
 */
const AWKWARD_CHARACTERS = ['e\u0301', '\u00A0', '\u200B', '\u200C', '\u200D', '\uFEFF', '😀', '👩🏽‍🔬', 'Ω', 'ß'];

/** Text made of letters and spaces mixed with refused and awkward characters: any of it may land in any field. */
export const hostileText = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('a', 'Z', ' ', '1', '-', "'") },
      { weight: 2, arbitrary: fc.constantFrom(...REFUSED_CHARACTERS) },
      // NUL on its own too: it is the one PostgreSQL cannot store, so the one that used to answer 500.
      { weight: 1, arbitrary: fc.constant('\u0000') },
      { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_CHARACTERS) },
    ),
    { minLength: 1, maxLength: 16 },
  )
  .map((parts) => parts.join(''));

/** A value for a query string: percent-encoded UTF-8, or for a lone surrogate the bytes a lax client would send. */
export function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
