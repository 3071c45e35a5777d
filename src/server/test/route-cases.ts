import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from './build-test-app.ts';
import { ROLE_NAMES, createRoleMatrix, type RoleName } from './factories.ts';
import type { Method } from './matrix.ts';
import { createProgram, insertRecord } from './record-factories.ts';
import { insertPeriodWithReturns } from './return-factories.ts';

/**
 * One call of every API route the server registers, for tests that walk them all (access control, caching
 * headers): a URL with real ids, a body where the route takes one (refused by validation for routes that change
 * things, so nothing is written), and the status each kind of caller should get.
 */

/** Expected status per caller, in ROLE_NAMES order: signed out, user only, reader, writer, inst. admin, global reader, app admin. */
export type Expect = [number, number, number, number, number, number, number];

export interface RouteCase {
  /** The route as registered: `METHOD /path/:param`. */
  route: string;
  url: string;
  body?: unknown;
  contentType?: string;
  expect: Expect;
}

const PUBLIC = (status: number): Expect => [status, status, status, status, status, status, status];
const SIGNED_IN = (status: number): Expect => [401, status, status, status, status, status, status];
const APP_ADMIN = (status: number): Expect => [401, 403, 403, 403, 403, 403, status];
/** Readers of the own institution: its read/write/admin lists, global readers and app admins. */
const READ_OWN = (status: number): Expect => [401, 403, status, status, status, status, status];
/** Readers of the other institution: only global readers and app admins. */
const READ_OTHER = (status: number): Expect => [401, 403, 403, 403, 403, status, status];
/** Editors of the own institution: its write and admin lists, and app admins. */
const EDIT_OWN = (status: number): Expect => [401, 403, 403, status, status, 403, status];
const EDIT_OTHER = (status: number): Expect => [401, 403, 403, 403, 403, 403, status];
/** Signing off a return of the own institution: its admins and app admins (writers enter records, not sign-offs). */
const SIGN_OFF_OWN = (status: number): Expect => [401, 403, 403, 403, status, 403, status];

/**
 * Who signs off (issue 29): anyone who may read the return sees them; telling them it is ready (only with mail
 * settings) is for anyone who may edit the institution's records. The grid's rows and the template go with them.
 */
function signOffCases(ownReturn: number, otherReturn: number): RouteCase[] {
  return [
    { route: 'GET /api/returns/:id/sign-off-people', url: `/api/returns/${ownReturn}/sign-off-people`, expect: READ_OWN(200) },
    // The whole-term grid's rows and the return's template: for anyone who may read the return (decision 027).
    { route: 'GET /api/returns/:id/records', url: `/api/returns/${ownReturn}/records`, expect: READ_OWN(200) },
    { route: 'GET /api/returns/:id/records', url: `/api/returns/${otherReturn}/records`, expect: READ_OTHER(200) },
    { route: 'GET /api/returns/:id/template', url: `/api/returns/${ownReturn}/template`, expect: READ_OWN(200) },
    { route: 'GET /api/returns/:id/template', url: `/api/returns/${otherReturn}/template`, expect: READ_OTHER(200) },
    { route: 'GET /api/returns/:id/figures', url: `/api/returns/${ownReturn}/figures`, expect: READ_OWN(200) },
    { route: 'GET /api/returns/:id/figures', url: `/api/returns/${otherReturn}/figures`, expect: READ_OTHER(200) },
    {
      route: 'GET /api/returns/:id/sign-off-people',
      url: `/api/returns/${otherReturn}/sign-off-people`,
      expect: READ_OTHER(200),
    },
    {
      route: 'POST /api/returns/:id/ready-for-sign-off',
      url: `/api/returns/${ownReturn}/ready-for-sign-off`,
      body: { x: 1 },
      expect: EDIT_OWN(400),
    },
    {
      route: 'POST /api/returns/:id/ready-for-sign-off',
      url: `/api/returns/${otherReturn}/ready-for-sign-off`,
      body: { x: 1 },
      expect: EDIT_OTHER(400),
    },
  ];
}

