import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '../../shared/schemas/id.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createUser } from '../test/factories.ts';
import type { Method } from '../test/matrix.ts';
import { getQueryParameters, openApiDocument } from '../test/openapi.ts';
import { walkEveryRoute } from '../test/route-cases.ts';

/**
 * Path ids, walked over every API route the server registers (app.apiRoutes): an id must be written canonically
 * (plain digits, no leading zero, 1 to 2147483647); any other spelling is a 400 that names the parameter, and a
 * canonical id is never refused for being one. Called as an app admin, so no guard stands before validation.
 */

/** The path parameters the API has: ids, checked here, and the report type (an enumeration, tested in reports). */
const NOT_IDS = new Set(['type']);

/** Spellings that JavaScript's Number() (or a lenient parser) would read as an id, and others besides. */
const canonical = fc.integer({ min: 1, max: ID_MAX }).map(String);
const nonCanonicalId = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 4 }), canonical).map(([zeros, id]) => '0'.repeat(zeros) + id),
  fc.constantFrom('0', '00', '-0', '+0', '0.0'),
  fc.tuple(fc.constantFrom('+', '-', ' ', '\t', '\n', '\u00a0', '\ufeff'), canonical).map(([sign, id]) => sign + id),
  fc.tuple(canonical, fc.constantFrom('.0', '.', '.5', ' ', '\n', 'e0', 'n', '_0', ',000')).map(([id, end]) => id + end),
  fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 9 })).map(([m, e]) => `${m}e${e}`),
  fc.integer({ min: 1, max: 0xffff }).map((n) => `0x${n.toString(16)}`),
  fc.integer({ min: 1, max: 0o777 }).map((n) => `0o${n.toString(8)}`),
  fc.integer({ min: 1, max: 255 }).map((n) => `0b${n.toString(2)}`),
  fc.bigInt({ min: BigInt(ID_MAX) + 1n, max: 10n ** 30n }).map(String),
  canonical.map((id) => id.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))), // full-width digits
  fc.constantFrom('Infinity', 'NaN', 'null', 'true', '[]', '1 2', '%', '-'),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/^[1-9][0-9]*$/.test(s)),
);

/**
 * A canonical id with at least one digit percent-encoded (`%37%32%38` for 728, either letter case): the same number
 * once the path is decoded, but not the id as the address writes it (issue 28).
 */
const percentEncodedId = fc
  .tuple(canonical, fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), fc.boolean())
  .filter(([id, encode]) => [...id].some((_, i) => encode[i]))
  .map(([id, encode, upper]) => [...id].map((d, i) => (encode[i] ? (upper ? `%3${d}`.toUpperCase() : `%3${d}`) : d)).join(''));

describe('ids in paths', () => {
  let ctx: TestContext;
  let cookie: string;
  let idRoutes: { method: Method; url: string; siblings: Set<string> }[];

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
    const routes = ctx.app.apiRoutes;
    idRoutes = routes
      .filter((r) => r.url.includes('/:id'))
      .map((r) => {
        // The fixed words a route shares its id's place with (`/api/records/medians` beside `/api/records/:id`):
        // such a word reaches the other route, so it is not an id spelling to try here.
        const at = r.url.split('/').indexOf(':id');
        const prefix = r.url.split('/').slice(0, at).join('/').toLowerCase();
        const siblings = new Set(
          routes
            .map((o) => o.url.split('/'))
            .filter((parts) => parts.slice(0, at).join('/').toLowerCase() === prefix && parts[at] && !parts[at]!.startsWith(':'))
            .map((parts) => parts[at]!.toLowerCase()),
        );
        return { method: r.method as Method, url: r.url, siblings };
      });
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(method === 'PATCH' ? { payload: {} } : {}) });
  const at = (url: string, id: string) => url.replace(':id', encodeURIComponent(id));

  it('knows every path parameter the API has', () => {
    const names = new Set(ctx.app.apiRoutes.flatMap((r) => r.url.split('/').filter((p) => p.startsWith(':'))));
    expect([...names].filter((n) => n !== ':id' && !NOT_IDS.has(n.slice(1)))).toEqual([]);
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['/api/records/1e3'],
    ['/api/records/0x10'],
    ['/api/records/06600'],
    ['/api/records/+6600'],
    ['/api/records/%206600'],
    ['/api/records/6600.0'],
    ['/api/records/2147483648'],
    ['/api/users/0x1'],
    // Issue 28: percent-encoded digits decode to an id, but are not one as written.
    ['/api/returns/%37%32%38'],
    ['/api/records/%31'],
    ['/api/users/1%30'],
    ['/api/programs/%32/'],
  ])('GET %s is a 400 naming id', async (url) => {
    const res = await ctx.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('id');
    expect(res.json().message).toContain('id');
  });

  it('refuses every non-canonical spelling of an id, on every route with one, naming the parameter', async () => {
    for (const route of idRoutes) {
      await fc.assert(
        fc.asyncProperty(
          nonCanonicalId.filter((s) => !route.siblings.has(s.toLowerCase()) && s !== '.' && s !== '..'),
          async (id) => {
            const res = await call(route.method, at(route.url, id));
            expect(res.statusCode, `${route.method} ${at(route.url, id)}: ${res.body}`).toBe(400);
            expect(res.json().fieldErrors, `${route.method} ${at(route.url, id)}`).toHaveProperty('id');
          },
        ),
        { numRuns: 60 },
      );
    }
  });

  it('refuses an id whose digits are percent-encoded, on every route with one: the address must write the id itself', async () => {
    for (const route of idRoutes) {
      await fc.assert(
        fc.asyncProperty(percentEncodedId, async (raw) => {
          // Written into the address as it is: the digits stay encoded on the wire.
          const url = route.url.replace(':id', raw);
          const res = await call(route.method, url);
          expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBe(400);
          expect(res.json().fieldErrors, `${route.method} ${url}`).toHaveProperty('id');
        }),
        // Calls that change things would act on the decoded id were the check missing: ids far above any stored.
        { numRuns: 25, examples: route.method === 'GET' ? [['%37%32%38']] : [['%31000000']] },
      );
    }
  });

  it('never refuses a canonical id for being one', async () => {
    for (const route of idRoutes) {
      // Calls that change things get ids far above any this database holds, so nothing is changed or deactivated.
      const ids = route.method === 'GET' ? fc.integer({ min: 1, max: ID_MAX }) : fc.integer({ min: 1_000_000, max: ID_MAX });
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const res = await call(route.method, at(route.url, String(id)));
          if (res.statusCode === 400)
            expect(res.json().fieldErrors ?? {}, `${route.method} ${route.url} ${id}`).not.toHaveProperty('id');
        }),
        { numRuns: 20, examples: [[ID_MAX], [route.method === 'GET' ? 1 : 1_000_000]] },
      );
    }
  });

  it('refuses non-canonical ids in query strings too, naming the parameter', async () => {
    const queries = [
      ['/api/records', 'institutionIds'],
      ['/api/records', 'programIds'],
      ['/api/records/inst/1', 'programIds'],
      ['/api/reports/region', 'institutionIds'],
      ['/api/reports/region/download?format=csv', 'institutionIds'],
      ['/api/exports/records?format=csv', 'programIds'],
      ['/api/records/medians?fiscalYear=2024/25&term=Fall', 'programId'],
    ] as const;
    for (const [path, name] of queries) {
      // A comma splits a list, so those spellings are lists; a blank value is no filter at all.
      const spelling = nonCanonicalId.filter((s) => !s.includes(',') && s !== '');
      await fc.assert(
        fc.asyncProperty(spelling, async (id) => {
          const url = `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(id)}`;
          const res = await ctx.app.inject({ url, headers: { cookie } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().fieldErrors, url).toHaveProperty(name);
        }),
        { numRuns: 25 },
      );
    }
  });
});

