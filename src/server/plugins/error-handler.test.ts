import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { registerErrorHandler, UNSTORABLE_TEXT_MESSAGE } from './error-handler.ts';
import { MAX_JSON_DEPTH, NOT_UTF8_MESSAGE } from './json-body.ts';

describe('bad input is a 400 with a clear message, never a 500', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({ method: 'POST', url: '/api/login/direct', payload, headers: { 'content-type': contentType } });

  it('refuses malformed JSON', async () => {
    const res = await post('{"username": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('refuses a body that is not UTF-8 instead of storing a replacement character for what it cannot read', async () => {
    // "Café" in Latin-1, declared so or not: JSON is UTF-8, and the é would otherwise become U+FFFD.
    const latin1 = Buffer.from('{"username": "Caf\xe9"}', 'latin1');
    for (const type of ['application/json', 'application/json; charset=iso-8859-1']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/direct',
        payload: latin1,
        headers: { 'content-type': type },
      });
      expect([res.statusCode, res.json().message], type).toEqual([400, NOT_UTF8_MESSAGE]);
    }
  });

  it('refuses a body over the size limit', async () => {
    const res = await post(JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is too large.');
  });

  it('refuses a body nested deeper than the limit, counting only brackets outside strings', async () => {
    const nested = (levels: number) => `{"username":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;
    const deep = await post(nested(MAX_JSON_DEPTH + 1));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(`The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`);
    const hugelyDeep = await post(nested(100_000));
    expect(hugelyDeep.json().message).toMatch(/nested too deeply/);
    // At the limit the body is parsed and reaches validation, which names the field.
    const atLimit = await post(nested(MAX_JSON_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().fieldErrors).toHaveProperty('username');
    const bracketsInText = await post(JSON.stringify({ username: `"[{\\${'['.repeat(100)}` }));
    expect(bracketsInText.json().message).not.toMatch(/nested/);
  });

  it('refuses prototype-poisoning keys', async () => {
    for (const body of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
    }
  });

  it('refuses a body that is not JSON', async () => {
    const res = await post('username=writer', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('refuses a JSON array or null where an object is expected, naming the body', async () => {
    for (const body of ['[]', 'null', '"writer"']) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toBeDefined();
    }
  });

  it('hides the details of an unexpected failure behind a reference', async () => {
    // A broken schema makes the banner query fail in a way no handler expects.
    await ctx.database.db.execute(sql`DROP TABLE site_banner`);
    const res = await ctx.app.inject({ method: 'GET', url: '/global/header.json' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/site_banner|relation|SELECT/i);
    expect(res.json().message).toMatch(/Reference: [0-9a-f-]{36}$/);
  });
});

describe('text the database cannot store: the last line of defence behind the schemas', () => {
  let ctx: TestContext;
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    ctx = await createTestContext();
    registerErrorHandler(app);
    // Routes without schemas, as a field the text rule missed would be: the NUL reaches PostgreSQL.
    app.get('/text', async () => ctx.database.db.execute(sql`SELECT ${'a\u0000b'}::text AS t`));
    app.get('/jsonb', async () => ctx.database.db.execute(sql`SELECT ${JSON.stringify({ t: 'a\u0000b' })}::jsonb AS j`));
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it.each(['/text', '/jsonb'])('%s: PostgreSQL refusing a NUL is a 400 that says what to do, not a 500', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: UNSTORABLE_TEXT_MESSAGE });
  });
});