/** Builds the role matrix and the parents the calls need, and returns the calls. */
export async function createRouteCases(ctx: TestContext) {
  const matrix = await createRoleMatrix(ctx.db);
  const { own, other } = matrix.institutions;
  const ownProgram = await createProgram(ctx.db, own);
  const otherProgram = await createProgram(ctx.db, other);
  const ownRecord = await insertRecord(ctx.db, { institutionId: own, programId: ownProgram });
  const otherRecord = await insertRecord(ctx.db, { institutionId: other, programId: otherProgram });
  const cycle = await insertPeriodWithReturns(ctx.db, [own, other]);
  const [ownReturn, otherReturn] = cycle.returnIds;
  const medians = (program: number) => `/api/records/medians?programId=${program}&fiscalYear=2030/31&term=Fall`;

  const cases: RouteCase[] = [
    // Open to everyone: health, the profile (empty when signed out) and the sign-in flow.
    { route: 'GET /api/health', url: '/api/health', expect: PUBLIC(200) },
    { route: 'GET /api/profile', url: '/api/profile', expect: PUBLIC(200) },
    { route: 'GET /api/login', url: '/api/login?returnPath=/records', expect: PUBLIC(302) },
    { route: 'GET /api/login/callback', url: '/api/login/callback?code=x&state=y', expect: PUBLIC(302) },
    // Sent without Sec-Fetch-Site, Origin or Referer, the sign-out link asks first (a page, 200: issue 28); the
    // page's button posts, which signs out and sends the browser on (303).
    { route: 'GET /api/logout', url: '/api/logout', expect: PUBLIC(200) },
    { route: 'POST /api/logout', url: '/api/logout', expect: PUBLIC(303) },
    // Who to ask for access (decision 030): anyone signed in, about their own home institution only.
    { route: 'GET /api/profile/access-contacts', url: '/api/profile/access-contacts', expect: SIGNED_IN(200) },
    { route: 'GET /api/login/direct/users', url: '/api/login/direct/users', expect: PUBLIC(200) },
    { route: 'POST /api/login/direct', url: '/api/login/direct', body: {}, expect: PUBLIC(400) },
    // The advisory banner is set by app admins.
    { route: 'PUT /api/header', url: '/api/header', body: { nonsense: true }, expect: APP_ADMIN(400) },
    // Institutions and programs: any signed-in user reads, app admins write; role holders of one institution are
    // shown to its admins and app admins.
    { route: 'GET /api/institutions', url: '/api/institutions', expect: SIGNED_IN(200) },
    { route: 'GET /api/institutions/inst/types', url: '/api/institutions/inst/types', expect: SIGNED_IN(200) },
    {
      route: 'GET /api/institutions/roles/:id',
      url: `/api/institutions/roles/${own}`,
      expect: [401, 403, 403, 403, 200, 403, 200],
    },
    { route: 'PUT /api/institutions', url: '/api/institutions', body: {}, expect: APP_ADMIN(400) },
    { route: 'PATCH /api/institutions/:id', url: `/api/institutions/${own}`, body: { name: '' }, expect: APP_ADMIN(400) },
    { route: 'GET /api/programs', url: '/api/programs', expect: SIGNED_IN(200) },
    { route: 'GET /api/programs/:id', url: `/api/programs/${otherProgram}`, expect: SIGNED_IN(200) },
    { route: 'PUT /api/programs', url: '/api/programs', body: {}, expect: APP_ADMIN(400) },
    { route: 'PATCH /api/programs/:id', url: `/api/programs/${ownProgram}`, body: { name: '' }, expect: APP_ADMIN(400) },
    // Records: lists answer everyone signed in, limited to what they may read (an empty list is no error).
    { route: 'GET /api/records', url: '/api/records', expect: SIGNED_IN(200) },
    { route: 'POST /api/records/find', url: '/api/records/find', body: {}, expect: SIGNED_IN(200) },
    { route: 'GET /api/records/inst/:id', url: `/api/records/inst/${own}`, expect: READ_OWN(200) },
    { route: 'GET /api/records/inst/:id', url: `/api/records/inst/${other}`, expect: READ_OTHER(200) },
    { route: 'GET /api/records/medians', url: medians(ownProgram), expect: READ_OWN(200) },
    { route: 'GET /api/records/medians', url: medians(otherProgram), expect: READ_OTHER(200) },
    { route: 'GET /api/records/:id', url: `/api/records/${ownRecord}`, expect: READ_OWN(200) },
    { route: 'GET /api/records/:id', url: `/api/records/${otherRecord}`, expect: READ_OTHER(200) },
    { route: 'GET /api/records/:id/history', url: `/api/records/${ownRecord}/history`, expect: READ_OWN(200) },
    { route: 'GET /api/records/:id/history', url: `/api/records/${otherRecord}/history`, expect: READ_OTHER(200) },
    { route: 'PUT /api/records', url: '/api/records', body: { institution_id: own }, expect: EDIT_OWN(400) },
    { route: 'PUT /api/records', url: '/api/records', body: { institution_id: other }, expect: EDIT_OTHER(400) },
    { route: 'PATCH /api/records/:id', url: `/api/records/${ownRecord}`, body: {}, expect: EDIT_OWN(400) },
    { route: 'PATCH /api/records/:id', url: `/api/records/${otherRecord}`, body: {}, expect: EDIT_OTHER(400) },
    // Reports: anyone who may read at least one institution.
    { route: 'GET /api/reports/:type', url: '/api/reports/region', expect: READ_OWN(200) },
    { route: 'GET /api/reports/:type/download', url: '/api/reports/duration/download?format=csv', expect: READ_OWN(200) },
    // Exports and users: app admins only.
    { route: 'GET /api/exports/records', url: '/api/exports/records?format=csv', expect: APP_ADMIN(200) },
    { route: 'GET /api/exports/cewil', url: '/api/exports/cewil?fiscalYear=2023/24', expect: APP_ADMIN(200) },
    { route: 'GET /api/exports/records/summary', url: '/api/exports/records/summary', expect: APP_ADMIN(200) },
    {
      route: 'GET /api/exports/cewil/summary',
      url: '/api/exports/cewil/summary?fiscalYear=2023/24&approvedOnly=true',
      expect: APP_ADMIN(200),
    },
    { route: 'GET /api/users/', url: '/api/users/', expect: APP_ADMIN(200) },
    { route: 'GET /api/users/roles', url: '/api/users/roles', expect: APP_ADMIN(200) },
    { route: 'GET /api/users/:id', url: `/api/users/${matrix.users.userOnly}`, expect: APP_ADMIN(200) },
    { route: 'POST /api/users/add', url: '/api/users/add', body: {}, expect: APP_ADMIN(400) },
    { route: 'PATCH /api/users/:id', url: `/api/users/${matrix.users.userOnly}`, body: { email: 'x' }, expect: APP_ADMIN(400) },
    { route: 'DELETE /api/users/:id', url: '/api/users/999999', expect: APP_ADMIN(404) },
    // Imports: anyone who may edit records somewhere.
    {
      route: 'POST /api/imports/parse',
      url: '/api/imports/parse',
      body: '',
      contentType: 'text/csv',
      expect: EDIT_OWN(400),
    },
    { route: 'POST /api/imports/dry-run', url: '/api/imports/dry-run', body: {}, expect: EDIT_OWN(400) },
    { route: 'POST /api/imports/commit', url: '/api/imports/commit', body: {}, expect: EDIT_OWN(400) },
    { route: 'POST /api/imports/refused-rows', url: '/api/imports/refused-rows', body: {}, expect: EDIT_OWN(400) },
    { route: 'GET /api/imports', url: '/api/imports', expect: EDIT_OWN(200) },
    { route: 'GET /api/imports/files/:id', url: '/api/imports/files/2147483000', expect: EDIT_OWN(404) },
    // The reporting cycle: anyone signed in reads periods and the returns they may read; app admins keep periods and
    // decide on returns; an institution's admins sign off its returns.
    { route: 'GET /api/periods', url: '/api/periods', expect: SIGNED_IN(200) },
    { route: 'PUT /api/periods', url: '/api/periods', body: {}, expect: APP_ADMIN(400) },
    { route: 'PATCH /api/periods/:id', url: `/api/periods/${cycle.periodId}`, body: { due_on: 'soon' }, expect: APP_ADMIN(400) },
    { route: 'GET /api/returns', url: '/api/returns', expect: SIGNED_IN(200) },
    // Releases (decision 024): anyone signed in reads the calendar; app admins see candidates, release and schedule.
    { route: 'GET /api/releases', url: '/api/releases', expect: SIGNED_IN(200) },
    { route: 'GET /api/releases/candidates', url: '/api/releases/candidates', expect: APP_ADMIN(200) },
    { route: 'POST /api/releases', url: '/api/releases', body: {}, expect: APP_ADMIN(400) },
    { route: 'PUT /api/releases/schedule', url: '/api/releases/schedule', body: {}, expect: APP_ADMIN(400) },
    // The matrix download: anyone signed in, holding only the institutions they may read (returns-download.test.ts).
    { route: 'GET /api/returns/download', url: '/api/returns/download?format=csv', expect: SIGNED_IN(200) },
    { route: 'GET /api/returns/:id', url: `/api/returns/${ownReturn}`, expect: READ_OWN(200) },
    { route: 'GET /api/returns/:id', url: `/api/returns/${otherReturn}`, expect: READ_OTHER(200) },
    { route: 'GET /api/returns/:id/programs', url: `/api/returns/${ownReturn}/programs`, expect: READ_OWN(200) },
    { route: 'GET /api/returns/:id/programs', url: `/api/returns/${otherReturn}/programs`, expect: READ_OTHER(200) },
    ...signOffCases(ownReturn!, otherReturn!),
    ...(['submit', 'fill-zeros'] as const).flatMap((action) => [
      {
        route: `POST /api/returns/:id/${action}`,
        url: `/api/returns/${ownReturn}/${action}`,
        body: { x: 1 },
        expect: SIGN_OFF_OWN(400),
      },
      {
        route: `POST /api/returns/:id/${action}`,
        url: `/api/returns/${otherReturn}/${action}`,
        body: { x: 1 },
        expect: EDIT_OTHER(400),
      },
    ]),
    // Reminder mails exist only with mail settings, which the walk gives (REMINDER_MAIL_ENV); app admins send them.
    { route: 'POST /api/returns/reminders', url: '/api/returns/reminders', body: { x: 1 }, expect: APP_ADMIN(400) },
    // Approving many at once (issue 30): app admins, rights before the body.
    { route: 'POST /api/returns/approve', url: '/api/returns/approve', body: { x: 1 }, expect: APP_ADMIN(400) },
    {
      route: 'GET /api/returns/approval-flags',
      url: `/api/returns/approval-flags?ids=${ownReturn},${otherReturn}`,
      expect: APP_ADMIN(200),
    },
    ...(['send-back', 'approve', 'reopen'] as const).map((action) => ({
      route: `POST /api/returns/:id/${action}`,
      url: `/api/returns/${ownReturn}/${action}`,
      body: { x: 1 },
      expect: APP_ADMIN(400),
    })),
  ];
  return { matrix, cases };
}

