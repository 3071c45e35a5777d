import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { encodeQueryValue, hostileText } from '../test/hostile-text.ts';
import type { Method } from '../test/matrix.ts';
import { getQueryParameters, openApiDocument } from '../test/openapi.ts';
import { createProgram, insertRecord } from '../test/record-factories.ts';
import { walkEveryRoute } from '../test/route-cases.ts';

/**
 * Issue 17: a control character in any text is a 400 naming the field, never a 500, and nothing is written.
 * A NUL used to reach PostgreSQL (which cannot store U+0000 in text or jsonb) and come back as a 500.
 */

const DIRECTION = 'cannot contain invisible text-direction controls (such as U+202E); delete them';
const ONE_LINE = 'must be a single line, without line breaks or tabs';
const SEPARATOR = 'cannot contain Unicode line or paragraph separators (U+2028, U+2029); use an ordinary line break';
const CONTROL = 'cannot contain control characters';
const HALF = 'contains half of a character (a broken emoji or symbol); delete it and type it again';
const NONCHARACTER = 'contains a code that is not a character (such as U+FFFF); delete it';

/** One of each kind the text rule refuses, with the message's ending in one-line text and in notes. */
const REFUSED = [
  ['NUL', '\u0000', CONTROL, CONTROL],
  ['escape', '\u001B', CONTROL, CONTROL],
  ['DEL', '\u007F', CONTROL, CONTROL],
  ['C1 next line', '\u0085', CONTROL, CONTROL],
  ['lone surrogate', '\uD800', HALF, HALF],
  ['noncharacter', '\uFFFF', NONCHARACTER, NONCHARACTER],
  // Issue 28: bidirectional controls and marks, and Unicode line breaks, refused in every field.
  ['right-to-left override', '\u202E', DIRECTION, DIRECTION],
  ['left-to-right isolate', '\u2066', DIRECTION, DIRECTION],
  ['right-to-left mark', '\u200F', DIRECTION, DIRECTION],
  ['Arabic letter mark', '\u061C', DIRECTION, DIRECTION],
  // Followed by a letter: at either end of a value they are trimmed away, like any line break.
  ['line separator', '\u2028x', ONE_LINE, SEPARATOR],
  ['paragraph separator', '\u2029x', ONE_LINE, SEPARATOR],
] as const;

