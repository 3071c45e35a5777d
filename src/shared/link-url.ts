import { RETURN_PATH_MAX_LENGTH, sameOriginPath, UNSAFE_URL_CHARACTER } from './return-path.ts';

/**
 * A link the app may render from stored data (the banner's "more information"): an https address without
 * credentials in it, or a path on this site (`sameOriginPath`). Returns the address to put in `href`, or null for
 * anything else (`javascript:`, `data:`, `http:`, `//host`, `/\host`, control characters).
 */
export function safeLinkUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/')) return sameOriginPath(value);
  if (value.length > RETURN_PATH_MAX_LENGTH || UNSAFE_URL_CHARACTER.test(value) || !/^https:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // `https://wil.example.ca@evil.example/` reads as this site but goes to evil.example.
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}
