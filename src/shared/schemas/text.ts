import { z } from 'zod';
import { TEXT_FIELD_ERRORS } from '../messages.ts';

/**
 * The one rule for text people type or upload (issue 17): every body field, query-string value and spreadsheet cell
 * that is stored, searched or echoed passes through it.
 *
 * - Normalised to NFC, so "é" typed as e + combining accent and "é" typed as one character are the same name, and
 *   trimmed. Multi-line text has its line ends made "\n" (Windows "\r\n" and old Mac "\r" alike).
 * - Refused: C0 controls (U+0000–U+001F) except, in multi-line text, tab and line feed; DEL (U+007F); C1 controls
 *   (U+0080–U+009F). PostgreSQL cannot store U+0000 in text or jsonb at all (a NUL used to reach it and answer 500),
 *   and the rest are invisible, break CSV and spreadsheet exports, and are never typed on purpose.
 * - Refused: lone surrogates (half of a character; UTF-8 cannot encode them) and Unicode noncharacters (U+FDD0–U+FDEF
 *   and the last two code points of every plane, such as U+FFFE and U+FFFF), which no text exchange should carry.
 * - Refused everywhere (issue 28): U+2028 and U+2029, line breaks that one-line text may not hold and that notes
 *   write as "\n" (they also end lines in JavaScript and some CSV readers); and the bidirectional controls and marks
 *   (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), invisible, which make text read in another order than it
 *   is stored ("Trojan Source": a name that shows as one thing and sorts, searches and exports as another).
 * - Required text must show something: spaces and invisible characters alone are empty (SHOWS_NOTHING).
 * - Longest: `max` code points after normalising, as zod and PostgreSQL both count them (an emoji is one, or a few
 *   when joined; NFC can lengthen a few rare characters, so the limit is checked after it).
 *
 * Other format characters (zero-width joiner and non-joiner, soft hyphen) are allowed: scripts and emoji need them,
 * and the client never renders text as HTML. Right-to-left scripts read correctly without the controls: the
 * browser orders them by itself.
 */

export interface TextRule {
  /** The field as people know it, which starts every message: "Notes", "Program name". */
  label: string;
  max: number;
  /** Tabs and line breaks allowed (notes); otherwise the text is one line. */
  multiline?: boolean;
  /** An empty value (after trimming) is refused with "… is required". */
  required?: boolean;
}

const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
/** C0 controls but tab and line feed (carriage returns are line feeds by now), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR. */
const UNICODE_LINE_BREAKS = /[\u2028\u2029]/;
/** Bidirectional embeddings and overrides, isolates, and the LRM, RLM and ALM marks. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** U+FDD0–U+FDEF and U+nFFFE/U+nFFFF of planes 0 to 16. */
const NONCHARACTER = new RegExp(
  `[\\u{FDD0}-\\u{FDEF}${Array.from({ length: 17 }, (_, plane) => {
    const base = plane.toString(16).toUpperCase();
    return `\\u{${base}FFFE}\\u{${base}FFFF}`;
  }).join('')}]`,
  'u',
);

/**
 * Text that shows nothing: spaces of every kind, format characters (zero-width space, joiners, word joiner, soft
 * hyphen, byte-order mark) and the letters that draw as blanks (Hangul fillers, the blank Braille pattern, the
 * combining grapheme joiner). A required field holding only these is as empty as one holding nothing: a reopening
 * "reason" of one zero-width space told no one anything.
 */
const SHOWS_NOTHING = /^[\p{Z}\p{Cf}\s\u034F\u115F\u1160\u2800\u3164\uFFA0]*$/u;
const showsSomething = (value: string) => !SHOWS_NOTHING.test(value);

/** NFC, trimmed; in multi-line text, line ends as "\n". Lone surrogates survive (normalize leaves them) to be refused. */
export function normalizeText(value: string, multiline = false): string {
  const text = value.normalize('NFC').trim();
  return multiline ? text.replace(/\r\n?/g, '\n') : text;
}

