import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_OUT } from '../../../shared/schemas/profile.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createRoleMatrix } from '../../test/factories.ts';

describe('GET /api/profile', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    matrix = await createRoleMatrix(ctx.db);
  });
  afterAll(() => ctx.close());

  it('gives a signed-out visitor an empty username and no roles', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SIGNED_OUT);
  });

  it('treats an unknown or malformed session cookie as signed out', async () => {
    for (const cookie of ['wil_session=nonsense', `wil_session=${'x'.repeat(5000)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().username).toBe('');
    }
  });

  it.each([
    ['userOnly', ['user'], { read: [], write: [], admin: [], glblAdmin: false, glblRead: false }],
    ['reader', ['user', 'read'], { read: ['own'], write: [], admin: [], glblAdmin: false, glblRead: false }],
    ['writer', ['user', 'write'], { read: [], write: ['own'], admin: [], glblAdmin: false, glblRead: false }],
    ['instAdmin', ['user', 'admin'], { read: [], write: [], admin: ['own'], glblAdmin: false, glblRead: false }],
    ['globalReader', ['user', 'read'], { read: [], write: [], admin: [], glblAdmin: false, glblRead: true }],
    ['appAdmin', ['user', 'app admin'], { read: [], write: [], admin: [], glblAdmin: true, glblRead: false }],
  ] as const)('derives the roles and privileges of %s', async (who, roles, privileges) => {
    const cookie = await ctx.cookieFor(matrix.users[who]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    const ids = (list: readonly string[]) => list.map(() => matrix.institutions.own);
    expect(res.json()).toMatchObject({
      username: `matrix-${who.toLowerCase()}`,
      roles,
      privileges: { ...privileges, read: ids(privileges.read), write: ids(privileges.write), admin: ids(privileges.admin) },
    });
    expect(Object.keys(res.json()).sort()).toEqual([
      'email',
      'homeInstitution',
      'institution',
      'prefName',
      'privileges',
      'roles',
      'username',
    ]);
  });
});
