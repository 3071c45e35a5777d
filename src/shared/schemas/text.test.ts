import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkText, scrubText, textField, type TextRule } from './text.ts';

const ONE_LINE: TextRule = { label: 'Program name', max: 20, required: true };
const NOTES: TextRule = { label: 'Notes', max: 40, multiline: true };
const oneLine = textField(ONE_LINE);
const notes = textField(NOTES);

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('text fields: what is refused', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', 'a\u001Bb'],
    ['vertical tab inside', 'a\u000Bb'],
    ['form feed inside', 'a\u000Cb'],
    ['DEL', 'a\u007Fb'],
    ['C1 next line (U+0085)', 'a\u0085b'],
    ['C1 U+009F', 'a\u009Fb'],
  ])('%s is a control character, in one line and in notes', (_name, value) => {
    expect(issuesOf(oneLine, value)).toEqual(['Program name cannot contain control characters']);
    expect(issuesOf(notes, value)).toEqual(['Notes cannot contain control characters']);
  });

  it.each([
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['Windows line end', 'a\r\nb'],
  ])('a %s is refused in one-line text and kept as a line break or tab in notes', (_name, value) => {
    expect(issuesOf(oneLine, value)).toEqual(['Program name must be a single line, without line breaks or tabs']);
    expect(notes.parse(value)).toBe(value.replace(/\r\n?/g, '\n'));
  });

  // Issue 28: invisible characters that change how text around them reads (bidirectional controls, as in
  // "Trojan Source") or that break a line where no line break may be.
  it.each([
    ['right-to-left override U+202E', 'x\u202Ey'],
    ['left-to-right embedding U+202A', 'x\u202Ay'],
    ['pop directional formatting U+202C', 'x\u202Cy'],
    ['left-to-right isolate U+2066', 'x\u2066y'],
    ['pop directional isolate U+2069', 'x\u2069y'],
    ['left-to-right mark U+200E', 'x\u200Ey'],
    ['right-to-left mark U+200F', 'x\u200Fy'],
    ['Arabic letter mark U+061C', 'x\u061Cy'],
  ])('a bidirectional control (%s) is refused, in one line and in notes', (_name, value) => {
    const ending = 'cannot contain invisible text-direction controls (such as U+202E); delete them';
    expect(issuesOf(oneLine, value)).toEqual([`Program name ${ending}`]);
    expect(issuesOf(notes, value)).toEqual([`Notes ${ending}`]);
    // At either end too: trimming does not take them away.
    expect(issuesOf(oneLine, value.slice(1))).toEqual([`Program name ${ending}`]);
    expect(issuesOf(notes, value.slice(0, -1))).toEqual([`Notes ${ending}`]);
  });

  it.each([
    ['line separator U+2028', 'a\u2028b'],
    ['paragraph separator U+2029', 'a\u2029b'],
  ])('a %s is a line break: refused in one line, and in notes (which break lines with \\n)', (_name, value) => {
    expect(issuesOf(oneLine, value)).toEqual(['Program name must be a single line, without line breaks or tabs']);
    expect(issuesOf(notes, value)).toEqual([
      'Notes cannot contain Unicode line or paragraph separators (U+2028, U+2029); use an ordinary line break',
    ]);
  });

  it.each([
    ['a lone high surrogate', 'ab\uD83D'],
    ['a lone low surrogate', '\uDE00ab'],
    ['two high surrogates', '\uD83D\uD83D'],
  ])('%s is half of a character', (_name, value) => {
    expect(issuesOf(notes, value)).toEqual([
      'Notes contains half of a character (a broken emoji or symbol); delete it and type it again',
    ]);
  });

  it.each(['\uFFFE', '\uFFFF', '\uFDD0', '\uFDEF', '\u{1FFFE}', '\u{10FFFF}'])('noncharacter %j is refused', (value) => {
    expect(issuesOf(notes, `a${value}b`)).toEqual(['Notes contains a code that is not a character (such as U+FFFF); delete it']);
  });

  it('names the field in every message, and a control character is the only complaint even when the text is also too long', () => {
    expect(issuesOf(oneLine, `${'x'.repeat(50)}\u0000`)).toEqual(['Program name cannot contain control characters']);
    expect(issuesOf(oneLine, 'x'.repeat(21))).toEqual(['Program name must be at most 20 characters']);
    expect(issuesOf(textField({ label: 'Notes', max: 4000 }), 'x'.repeat(4001))).toEqual([
      'Notes must be at most 4,000 characters',
    ]);
    expect(issuesOf(oneLine, '   ')).toEqual(['Program name is required']);
    // Present but invisible: as empty as nothing, in the schema and in the rule for import cells alike.
    for (const invisible of ['\u200B', '\u200B\u2060\uFEFF', '\u3164', '\u2800 \u00AD', '\u3000\u200C']) {
      expect(issuesOf(oneLine, invisible), JSON.stringify(invisible)).toEqual(['Program name is required']);
      expect(checkText(invisible, ONE_LINE), JSON.stringify(invisible)).toEqual({
        ok: false,
        message: 'Program name is required',
      });
    }
    expect(issuesOf(oneLine, 'a\u200B')).toEqual([]);
    expect(issuesOf(oneLine, 42)).toEqual(['Program name must be text']);
    expect(issuesOf(textField(ONE_LINE, 'programName must be given once'), ['a', 'b'])).toEqual([
      'programName must be given once',
    ]);
  });
});