/**
 * Mail settings, so the optional reminder and ready-for-sign-off routes are registered and walked too. Nothing is sent: every call to it is
 * refused before or by validation, so the port (discard, closed) is never reached.
 */
export const REMINDER_MAIL_ENV = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'wil-noreply@example.ca',
  PUBLIC_URL: 'http://127.0.0.1:3000',
};

/** Each kind of caller with its column in `Expect`, for `it.each`. */
export const CALLERS = ROLE_NAMES.map((role, n) => [role, n] as [RoleName, number]);

export interface RouteWalk {
  ctx: TestContext;
  matrix: Awaited<ReturnType<typeof createRouteCases>>['matrix'];
  cases: RouteCase[];
}

/** A test file that walks every API route: its app and cases are built before its tests and closed after them. */
export function walkEveryRoute(): RouteWalk {
  const walk = {} as RouteWalk;
  beforeAll(async () => {
    walk.ctx = await createTestContext(REMINDER_MAIL_ENV);
    Object.assign(walk, await createRouteCases(walk.ctx));
  });
  afterAll(() => walk.ctx.close());
  return walk;
}

/** The routes the cases call, and every API route the server registers: the same set when no route lacks a case. */
export function routesWalked({ ctx, cases }: RouteWalk) {
  return {
    called: new Set(cases.map((c) => c.route)),
    registered: new Set(ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`)),
  };
}

/**
 * Every case's request, sent as `role` one after another, with its response: signed out, or with a fresh session
 * for every call, so that signing out (POST /api/logout) cannot spoil the calls after it.
 */
export async function callEveryCase(walk: RouteWalk, role: RoleName) {
  const answers = [];
  for (const c of walk.cases) {
    const cookie = role === 'signedOut' ? undefined : await walk.ctx.cookieFor(walk.matrix.users[role]);
    answers.push({ c, res: await injectCase(walk.ctx, c, cookie) });
  }
  return answers;
}

function injectCase(ctx: TestContext, c: RouteCase, cookie: string | undefined) {
  const [method] = c.route.split(' ') as [Method];
  return ctx.app.inject({
    method,
    url: c.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    ...(c.body === undefined ? {} : { payload: c.contentType ? (c.body as string) : (c.body as object) }),
  });
}
