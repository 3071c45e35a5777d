import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { loadConfig } from '../config.ts';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { createProgram, insertRecord } from '../test/record-factories.ts';
import { clientAppPlugin } from './client-app.ts';
import { COMPRESSION_THRESHOLD, compressionPlugin } from './compression.ts';

const decode: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/** The response compression of API answers (compression.ts): Brotli or gzip as asked, never for spreadsheets. */
describe('compressed API answers', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Enough institutions with a record each for a report and its CSV well past the threshold.
    for (let n = 0; n < 16; n++) {
      const institutionId = await createInstitution(ctx.db);
      await insertRecord(ctx.db, { institutionId, programId: await createProgram(ctx.db, institutionId) });
    }
    cookie = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it.each(['br', 'gzip'])('sends a report %s-compressed that decodes to the same JSON', async (encoding) => {
    const plain = await get('/api/reports/placement');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const packed = await get('/api/reports/placement', { 'accept-encoding': `${encoding}, deflate` });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode[encoding]!(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    // The other answer headers still apply to a compressed answer.
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(packed.headers['x-content-type-options']).toBe('nosniff');
  });

  it('prefers Brotli when the browser accepts both, as Chromium does', async () => {
    const res = await get('/api/reports/placement', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('sends small answers as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses nothing for a request another site made (BREACH: no length oracle for a forged request)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await get('/api/reports/placement', { 'accept-encoding': 'br, gzip', 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(200);
      expect(res.headers['content-encoding'], site).toBeUndefined();
    }
    const own = await get('/api/reports/placement', { 'accept-encoding': 'br, gzip', 'sec-fetch-site': 'same-origin' });
    expect(own.headers['content-encoding']).toBe('br');
  });

  it('compresses a CSV report download, not an XLSX one (a zip already)', async () => {
    const csv = await get('/api/reports/placement/download?format=csv', { 'accept-encoding': 'gzip' });
    expect(csv.statusCode).toBe(200);
    expect(Number(csv.headers['content-length'] ?? Infinity)).toBeLessThan(gunzipSync(csv.rawPayload).length);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString('utf8')).toContain('Province');

    const xlsx = await get('/api/reports/placement/download?format=xlsx', { 'accept-encoding': 'br, gzip' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('leaves the streamed record export alone: sent as written, in chunks, uncompressed', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await get(`/api/exports/records?format=${format}`, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-encoding'], format).toBeUndefined();
      expect(res.headers['transfer-encoding'], format).toBe('chunked');
      expect(res.headers['content-disposition'], format).toMatch(/^attachment/);
    }
  });

  it('does not inflate request bodies: a gzipped body is read as sent, and refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/records/find',
      headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync('{}'),
    });
    expect(res.statusCode).toBe(400);
  });
});

/** The client's built files (client-app.ts), compressed once at build time (scripts/precompress.ts). */
describe('precompressed client files', () => {
  let root: string;
  let distDir: string;
  let app: FastifyInstance;
  let written: string[];
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `word ${n % 37}`))};\n`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wil-precompress-'));
    distDir = join(root, 'dist', 'client');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><html><head><!--site-config--></head><body>${script}</body></html>`,
    );
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(distDir, 'assets', 'small-abc123.js'), 'export const x = 1;\n');
    writeFileSync(join(distDir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
    written = precompressDir(distDir);

    app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    app.decorate('config', loadConfig({ LOG_LEVEL: 'silent', ...PRODUCTION_ENV }));
    await app.register(compressionPlugin);
    await app.register(clientAppPlugin, { distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes Brotli and gzip copies of text files only, not of small files, pictures or HTML', () => {
    expect(written.sort()).toEqual(['assets/index-abc123.js.br', 'assets/index-abc123.js.gz']);
  });

  it.each(['br', 'gzip'])('sends a script as its %s copy, with Vary: Accept-Encoding and the long cache', async (encoding) => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode[encoding]!(res.rawPayload).toString('utf8')).toBe(script);
    // The build's copy itself, not one compressed again on the way out.
    const copy = join(distDir, 'assets', `index-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`);
    expect(res.rawPayload.equals(readFileSync(copy))).toBe(true);
  });

  it('sends the plain file to a client that accepts no compression, still varying on it', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it('does not serve the copies as files of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('sends a picture as it is', async () => {
    const res = await app.inject({ url: '/assets/logo-abc123.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(readFileSync(join(distDir, 'assets', 'logo-abc123.png')));
  });
});
