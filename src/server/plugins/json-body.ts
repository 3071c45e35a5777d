import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refusalError } from '../http-errors.ts';

/**
 * Deepest nesting of objects and arrays a JSON body may have. Our deepest real body (find criteria, an import's rows)
 * has three levels; the limit leaves room for growth while refusing bodies built to make every later step that
 * walks the value (prototype-key scan, validation, logging a failure) recurse thousands of levels deep.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** True when JSON text opens more than `limit` objects or arrays inside one another (brackets in strings do not count). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What a body that is not UTF-8 is told (JSON is UTF-8, RFC 8259 §8.1). */
export const NOT_UTF8_MESSAGE =
  'The request body is not UTF-8 text. Nothing was saved; send the JSON encoded as UTF-8 (a character such as é sent in another encoding would be stored as a "�").';

/**
 * A body's bytes as text, or undefined when they are not UTF-8: decoding them with replacement would store a
 * "�" for each character sent in another encoding (Latin-1's "é", say), and the person would never know.
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Fastify's own JSON parser (prototype-poisoning keys refused), behind the UTF-8 check and the nesting limit. */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = utf8Text(body as Buffer); // parseAs: 'buffer'
    if (text === undefined) {
      done(refusalError({ kind: 'rejected', message: NOT_UTF8_MESSAGE }), undefined);
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        refusalError({ kind: 'rejected', message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.` }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
});