describe('control characters are a 400 naming the field, and write nothing', () => {
  let ctx: TestContext;
  let cookie: string;
  let institution: number;
  let program: number;
  let record: number;
  let someone: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    institution = await createInstitution(ctx.db);
    program = await createProgram(ctx.db, institution);
    record = await insertRecord(ctx.db, { institutionId: institution, programId: program, notes: 'Kept' });
    someone = await createUser(ctx.db, { username: 'someone', prefName: 'Some One' });
    cookie = await ctx.cookieFor(await createUser(ctx.db, { username: 'text-admin', privileges: { glblAdmin: true } }));
  }, 120_000);
  afterAll(() => ctx.close());

  const auditCount = async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n;
  const recordVersion = async () =>
    (await queryRows<{ version: number }>(ctx.db, sql`SELECT version FROM records WHERE id = ${record}`))[0]!.version;

  /** What every listed route must do with `bad` in `field`. */
  interface Case {
    name: string;
    method: Method;
    url: (bad: string) => string;
    body?: (bad: string) => Promise<unknown>;
    field: string;
    label: string;
    signedOut?: boolean;
  }
  const query = (bad: string) => encodeQueryValue(`a${bad}b`);
  const cases: Case[] = [
    {
      name: 'PATCH /api/records/{id} notes',
      method: 'PATCH',
      url: () => `/api/records/${record}`,
      body: async (bad) => ({ version: await recordVersion(), notes: `Line one\nline ${bad} two` }),
      field: 'notes',
      label: 'Notes',
    },
    {
      name: 'PATCH /api/programs/{id} name',
      method: 'PATCH',
      url: () => `/api/programs/${program}`,
      body: async (bad) => ({ name: `Co-op${bad}` }),
      field: 'name',
      label: 'Program name',
    },
    {
      name: 'PATCH /api/institutions/{id} name',
      method: 'PATCH',
      url: () => `/api/institutions/${institution}`,
      body: async (bad) => ({ name: `College ${bad}` }),
      field: 'name',
      label: 'Name',
    },
    {
      name: 'PATCH /api/users/{id} prefName',
      method: 'PATCH',
      url: () => `/api/users/${someone}`,
      body: async (bad) => ({ prefName: `Some${bad}One` }),
      field: 'prefName',
      label: 'Preferred name',
    },
    {
      name: 'PUT /api/header text',
      method: 'PUT',
      url: () => '/api/header',
      body: async (bad) => ({ text: `Maintenance ${bad}tonight`, type: 'info', icon: '' }),
      field: 'text',
      label: 'Text',
    },
    {
      name: 'POST /api/users/add username',
      method: 'POST',
      url: () => '/api/users/add',
      body: async (bad) => ({ username: `new${bad}user` }),
      field: 'username',
      label: 'Username',
    },
    {
      name: 'POST /api/login/direct username (signed out)',
      method: 'POST',
      url: () => '/api/login/direct',
      body: async (bad) => ({ username: `text-admin${bad}` }),
      field: 'username',
      label: 'Username',
      signedOut: true,
    },
    {
      name: 'GET /api/records?programName=',
      method: 'GET',
      url: (bad) => `/api/records?programName=${query(bad)}`,
      field: 'programName',
      label: 'programName',
    },
    {
      name: 'POST /api/records/find programName',
      method: 'POST',
      url: () => '/api/records/find',
      body: async (bad) => ({ programName: `a${bad}b` }),
      field: 'programName',
      label: 'programName',
    },
    {
      name: 'GET /api/exports/records?programName=',
      method: 'GET',
      url: (bad) => `/api/exports/records?format=csv&programName=${query(bad)}`,
      field: 'programName',
      label: 'programName',
    },
  ];

  describe.each(cases)('$name', (c) => {
    // A lone surrogate cannot be written as UTF-8 in a query string (it arrives as U+FFFD, which is fine text).
    const refused = c.method === 'GET' ? REFUSED.filter(([kind]) => kind !== 'lone surrogate') : REFUSED;
    it.each(refused)('%s: 400 naming the field, nothing written', async (_kind, bad, oneLineEnding, notesEnding) => {
      const ending = c.field === 'notes' ? notesEnding : oneLineEnding;
      const before = await auditCount();
      const versionBefore = await recordVersion();
      const payload = c.body ? await c.body(bad) : undefined;
      const res = await ctx.app.inject({
        method: c.method,
        url: c.url(bad),
        headers: c.signedOut ? {} : { cookie },
        ...(payload === undefined
          ? {}
          : {
              payload: JSON.stringify(payload),
              headers: { 'content-type': 'application/json', ...(c.signedOut ? {} : { cookie }) },
            }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [c.field]: [`${c.label} ${ending}`] });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await auditCount()).toBe(before);
      expect(await recordVersion()).toBe(versionBefore);
    });
  });

  it('the values refused above were never stored: the record, program, institution, user and banner are as they were', async () => {
    const [row] = await queryRows<{ notes: string; program: string; institution: string; pref: string; banners: number }>(
      ctx.db,
      sql`SELECT r.notes, p.name AS program, i.name AS institution, u.pref_name AS pref,
                 (SELECT count(*)::int FROM site_banner) AS banners
          FROM records r JOIN programs p ON p.id = r.program_id JOIN institutions i ON i.id = r.institution_id,
               users u
          WHERE r.id = ${record} AND u.id = ${someone}`,
    );
    expect(row).toMatchObject({ notes: 'Kept', pref: 'Some One', banners: 0 });
    expect(row!.program).toMatch(/^Test Program \d+$/);
    expect(row!.institution).toMatch(/^Test Institution \d+$/);
  });

  it('text that only looks odd is kept, normalised: NFC, trimmed, Windows line ends in notes made \\n', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/records/${record}`,
      headers: { cookie },
      payload: { version: await recordVersion(), notes: '  Cafe\u0301 👩🏽‍🔬\r\nsecond line\twith a tab \u200D ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notes).toBe('Café 👩🏽‍🔬\nsecond line\twith a tab \u200D');
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/programs/${program}`,
      headers: { cookie },
      payload: { name: ' E\u0301tudes coope\u0301ratives ' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Études coopératives');
  });

  it('any mix of control characters, surrogates and odd text in a record’s notes: 400 and nothing written, or 200 and stored clean', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (notes) => {
        const before = await auditCount();
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/api/records/${record}`,
          headers: { cookie },
          payload: { version: await recordVersion(), notes },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 400) {
          expect(Object.keys(res.json().fieldErrors)).toEqual(['notes']);
          expect(await auditCount()).toBe(before);
        } else {
          expect(res.statusCode).toBe(200);
          const [stored] = await queryRows<{ notes: string | null }>(ctx.db, sql`SELECT notes FROM records WHERE id = ${record}`);
          expect(stored!.notes).toBe(res.json().notes);
          expect(stored!.notes ?? '').not.toMatch(
            // eslint-disable-next-line no-control-regex -- matching control characters is the point
            /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('a NUL in any route’s address or query is never a 500', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = await ctx.cookieFor(await createUser(ctx.db, { username: 'nul-admin', privileges: { glblAdmin: true } }));
  }, 120_000);
  afterAll(() => ctx.close());

  /** Query names the routes read, each given a NUL; routes that read none ignore them or refuse the unknown names. */
  const NUL_QUERY =
    'programName=a%00b&fiscalYear=2024%00&fiscalYearFrom=%00&format=csv%00&returnPath=%2F%00&term=Fall%00&programId=1%00&code=%00&state=%00';

  it('every API route, signed in and signed out: a NUL in each path parameter is a 400 or 404; in the query, under 500', async () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(20);
    for (const route of ctx.app.apiRoutes) {
      const hasParams = route.url.includes(':');
      const withNulParams = route.url.replace(/:[A-Za-z]+/g, '1%00');
      const withGoodParams = route.url.replace(/:id/g, '1').replace(/:type/g, 'region');
      for (const headers of [{ cookie }, {}]) {
        if (hasParams) {
          const res = await ctx.app.inject({ method: route.method as Method, url: withNulParams, headers, payload: {} });
          // 401 signed out: the session guard runs before the address is read.
          expect([400, 401, 404], `${route.method} ${withNulParams} → ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        }
        const res = await ctx.app.inject({
          method: route.method as Method,
          url: `${withGoodParams}?${NUL_QUERY}`,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route.method} ${withGoodParams}?… → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it.each(['/%00', '/records/%00', '/records/1%00', '/reports/params?type=%00', '/global/header.json?x=%00', '/api/%00'])(
    'GET %s is answered, not a 500',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    },
  );
});

