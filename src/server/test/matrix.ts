import type { TestContext } from './build-test-app.ts';
import { createRoleMatrix, ROLE_NAMES, type RoleName } from './factories.ts';

export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** The role matrix of factories.ts with a signed-in cookie per role, and a call that injects a request as one of them. */
export async function createMatrixCaller(ctx: TestContext) {
  const matrix = await createRoleMatrix(ctx.db);
  const cookies = {} as Record<RoleName, string>;
  for (const role of ROLE_NAMES) cookies[role] = role === 'signedOut' ? '' : await ctx.cookieFor(matrix.users[role]);
  const call = (method: Method, url: string, role: RoleName, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: cookies[role] ? { cookie: cookies[role] } : {} });
  return { matrix, call };
}

/** What `createMatrixCaller` gives, for test files that set it up in a `beforeAll`. */
export type MatrixCaller = Awaited<ReturnType<typeof createMatrixCaller>>;

/** The status of a GET of an own-institution resource every reader of that institution may see, per kind of caller. */
export const READ_OWN_STATUS = {
  signedOut: 401,
  userOnly: 403,
  reader: 200,
  writer: 200,
  instAdmin: 200,
  globalReader: 200,
  appAdmin: 200,
} as const;
