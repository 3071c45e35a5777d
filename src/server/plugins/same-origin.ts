import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.ts';

/** Methods that only read; everything else changes something and must come from this site's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSite = () =>
  new HttpError(403, 'This request came from another site and was refused. Open the app at its own address and try again.');

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
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // Behind a proxy the app's own address is PUBLIC_URL; in development it is whatever host the browser used.
  const expected = siteOrigin ?? originOf(`${request.protocol}://${request.host}`);
  return originOf(origin) !== expected;
}

export const sameOriginPlugin = fp(async (app: FastifyInstance) => {
  const siteOrigin = app.config.publicUrl ? (originOf(app.config.publicUrl) ?? undefined) : undefined;
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