/**
 * Issue 28: id lists in query strings (`institutionIds=1,2`) used to drop blanks and empty items, so `%201`, `+1`
 * (a plus is a space in a query string), `1%20` and `1,,2` passed. Every GET route the server registers, with each
 * query parameter its OpenAPI description names as an id (`…Id`, `…Ids`): such spellings are a 400 naming it.
 */
describe('ids in query strings, on every route that takes one', () => {
  const walk = walkEveryRoute();

  /** Written into the query as they are (not encoded again), with the value a decoder then hands the schema. */
  const BAD_LIST_SPELLINGS = [
    '%201', // " 1"
    '+1', // " 1"
    '1%20', // "1 "
    '1+', // "1 "
    '%2B1', // "+1"
    '-1',
    '1,,2',
    ',1',
    '1,',
    '1,%202',
    '1,+2',
    ',',
    '%20',
  ];
  const badListSpelling = fc.oneof(
    fc.constantFrom(...BAD_LIST_SPELLINGS),
    // A good id beside a bad one: every item is checked, not only the first.
    fc
      .tuple(canonical, nonCanonicalId, fc.boolean())
      .filter(([, bad]) => !/^[1-9][0-9]*(,[1-9][0-9]*)*$/.test(bad))
      .map(([good, bad, first]) => (first ? `${encodeURIComponent(bad)},${good}` : `${good},${encodeURIComponent(bad)}`)),
  );

  /** Each GET case with the id parameters of its route (by the OpenAPI description). */
  async function idQueries() {
    return getQueryParameters(await openApiDocument(walk.ctx.app), walk.cases)
      .filter((p) => /Ids?$/.test(p.name))
      .map(({ url, name }) => ({ url, name }));
  }

  it('finds the id parameters of the routes that take them', async () => {
    const names = new Set((await idQueries()).map((q) => q.name));
    expect([...names].sort()).toEqual(['institutionIds', 'programId', 'programIds']);
  });

  it('refuses spaces, signs and empty items in id lists, naming the parameter', async () => {
    const cookie = await walk.ctx.cookieFor(walk.matrix.users.appAdmin);
    for (const { url, name } of await idQueries()) {
      await fc.assert(
        fc.asyncProperty(badListSpelling, async (value) => {
          // The parameter replaces any value the case gives it (medians names its programId).
          const [path, query = ''] = url.split('?');
          const others = query
            .split('&')
            .filter((pair) => pair !== '' && pair.split('=')[0] !== name)
            .join('&');
          const target = `${path}?${others ? `${others}&` : ''}${name}=${value}`;
          const res = await walk.ctx.app.inject({ url: target, headers: { cookie } });
          expect(res.statusCode, `${target}: ${res.body}`).toBe(400);
          expect(res.json().fieldErrors, target).toHaveProperty(name);
        }),
        { numRuns: 30, examples: BAD_LIST_SPELLINGS.map((v) => [v]) },
      );
    }
  });

  it('still reads good lists, repeated and comma-separated, and a blank value as no filter', async () => {
    const cookie = await walk.ctx.cookieFor(walk.matrix.users.appAdmin);
    const { own, other } = walk.matrix.institutions;
    for (const query of [`institutionIds=${own},${other}`, `institutionIds=${own}&institutionIds=${other}`, 'institutionIds=']) {
      const res = await walk.ctx.app.inject({ url: `/api/records?${query}`, headers: { cookie } });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
  });
});
