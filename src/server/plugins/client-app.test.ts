import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../test/build-test-app.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
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

  it('gives crawlers a plain status page with the not-found message', async () => {
    const res = await get('/no-such-page', GOOGLEBOT);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>404 Not Found</h1>');
    expect(res.body).toContain('Page not found: /no-such-page');
    expect(res.body).not.toContain('site-config');
  });

  it('escapes the path it echoes to crawlers', async () => {
    const res = await get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E', GOOGLEBOT);
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Not found: GET /api/no-such-thing' });
  });

  it('writes the site settings into the page as inert JSON, marking development', async () => {
    const res = await get('/');
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(json)).toMatchObject({ isDevelopment: true, footer: { contactLabel: 'Contacts' } });
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