/**
 * Issue 28: every query parameter of every GET route the server registers (by its OpenAPI description), text filters
 * included, goes through the text rule: a NUL, a bidirectional override or a line separator in it is a 400 naming
 * the parameter. `GET /api/returns/download?institution=a%00b` used to answer 200.
 */
describe('every query parameter of every route refuses what the text rule refuses', () => {
  const walk = walkEveryRoute();
  /** Not a filter: a sign-in's way back, which falls back to the home page when it is not a page of this site. */
  const NOT_FILTERS = new Set(['returnPath']);

  async function queryParameters() {
    return getQueryParameters(await openApiDocument(walk.ctx.app), walk.cases).filter((p) => !NOT_FILTERS.has(p.name));
  }

  it('walks the text filters too', async () => {
    const names = new Set((await queryParameters()).map((q) => q.name));
    for (const name of ['programName', 'institution', 'status']) expect(names).toContain(name);
  });

  it.each([
    ['NUL', '\u0000'],
    ['right-to-left override', '\u202E'],
    ['line separator', '\u2028'],
  ])('%s: 400 naming the parameter', async (_kind, bad) => {
    const cookie = await walk.ctx.cookieFor(walk.matrix.users.appAdmin);
    const answers: string[] = [];
    for (const { url, name } of await queryParameters()) {
      const [path, query = ''] = url.split('?');
      const params = new URLSearchParams(query);
      params.set(name, `a${bad}b`);
      const res = await walk.ctx.app.inject({ url: `${path}?${params.toString()}`, headers: { cookie } });
      const named = res.statusCode === 400 && Object.keys(res.json().fieldErrors ?? {}).includes(name);
      if (!named) answers.push(`${path}?${name}= → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });
});
