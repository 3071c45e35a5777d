/**
 * Sign-in returns only to a relative path on this site (PRODUCT.md §7). Anything that a browser could read
 * as another origin (`//host`, `/\host`, `https:`, control characters) falls back to the home page.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const url = new URL(value, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
