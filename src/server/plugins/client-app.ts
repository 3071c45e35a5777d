import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveAppRoute } from '../../shared/app-routes.ts';
import { BANNER_ELEMENT_ID, type BannerResponse } from '../../shared/schemas/banner.ts';
import { SITE_CONFIG_ELEMENT_ID } from '../../shared/schemas/site.ts';
import { CLIENT_DIST_DIR } from '../paths.ts';

/** Text written into an HTML page made here (status pages, the sign-out question). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A JSON data block: never executed, so the strict CSP allows it; `<` escaped so no text can close the element. */
const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Shown when the client has not been built (API tests, or `npm start` before `npm run build`). */
const UNBUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title><!--site-config--></head>
<body><main><h1>The web client has not been built</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

/** The build's compressed copies of its files, never routes of their own. */
const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

export interface ClientAppOptions {
  /** The built client (tests give a fixture); `dist/client` by default. */
  distDir?: string;
  /** The advisory banner as it is now, written into each page (BANNER_ELEMENT_ID); without it the page asks. */
  readBanner?: () => Promise<BannerResponse>;
}

/**
 * Serves the built single-page app. Every non-API GET answers with index.html, its status decided by the shared
 * route table: an unknown path, or one failing its page check, is a 404 (the app then shows "Page not found" in its
 * shell, with the header and a way home). Crawlers get the same page: the status is what they act on, and a "crawler"
 * test also catches headless browsers (HeadlessChrome), which then showed a bare page without the app (issue 30).
 */
export async function clientAppPlugin(app: FastifyInstance, options: ClientAppOptions = {}): Promise<void> {
  const { config } = app;
  const distDir = options.distDir ?? CLIENT_DIST_DIR;
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  // The page's data blocks go where index.html has its marker.
  const [head, tail] = (built ? readFileSync(indexPath, 'utf8') : UNBUILT_PAGE).split('<!--site-config-->') as [string, string?];
  const configBlock = jsonBlock(SITE_CONFIG_ELEMENT_ID, config.site);
  // A banner that cannot be read is left out: the page then asks /global/header.json, as it did before.
  const readBanner = async (request: FastifyRequest): Promise<BannerResponse | null> => {
    if (!options.readBanner) return null;
    try {
      return await options.readBanner();
    } catch (error) {
      request.log.warn({ err: error }, 'advisory banner not written into the page');
      return null;
    }
  };
  const indexHtml = async (request: FastifyRequest) => {
    if (tail === undefined) return head;
    const banner = await readBanner(request);
    return `${head}${configBlock}${banner ? jsonBlock(BANNER_ELEMENT_ID, banner) : ''}${tail}`;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false, // one route per built file; everything else falls through to the app shell below
      index: false,
      // Source maps give away the client's source, comments included: production never serves them, even if a
      // build left some behind (vite.config.ts emits them only for `--mode development`).
      // The build's Brotli and gzip copies (scripts/precompress.ts) are sent in place of the file they copy, to a
      // browser that accepts them, with `Vary: Accept-Encoding`; they are not files of their own.
      preCompressed: true,
      globIgnore: [...PRECOMPRESSED_COPIES, ...(config.isDevelopment ? [] : ['**/*.map'])],
      setHeaders(res, filePath) {
        // Hashed assets never change; the manifest and entry must always be checked for a newer build.
        res.header(
          'cache-control',
          filePath.includes(`${join('dist', 'client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://app.invalid');
    const isApi = /^\/(api|global)(\/|$)/i.test(url.pathname);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ statusCode: 404, message: `Not found: ${request.method} ${url.pathname}` });
    }
    const match = resolveAppRoute(url.pathname, url.search, config.isDevelopment);
    reply
      .status(match ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return indexHtml(request);
  });
}
