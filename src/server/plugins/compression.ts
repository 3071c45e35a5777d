import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: a few hundred bytes gain nothing and cost a compressor each. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * A request another site's page made (a link, a form, a script's fetch). Only these are sent uncompressed: a page of
 * ours asks `same-origin`, an address typed or bookmarked `none`, and a client that is no browser sends no header.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * Compresses what the routes write at run time (API JSON, report and CEWIL downloads as CSV) with Brotli or gzip when
 * the client accepts them; the client's own files are compressed at build time and sent by @fastify/static as they
 * are (client-app.ts). The app shell, two kilobytes from the not-found handler, goes out as it is. Registered before every route, since it hooks each route as it is added. Spreadsheets are zip
 * files already and go out untouched (their media type is not compressible). Request bodies are not decompressed:
 * an upload stays within the body limit as sent, and a small compressed body cannot expand into a large one.
 *
 * Compression and secrets (BREACH): a compressed answer's length can betray a secret in it when an attacker's text
 * is compressed alongside and the attacker can make the victim's browser ask again and again. The session token
 * is only ever in a cookie header, the cross-site guard reads headers (same-origin.ts), no body carries either; and
 * a request another site's page makes, the attacker's lever, is answered uncompressed.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (fromAnotherSite(request)) delete request.headers['accept-encoding'];
    });
    await app.register(fastifyCompress, {
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
