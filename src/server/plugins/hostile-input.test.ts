import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { encodeQueryValue, hostileText, REFUSED_CHARACTERS } from '../test/hostile-text.ts';
import type { Method } from '../test/matrix.ts';
import { UNSTORABLE_TEXT_MESSAGE } from './error-handler.ts';
import { createProgram, insertRecord, programBody, recordBody } from '../test/record-factories.ts';
import { insertPeriodWithReturns, setReturnState } from '../test/return-factories.ts';
import { fiscalYearOf } from '../../shared/record-rules.ts';
import { TERMS } from '../../shared/constants.ts';

/**
 * Hostile input (issue 9): generated bodies and query strings (wrong types, huge and odd strings, deep nesting,
 * prototype-pollution keys, SQL and HTML metacharacters, control characters, lone surrogates and noncharacters, the
 * real field names with wrong values) thrown at every write and search route as an app admin, so every guard lets them
 * through to validation. None may answer 5xx, and a refused request may change nothing: every write is audited, so the
 * audit log's size is the witness. Random bodies rarely get past the other rules, so each text field is also attacked
 * inside an otherwise valid body (issue 17: a NUL in notes used to reach PostgreSQL and answer 500).
 */

const NASTY_STRINGS = [
  "'; DROP TABLE records; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '\u202E',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '2147483648',
  '9007199254740993',
  '2024/25',
  'Fall',
  '',
  ' ',
  ...REFUSED_CHARACTERS,
];
const FIELD_NAMES = [
  'id',
  'name',
  'short_name',
  'name_code',
  'institution_type',
  'region',
  'active_ind',
  'institution_id',
  'program_id',
  'discipline',
  'credential',
  'wil_type',
  'coop_model',
  'participation',
  'accredited',
  'cip_code',
  'fiscal_year',
  'term',
  'students_enrolled',
  'students_seeking',
  'students_placed',
  'wt_4_month',
  'avg_hourly_wage',
  'notes',
  'status',
  'version',
  'username',
  'privileges',
  'glblAdmin',
  'homeInstitution',
  'institutionIds',
  'terms',
  'fiscalYearFrom',
  'pageSize',
  'sort',
  'mapping',
  'rows',
  'text',
  'type',
  'opens_on',
  'due_on',
  'due_again_on',
  'reason',
  'periods',
  'note',
  'returns',
  'provisional_days_after_due',
  'final_when_approved',
  '__proto__',
  'constructor',
  'prototype',
];

/** Query parameters beyond the body fields' names (the reports', the returns matrix's and the approval flags'). */
const QUERY_NAMES = [
  'page',
  'format',
  'programName',
  'placedMin',
  'fiscalYear',
  'fiscalYearTo',
  'disciplines',
  'credentials',
  'wilTypes',
  'approvedOnly',
  'open',
  'institution',
  'institutionType',
  'state',
  'ids',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hostileText,
  fc.nat(3).map((n) => 'x'.repeat(10 ** (n + 2))),
);
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 4 }),
  ),
})).v;
/** A body: an object of real and poisonous field names with any values, or any JSON at all. */
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }), value);
const encodeValue = encodeQueryValue;

