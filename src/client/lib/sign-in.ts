/** Where sign-in and sign-out go. Both are full-page navigations: the server runs single sign-on. */

export const SIGN_OUT_URL = '/api/logout';
export const DIRECT_SIGN_IN_PATH = '/login';

const PROBE_ORIGIN = 'https://return-path.invalid';

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A return path the app may follow: a relative path on this site only (`/records?page=2`), never another
 * origin (`//evil.example`, `/\evil.example`, `https://…`). Anything else gives the fallback.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.includes('\\') || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Returning to the sign-in page itself would go round in a circle.
  if (url.pathname.replace(/\/+$/, '').toLowerCase() === DIRECT_SIGN_IN_PATH) return fallback;
  return path;
}

/** Starts single sign-on, coming back to `returnPath` afterwards. */
export function signInUrl(returnPath: string): string {
  return `/api/login?returnPath=${encodeURIComponent(safeReturnPath(returnPath))}`;
}

/** The development-only direct sign-in page, coming back to `returnPath` afterwards. */
export function directSignInUrl(returnPath: string): string {
  const target = safeReturnPath(returnPath);
  return target === '/' ? DIRECT_SIGN_IN_PATH : `${DIRECT_SIGN_IN_PATH}?returnPath=${encodeURIComponent(target)}`;
}
