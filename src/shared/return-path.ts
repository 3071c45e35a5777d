/**
 * Paths on this site that it is safe to send a person to: where sign-in returns (docs/product.md §9: a path on
 * this site) and the banner's "more information" link. Used by the server (the redirect after sign-in) and the client
 * (the direct sign-in page), so both refuse the same things.
 *
 * A browser resolves what it is given before it follows it: `/..//evil.example` becomes `//evil.example` (another
 * host), `/\evil.example` becomes `//evil.example`, tabs and newlines vanish. So a path is accepted only when it is
 * already in the form the browser would resolve it to, and that form is a path on this origin.
 */

/** Any fixed origin works: only whether the path stays on it matters. */
const PROBE_ORIGIN = 'https://same-origin-path.invalid';

export const RETURN_PATH_MAX_LENGTH = 2000;

/** The development sign-in page: returning to it after signing in would go round in a circle. */
export const SIGN_IN_PAGE_PATH = '/login';

/**
 * Control characters (a browser drops tabs and newlines, so `/\t/evil.example` is `//evil.example`), the space, and
 * the backslash (which a browser reads as `/` in a path). Refused anywhere in the value.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
export const UNSAFE_URL_CHARACTER = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * In the path part: an encoded `/`, `\`, `.` or `%`. This app's pages never need them, and a server, proxy or router
 * that decodes once more would turn them into the `//`, `/\` or `..` refused above.
 */
const ENCODED_SEPARATOR = /%(2f|5c|2e|25)/i;

/**
 * The value as a path on this site, in the form a browser resolves it to (`/records?page=2#top`), or null when it
 * is anything else: not a string, empty or too long, absolute (`https:`, `javascript:`), protocol-relative (`//`,
 * `/\`), with dot segments or encoded separators in its path, or with control characters anywhere.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (UNSAFE_URL_CHARACTER.test(value)) return null;
  if (!value.startsWith('/')) return null;
  const rawPath = value.split(/[?#]/, 1)[0]!;
  if (ENCODED_SEPARATOR.test(rawPath)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // `//host`, `///host`: another origin. (The path check below refuses them too; each check says the rule whole.)
  if (url.origin !== PROBE_ORIGIN) return null;
  // Dot segments (`.`, `..`, `%2e`) and characters the browser would encode change the path: refuse rather than guess.
  if (url.pathname !== rawPath || url.pathname.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= RETURN_PATH_MAX_LENGTH ? path : null;
}

/** API addresses are not pages: returning to one (`/api/logout`) after sign-in would act instead of showing. */
const API_PATH = /^\/api(\/|$)/i;

/**
 * Where sign-in may return to: a page of this site (see `sameOriginPath`), never the API or the sign-in page
 * itself. Anything else gives the fallback, the home page by default.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  const path = sameOriginPath(value);
  if (path === null) return fallback;
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (API_PATH.test(pathname)) return fallback;
  if (pathname.replace(/\/+$/, '').toLowerCase() === SIGN_IN_PAGE_PATH) return fallback;
  return path;
}