/** A query string of real parameter names (some repeated) with odd values, and some malformed percent-encoding. */
const query = fc
  .array(fc.tuple(fc.constantFrom(...FIELD_NAMES, ...QUERY_NAMES), nastyString), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeValue(v)}`).join('&'))
  .chain((q) => fc.constantFrom(q, `${q}&terms=%E0%A4%A`, `${q}&%FF=1`, `${q}&sort=%`));
const pathId = fc.oneof(fc.constantFrom('1', '0', '-1', 'abc', '1.5', '99999999999', '%00', '..%2F..'), fc.nat().map(String));

describe('hostile input', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const institution = await createInstitution(ctx.db);
    const program = await createProgram(ctx.db, institution);
    await insertRecord(ctx.db, { institutionId: institution, programId: program });
    cookie = await ctx.cookieFor(await createUser(ctx.db, { username: 'fuzz-admin', privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const auditCount = async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n;

  /** Sends one request; fails on any 5xx, or on a refused request that left an audit entry (a write) behind. */
  async function send(method: Method, url: string, payload?: unknown) {
    const before = await auditCount();
    const res = await ctx.app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 300)} → ${res.body.slice(0, 300)}`).toBeLessThan(
      500,
    );
    if (res.statusCode >= 400) expect(await auditCount(), `${method} ${url} was refused but wrote`).toBe(before);
    // An export's audit entry is written once its stream has ended, just after the response: wait for it, so it is
    // not taken for a later refused request's write (an export's summary, which downloads nothing, writes none).
    if (res.statusCode === 200 && /^\/api\/exports\/\w+(\?|$)/.test(url)) {
      await vi.waitFor(async () => expect(await auditCount()).toBeGreaterThan(before), { timeout: 30_000, interval: 20 });
    }
    // Error bodies never carry a stack trace or SQL.
    if (res.statusCode >= 400) expect(res.body).not.toMatch(/\bat \S+ \(|\/node_modules\/|SELECT |INSERT |syntax error/);
    // Text PostgreSQL cannot store is refused by the schemas, naming the field; the error handler's catch is a backstop.
    if (res.statusCode === 400) expect(res.json().message, `${method} ${url}`).not.toBe(UNSTORABLE_TEXT_MESSAGE);
  }

  // 8 × 700 + 4 × 700 + 4 × 500: over 10,000 generated requests per database.
  const RUNS = 700;
  const bodyRoutes: [Method, string][] = [
    ['PUT', '/api/institutions'],
    ['PUT', '/api/programs'],
    ['PUT', '/api/records'],
    ['POST', '/api/records/find'],
    ['POST', '/api/users/add'],
    ['PUT', '/api/header'],
    ['POST', '/api/imports/dry-run'],
    ['POST', '/api/imports/refused-rows'],
    ['POST', '/api/login/direct'],
  ];
  it.each(bodyRoutes)('%s %s: generated bodies never cause a 5xx or a refused write', async (method, url) => {
    await fc.assert(
      fc.asyncProperty(body, (payload) => send(method, url, payload)),
      { numRuns: RUNS },
    );
  });

  /** Routes with an id in the address (and the reporting cycle's writes, fewer runs each, as their bodies are smaller). */
  const CYCLE_RUNS = 200;
  const idRoutes: [Method, string, number][] = [
    ['PATCH', '/api/institutions/:id', RUNS],
    ['PATCH', '/api/programs/:id', RUNS],
    ['PATCH', '/api/records/:id', RUNS],
    ['PATCH', '/api/users/:id', RUNS],
    ['PUT', '/api/periods', CYCLE_RUNS],
    ['PATCH', '/api/periods/:id', CYCLE_RUNS],
    ['POST', '/api/returns/approve', CYCLE_RUNS],
    ['POST', '/api/returns/:id/submit', CYCLE_RUNS],
    ['POST', '/api/returns/:id/send-back', CYCLE_RUNS],
    ['POST', '/api/returns/:id/reopen', CYCLE_RUNS],
    ['POST', '/api/returns/:id/fill-zeros', CYCLE_RUNS],
    ['POST', '/api/releases', CYCLE_RUNS],
    ['PUT', '/api/releases/schedule', CYCLE_RUNS],
  ];
  it.each(idRoutes)('%s %s: generated ids and bodies never cause a 5xx or a refused write', async (method, url, runs) => {
    await fc.assert(
      fc.asyncProperty(pathId, body, (id, payload) => send(method, url.replace(':id', id), payload)),
      { numRuns: runs },
    );
  });

  const queryRoutes = [
    '/api/records',
    '/api/reports/region',
    '/api/exports/records',
    '/api/records/medians',
    // Added after the four above: the reporting cycle's reads, a report's download and the exports' summaries.
    '/api/returns',
    '/api/returns/download',
    '/api/returns/approval-flags',
    '/api/reports/tuition/download',
    '/api/exports/records/summary',
    '/api/exports/cewil/summary',
  ];
  it.each(queryRoutes)('GET %s: generated query strings never cause a 5xx', async (url) => {
    await fc.assert(
      fc.asyncProperty(query, (q) => send('GET', `${url}?${q}`)),
      { numRuns: 500 },
    );
  });

  describe('hostile text in each text field of an otherwise valid request', () => {
    let institution: number;
    let program: number;
    let record: number;
    let user: number;
    beforeAll(async () => {
      institution = await createInstitution(ctx.db, { shortName: 'HOSTILE', name: 'Hostile College' });
      program = await createProgram(ctx.db, institution, { name: 'Hostile Co-op' });
      record = await insertRecord(ctx.db, { institutionId: institution, programId: program });
      user = await createUser(ctx.db);
    });
    const recordVersion = async () =>
      (await queryRows<{ version: number }>(ctx.db, sql`SELECT version FROM records WHERE id = ${record}`))[0]!.version;
    let n = 0;
    const unique = () => `${++n}`;

    /** Route, the text fields it takes, and a valid body around one hostile value. */
    const templates: [Method, string, string[], (field: string, text: string) => Promise<[string, unknown]>][] = [
      [
        'PUT',
        '/api/institutions',
        ['name', 'short_name', 'name_code'],
        async (field, text) => [
          '/api/institutions',
          {
            name: `Hostile ${unique()}`,
            short_name: `H${unique()}`,
            name_code: `H${unique()}`,
            institution_type: 'College',
            region: 'Kootenay',
            [field]: text,
          },
        ],
      ],
      [
        'PATCH',
        '/api/institutions/:id',
        ['name', 'short_name', 'name_code'],
        async (field, text) => [`/api/institutions/${institution}`, { [field]: text }],
      ],
      [
        'PUT',
        '/api/programs',
        ['name', 'cip_code'],
        async (field, text) => ['/api/programs', programBody(institution, { name: `Hostile ${unique()}`, [field]: text })],
      ],
      [
        'PATCH',
        '/api/programs/:id',
        ['name', 'cip_code'],
        async (field, text) => [`/api/programs/${program}`, { [field]: text }],
      ],
      [
        'PUT',
        '/api/records',
        ['notes'],
        async (field, text) => ['/api/records', recordBody(institution, program, { [field]: text })],
      ],
      [
        'PATCH',
        '/api/records/:id',
        ['notes'],
        async (field, text) => [`/api/records/${record}`, { version: await recordVersion(), [field]: text }],
      ],
      ['POST', '/api/records/find', ['programName'], async (field, text) => ['/api/records/find', { [field]: text }]],
      [
        'POST',
        '/api/users/add',
        ['username', 'prefName', 'email'],
        async (field, text) => ['/api/users/add', { username: `hostile${unique()}`, [field]: text }],
      ],
      ['PATCH', '/api/users/:id', ['prefName', 'email'], async (field, text) => [`/api/users/${user}`, { [field]: text }]],
      [
        'PUT',
        '/api/header',
        ['text', 'icon', 'url'],
        async (field, text) => ['/api/header', { text: 'Notice', type: 'info', icon: '', [field]: text }],
      ],
      ['POST', '/api/login/direct', ['username'], async (field, text) => ['/api/login/direct', { [field]: text }]],
      ...(['dry-run', 'commit', 'refused-rows'] as const).map(
        (step): [Method, string, string[], (field: string, text: string) => Promise<[string, unknown]>] => [
          'POST',
          `/api/imports/${step}`,
          ['institution', 'program', 'notes', 'fileName'],
          async (field, text) => {
            const cells: Record<string, string> = { institution: 'HOSTILE', program: 'Hostile Co-op', notes: 'ok' };
            if (field !== 'fileName') cells[field] = text;
            return [
              `/api/imports/${step}`,
              {
                mapping: { institution: 0, program: 1, notes: 2, status: 3 },
                rows: [[cells.institution!, cells.program!, cells.notes!, 'draft']],
                fiscalYear: `${2000 + (n++ % 50)}/${String((2001 + ((n - 1) % 50)) % 100).padStart(2, '0')}`,
                term: 'Fall',
                ...(field === 'fileName' ? { fileName: text } : {}),
              },
            ];
          },
        ],
      ),
    ];

    it.each(templates)(
      '%s %s: hostile text in a text field never causes a 5xx or a refused write',
      async (method, _route, fields, build) => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...fields), hostileText, async (field, text) => {
            const [url, payload] = await build(field, text);
            await send(method, url, payload);
          }),
          { numRuns: 120 },
        );
      },
    );

    /**
     * Dates and fiscal years at the ends of the calendar in each date field (a date in year 0 reached PostgreSQL and
     * answered 500; Spring 9999/00 made a period dated in the year 10000): every one well formed, so it passes the
     * shape checks and meets the rules behind them.
     */
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const edgeDate = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
      fc.constantFrom('0000-01-01', '0001-01-01', '1899-12-31', '2999-12-31', '3000-01-01', '9999-12-31', '10000-01-31'),
    );
    const edgeFiscalYear = fc.oneof(
      fc.integer({ min: 0, max: 9_999 }).map(fiscalYearOf),
      fc.constantFrom('0000/01', '1899/00', '2999/00', '9999/00'),
    );
    const term = fc.constantFrom(...TERMS);
    const dateField = fc.constantFrom('opens_on', 'due_on');
    const dateRoutes: [Method, string, fc.Arbitrary<[string, unknown]>][] = [
      [
        'PUT',
        '/api/periods',
        fc
          .record(
            { fiscal_year: edgeFiscalYear, term, opens_on: edgeDate, due_on: edgeDate },
            { requiredKeys: ['fiscal_year', 'term'] },
          )
          .map((body) => ['/api/periods', body]),
      ],
      [
        'PATCH',
        '/api/periods/:id',
        fc.tuple(dateField, edgeDate).map(([field, day]) => [`/api/periods/${cycle.periodId}`, { [field]: day }]),
      ],
      [
        'POST',
        '/api/returns/:id/send-back',
        edgeDate.map((day) => [`/api/returns/${cycle.returnId}/send-back`, { reason: 'Edge', due_again_on: day }]),
      ],
      [
        'POST',
        '/api/releases',
        fc
          .tuple(edgeFiscalYear, term)
          .map(([fiscal_year, t]) => ['/api/releases', { periods: [{ fiscal_year, term: t }], note: 'Edge' }]),
      ],
    ];
    const cycle = { periodId: 0, returnId: 0 };
    beforeAll(async () => {
      const { periodId, returnIds } = await insertPeriodWithReturns(ctx.db, [institution]);
      await setReturnState(ctx.db, returnIds[0]!, 'submitted');
      Object.assign(cycle, { periodId, returnId: returnIds[0]! });
    });
    it.each(dateRoutes)(
      '%s %s: a date or fiscal year at the ends of the calendar never causes a 5xx',
      async (method, _route, request) => {
        await fc.assert(
          fc.asyncProperty(request, ([url, payload]) => send(method, url, payload)),
          { numRuns: 150 },
        );
      },
    );

    const textQueries: [string, (text: string) => string][] = [
      ['/api/records', (text) => `programName=${encodeValue(text)}`],
      ['/api/records/inst/:id', (text) => `programName=${encodeValue(text)}&status=${encodeValue(text)}`],
      ['/api/exports/records', (text) => `format=csv&programName=${encodeValue(text)}`],
      ['/api/reports/region', (text) => `fiscalYearFrom=${encodeValue(text)}&terms=${encodeValue(text)}`],
      ['/api/records/medians', (text) => `programId=1&term=Fall&fiscalYear=${encodeValue(text)}`],
      ['/api/exports/cewil', (text) => `fiscalYear=${encodeValue(text)}`],
    ];
    it.each(textQueries)('GET %s: hostile text in its text parameters never causes a 5xx', async (route, q) => {
      await fc.assert(
        fc.asyncProperty(hostileText, (text) => send('GET', `${route.replace(':id', String(institution))}?${q(text)}`)),
        { numRuns: 120 },
      );
    });
  });
});
