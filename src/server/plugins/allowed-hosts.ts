import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAllowedHost, type HostRule } from '../host-names.ts';

/** The one route a load balancer probes, often by IP address: it reads nothing private and changes nothing. */
const HEALTH_ROUTE = '/api/health';

/**
 * Every host name the request names: `Host`, and each `X-Forwarded-Host` entry when a proxy (or anyone) sent one.
 * All must be ours: in production Fastify trusts `X-Forwarded-Host`, and a rebinding page can set that header on
 * its own "same-origin" requests.
 */
function namedHosts(request: FastifyRequest): (string | undefined)[] {
  const forwarded = request.headers['x-forwarded-host'];
  const forwardedNames = (Array.isArray(forwarded) ? forwarded : forwarded === undefined ? [] : [forwarded])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim());
  return [request.headers.host, ...forwardedNames];
}

/** Whether the request may be answered: every host it names is allowed, or it is a health probe. */
export function isRequestForThisSite(request: FastifyRequest, rule: HostRule): boolean {
  // The matched route, so letter case and a trailing slash count as the router counts them; it answers GET and HEAD only.
  if (request.routeOptions.url === HEALTH_ROUTE) return true;
  return namedHosts(request).every((host) => isAllowedHost(host, rule));
}

/**
 * Answers only requests made to this site's own names (decision 015): loopback in development, PUBLIC_URL's host
 * and ALLOWED_HOSTS. Anything else is a 421 Misdirected Request in plain words, before any other work: no session
 * is read and nothing is written.
 */
export const allowedHostsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const rule: HostRule = { names: config.allowedHosts, loopback: config.isDevelopment };
  const where = config.publicUrl ? ` at ${config.publicUrl}` : '';
  const message = `Misdirected request: this server does not answer to that host name. Open the app at its own address${where}.\n`;
  app.addHook('onRequest', async (request, reply) => {
    if (isRequestForThisSite(request, rule)) return;
    request.log.warn(
      { host: request.headers.host, forwardedHost: request.headers['x-forwarded-host'] },
      'request for a host name this server does not answer to refused (add it to ALLOWED_HOSTS if it is ours)',
    );
    return reply.code(421).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
  });
});
