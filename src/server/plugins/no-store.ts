import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Personal data is not cached: every answer under /api (users, roles, records, reports, history, exports, errors
 * and refusals too) carries `Cache-Control: no-store`, so neither the browser nor a proxy keeps a copy on disk
 * for the next person at a shared office computer. The OpenAPI pages (/api/docs) describe the API, hold no data,
 * and keep their own caching. The route's pattern decides where there is one, so `/API/Records` (routes match
 * regardless of case) is covered; an unmatched path is judged by its own text.
 */
const API_PATH = /^\/api(\/|$)/i;
const DOCS_PATH = /^\/api\/docs(\/|$)/i;

function isApiData(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url.split('?')[0]!;
  return API_PATH.test(path) && !DOCS_PATH.test(path);
}

export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiData(request)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'no-store' },
);