/** Why a normalised value breaks the character rules, or null. Length and presence are checked separately. */
export function textCharacterError(value: string, rule: Pick<TextRule, 'label' | 'multiline'>): string | null {
  if (!rule.multiline && (LINE_BREAKS_AND_TABS.test(value) || UNICODE_LINE_BREAKS.test(value)))
    return TEXT_FIELD_ERRORS.oneLine(rule.label);
  if (CONTROLS.test(value)) return TEXT_FIELD_ERRORS.control(rule.label);
  if (UNICODE_LINE_BREAKS.test(value)) return TEXT_FIELD_ERRORS.separator(rule.label);
  if (DIRECTION_CONTROLS.test(value)) return TEXT_FIELD_ERRORS.direction(rule.label);
  if (LONE_SURROGATE.test(value)) return TEXT_FIELD_ERRORS.brokenCharacter(rule.label);
  if (NONCHARACTER.test(value)) return TEXT_FIELD_ERRORS.noncharacter(rule.label);
  return null;
}

/** Length as zod's `.max` counts it: code points, not UTF-16 units. */
function codePoints(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** Every rule on a normalised value: characters, presence, length. The first that fails, or null. */
export function textError(value: string, rule: TextRule): string | null {
  const characters = textCharacterError(value, rule);
  if (characters) return characters;
  if (rule.required && !showsSomething(value)) return TEXT_FIELD_ERRORS.required(rule.label);
  if (codePoints(value) > rule.max) return TEXT_FIELD_ERRORS.tooLong(rule.label, rule.max);
  return null;
}

/** A value normalised and checked: `{ok, value}` or `{ok: false, message}`. For code that is not a zod schema (import cells). */
export function checkText(value: string, rule: TextRule): { ok: true; value: string } | { ok: false; message: string } {
  const text = normalizeText(value, rule.multiline);
  const message = textError(text, rule);
  return message ? { ok: false, message } : { ok: true, value: text };
}

/**
 * Text made acceptable rather than refused, for values nobody typed (an uploaded file's name): each forbidden
 * character becomes U+FFFD, and the text is cut to `max` code points.
 */
export function scrubText(value: string, rule: Pick<TextRule, 'max' | 'multiline'>): string {
  const forbidden = new RegExp(
    `${rule.multiline ? '' : '[\\t\\n\\r]|'}${CONTROLS.source}|${UNICODE_LINE_BREAKS.source}|${DIRECTION_CONTROLS.source}|${LONE_SURROGATE.source}|${NONCHARACTER.source}`,
    'gu',
  );
  const cut = Array.from(normalizeText(value, rule.multiline).replace(forbidden, '\uFFFD')).slice(0, rule.max);
  return normalizeText(cut.join(''), rule.multiline);
}

/**
 * A zod string that normalises (NFC, trim, line ends) and then applies the rule. It stays a ZodString, so a field
 * can add its own format (`.regex(...)`) and OpenAPI still shows `maxLength`.
 * `notText` replaces the message for a value that is not a string (a query parameter given twice, say).
 */
export function textField(rule: TextRule, notText: string = TEXT_FIELD_ERRORS.notText(rule.label)): z.ZodString {
  const schema = z
    .string({ error: notText })
    .overwrite((value) => normalizeText(value, rule.multiline))
    .superRefine((value, ctx) => {
      const message = textCharacterError(value, rule);
      if (message) ctx.addIssue({ code: 'custom', message, input: value, continue: false });
    });
  const bounded = schema.max(rule.max, TEXT_FIELD_ERRORS.tooLong(rule.label, rule.max));
  const required = TEXT_FIELD_ERRORS.required(rule.label);
  // min(1) for OpenAPI's minLength; the refinement for text that is there but shows nothing (SHOWS_NOTHING).
  return rule.required ? bounded.min(1, required).refine((value) => value === '' || showsSomething(value), required) : bounded;
}