describe('text fields: what is kept', () => {
  it('normalises to NFC and trims', () => {
    expect(oneLine.parse('  Cafe\u0301 ')).toBe('Café');
    expect(oneLine.parse('\uFEFFName\u00A0')).toBe('Name');
    // Tabs and line breaks at either end are trimmed away rather than refused.
    expect(oneLine.parse('\tName\r\n')).toBe('Name');
  });

  it('keeps letters of every script, emoji and the joiners they need', () => {
    for (const value of ['Śląsk', 'ᐃᓄᒃᑎᑐᑦ', 'سلام', 'עברית and English', '日本語', '👩🏽‍🔬 lab', 'a\u200Db', 'می\u200Cخواهم']) {
      expect(notes.parse(value)).toBe(value.normalize('NFC'));
    }
  });

  it('counts length after normalising: a decomposed accent counts once', () => {
    expect(oneLine.parse(`${'e\u0301'.repeat(20)}`)).toBe('é'.repeat(20));
  });

  it('stays a string schema: a field adds its own format and OpenAPI shows the limit', () => {
    const code = textField({ label: 'Name code', max: 10, required: true }).regex(/^[A-Z]+$/, 'letters only');
    expect(code.parse(' ABC ')).toBe('ABC');
    expect(issuesOf(code, 'AB\u0000')).toEqual(['Name code cannot contain control characters']);
    expect(z.toJSONSchema(oneLine)).toMatchObject({ type: 'string', maxLength: 20, minLength: 1 });
  });

  it('counts code points, as PostgreSQL does: an emoji outside the Basic Multilingual Plane is one', () => {
    expect(oneLine.parse('😀'.repeat(20))).toBe('😀'.repeat(20));
    expect(checkText('😀'.repeat(20), ONE_LINE).ok).toBe(true);
    expect(checkText('😀'.repeat(21), ONE_LINE).ok).toBe(false);
  });

  it('checkText gives the same answer as the schema (import cells use it)', () => {
    expect(checkText(' a\r\nb ', NOTES)).toEqual({ ok: true, value: 'a\nb' });
    expect(checkText('a\u0000', NOTES)).toEqual({ ok: false, message: 'Notes cannot contain control characters' });
  });
});

/** Any string at all, weighted towards the characters the rule is about. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom('a', 'é', 'e\u0301', ' ', '\t', '\n', '\r', '\u00A0', '\uFEFF', '😀', '\uD83D', '\uDE00'),
        fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)),
        fc.constantFrom('\uFFFE', '\uFFFF', '\uFDD0', '\u{10FFFE}'),
        fc.constantFrom('\u2028', '\u2029', '\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C', '\u200D'),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
);

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_NOTES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('text fields: properties', () => {
  for (const [name, rule, forbidden] of [
    ['one line', ONE_LINE, FORBIDDEN_ONE_LINE],
    ['notes', NOTES, FORBIDDEN_NOTES],
  ] as const) {
    it(`${name}: any string gives a clean NFC string or errors naming the field, and never throws`, () => {
      const schema = textField(rule);
      fc.assert(
        fc.property(fc.oneof(hostileText, fc.anything()), (input) => {
          const parsed = schema.safeParse(input);
          if (parsed.success) {
            const out = parsed.data;
            expect(typeof input).toBe('string');
            expect(out).toBe(out.normalize('NFC'));
            expect(out).toBe(out.trim());
            expect(out).not.toMatch(forbidden);
            expect(out).not.toMatch(LONE);
            expect(out).not.toMatch(/[\uFFFE\uFFFF\uFDD0-\uFDEF]/);
            expect([...out].length).toBeLessThanOrEqual(rule.max);
            if (rule.required) expect(out).not.toBe('');
            // A clean value parses to itself: a form that sends back what it loaded changes nothing.
            expect(schema.parse(out)).toBe(out);
          } else {
            expect(parsed.error.issues.length).toBeGreaterThan(0);
            for (const issue of parsed.error.issues) expect(issue.message.startsWith(rule.label)).toBe(true);
          }
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('checkText and the schema agree on every string', () => {
    const schema = textField(NOTES);
    fc.assert(
      fc.property(hostileText, (input) => {
        const parsed = schema.safeParse(input);
        const checked = checkText(input, NOTES);
        expect(checked.ok).toBe(parsed.success);
        if (checked.ok && parsed.success) expect(checked.value).toBe(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scrubText', () => {
  it('replaces what the rule refuses and cuts to the limit', () => {
    expect(scrubText('report\u0000\n2024.csv', { max: 255 })).toBe('report\uFFFD\uFFFD2024.csv');
    expect(scrubText('a\uD800b', { max: 255 })).toBe('a\uFFFDb');
    expect(scrubText('invoice\u202Efdp.exe', { max: 255 })).toBe('invoice\uFFFDfdp.exe');
    expect(scrubText('a\u2028b', { max: 255, multiline: true })).toBe('a\uFFFDb');
    expect(scrubText('😀'.repeat(300), { max: 255 })).toBe('😀'.repeat(255));
  });

  it('always gives text the rule accepts', () => {
    fc.assert(
      fc.property(hostileText, fc.boolean(), (input, multiline) => {
        const rule = { label: 'File name', max: 12, multiline };
        expect(checkText(scrubText(input, rule), rule)).toEqual({ ok: true, value: scrubText(input, rule) });
      }),
      { numRuns: 2000 },
    );
  });
});
