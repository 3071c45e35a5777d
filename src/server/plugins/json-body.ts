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

/** Fastify's own JSON parser (prototype-poisoning keys refused), behind the nesting limit. */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
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
