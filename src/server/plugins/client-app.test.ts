import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../test/build-test-app.ts';
import { siteBanner } from '../db/schema.ts';
import { createUser } from '../test/factories.ts';
import { clientAppPlugin } from './client-app.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('the app shell and its status codes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const get = (url: string, userAgent = BROWSER) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

  it.each([
    '/',
    '/login',
    '/records',
    '/records/123',
    '/records/create',
    '/records/find/findResults',
    '/reports/params?type=salary',
    '/reports/yearCompare',
    '/admin/7',
  ])('serves the app for %s with status 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('id="site-config"');
  });

  it('matches routes regardless of letter case (the menu links to /records/RecordExport)', async () => {
    expect((await get('/records/RecordExport')).statusCode).toBe(200);
    expect((await get('/RECORDS/CREATE')).statusCode).toBe(200);
  });

  it.each([
    '/no-such-page',
    '/records/abc',
    '/records/0',
    '/records/12/extra',
    '/reports/params?type=bogus',
    '/reports/params',
    '/admin/x',
  ])('answers 404 for %s (unknown route or failed page check)', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="site-config"');
  });

  it.each([
    ['a crawler', GOOGLEBOT],
    ['a headless browser', HEADLESS],
  ])('gives %s the app with status 404 too, so it shows its own not-found page (issue 30)', async (_who, agent) => {
    for (const url of ['/no-such-page', '/reports/bogus', '/reports/params?type=bogus']) {
      const res = await get(url, agent);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('id="site-config"');
    }
  });

  it('never echoes the path into the page', async () => {
    const res = await get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E', GOOGLEBOT);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('alert(1)');
  });

  it.each(['/api/no-such-thing', '/api/reports/fiscal/nothing', '/global/nothing'])(
    'answers the unknown API path %s with JSON, not the app',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404, message: `Not found: GET ${url}` });
    },
  );

  it('writes the site settings into the page as inert JSON, marking development', async () => {
    const res = await get('/');
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(json)).toMatchObject({ isDevelopment: true, footer: { contactLabel: 'Contacts' } });
  });

  it('writes the advisory banner into the page as inert JSON, as /global/header.json has it, and {} when none', async () => {
    const banner = (body: string) =>
      JSON.parse(/<script type="application\/json" id="advisory-banner-data">(.*?)<\/script>/.exec(body)![1]!) as unknown;
    expect(banner((await get('/')).body)).toEqual({});
    // Text that would close the element if written as it is: the block stays one element, the text as it was.
    const text = 'Outage </script><script>alert(1)</script> tonight';
    await ctx.db.insert(siteBanner).values({ text, type: 'warning', icon: '', updatedBy: await createUser(ctx.db) });
    try {
      const res = await get('/records');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(banner(res.body)).toEqual({ text, type: 'warning', icon: '' });
      expect(banner(res.body)).toEqual((await get('/global/header.json')).json());
    } finally {
      await ctx.db.delete(siteBanner);
    }
  });

  it('sends security headers: CSP without inline script, no framing, nosniff', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the app shell outside development', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(PRODUCTION_ENV);
  });
  afterAll(() => ctx.close());

  it('has no /login page: it is a 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(404);
  });

  it('marks the page as not development', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('"isDevelopment":false');
  });
});

describe('source maps of a build', () => {
  let distDir: string;
  beforeAll(() => {
    // A build as one made with maps would leave it: the maps beside the scripts, and the entry naming its map.
    distDir = mkdtempSync(join(tmpdir(), 'wil-client-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><!--site-config--></head><body></body></html>');
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
    writeFileSync(join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/client/main.tsx"]}');
    writeFileSync(join(distDir, 'assets', 'index-abc123.css.map'), '{"version":3}');
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  async function serve(env: Record<string, string>) {
    const app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    app.decorate('config', loadConfig({ LOG_LEVEL: 'silent', ...env }));
    await app.register(clientAppPlugin, { distDir });
    await app.ready();
    return app;
  }

  it('are never served in production: 404, though the files are there', async () => {
    const app = await serve(PRODUCTION_ENV);
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map', '/ASSETS/index-abc123.JS.MAP']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.body).not.toContain('"sources"');
        }
      }
    } finally {
      await app.close();
    }
  });

  it('are served in development, for debugging', async () => {
    const app = await serve({ APP_ENV: 'D' });
    try {
      const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('"sources"');
    } finally {
      await app.close();
    }
  });
});
