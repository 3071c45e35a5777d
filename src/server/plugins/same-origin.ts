import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refusalError } from '../http-errors.ts';

/** Methods that only read; everything else changes something and must come from this site's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Sec-Fetch-Site` values that mean this site's own page, or the person typing or opening a bookmark. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

const crossSite = () =>
  refusalError({
    kind: 'forbidden',
    message: 'This request came from another site and was refused. Open the app at its own address and try again.',
  });

/** The origin (scheme, host, port) of a URL, normalized the way browsers write the Origin header; null if not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard, in front of the SameSite=Lax session cookie (see docs/decisions/009).
 * A browser names where a request comes from: `Sec-Fetch-Site` in every current browser, `Origin` on every
 * state-changing request in all of them. A state-changing request is refused when either says another site.
 * A request with neither header did not come from a browser (curl, scripts), so it cannot be forged by a page.
 */
export function isCrossSite(request: FastifyRequest, siteOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return !OWN_FETCH_SITES.has(fetchSite);
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return originOf(origin) !== expectedOrigin(request, siteOrigin);
}

/** This site's origin: PUBLIC_URL's when set (behind a proxy the Host is not ours to trust), else undefined. */
export function siteOriginOf(publicUrl: string | undefined): string | undefined {
  return publicUrl ? (originOf(publicUrl) ?? undefined) : undefined;
}

/** Behind a proxy the app's own address is PUBLIC_URL; in development it is whatever host the browser used. */
function expectedOrigin(request: FastifyRequest, siteOrigin: string | undefined): string | null {
  return siteOrigin ?? originOf(`${request.protocol}://${request.host}`);
}

/**
 * Whether a GET that acts (sign-out, issue 28) was a navigation of this site's own or one the person made: the
 * opposite default of `isCrossSite`. SameSite=Lax sends the cookie with another site's link, and such a navigation
 * carries no Origin and may hide its Referer (Referrer-Policy), so a request that says nothing is not trusted here.
 * `Sec-Fetch-Site` decides when present (same-origin or none); without it, an older browser's Origin, else its
 * Referer, must be this site's.
 */
export function isOwnNavigation(request: FastifyRequest, siteOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return OWN_FETCH_SITES.has(fetchSite);
  const from = request.headers.origin ?? request.headers.referer;
  if (from === undefined) return false;
  const expected = expectedOrigin(request, siteOrigin);
  return expected !== null && originOf(from) === expected;
}

export const sameOriginPlugin = fp(async (app: FastifyInstance) => {
  const siteOrigin = siteOriginOf(app.config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, siteOrigin)) {
      request.log.warn(
        { origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] },
        'cross-site write refused',
      );
      throw crossSite();
    }
  });
});
