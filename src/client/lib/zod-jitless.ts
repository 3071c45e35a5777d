import { z } from 'zod';

/**
 * Zod 4 compiles its object parsers with `new Function` where the page allows it, and finds out by trying
 * `new Function('')` once. The app's CSP allows no eval (script-src 'self', app.ts), so the try is refused and
 * the browser reports a CSP violation on every page, though zod catches the error. Jitless mode skips the try and
 * the compiled parsers; the client parses a few small answers and forms, where the difference does not show.
 * main.tsx imports this first, before any module builds a schema (zod decides when an object schema is made).
 */
z.config({ jitless: true });
