import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/user.ts';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser, ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller, type Method } from '../../test/matrix.ts';
import { expectStaleEditsRefused } from '../../test/stale-edits.ts';

describe('users API', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];
  let adminId: number;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    adminId = matrix.users.appAdmin;
    admin = await ctx.cookieFor(adminId);
  });
  afterAll(() => ctx.close());

  const as = (cookie: string, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie } });

  describe('authorization matrix: app admins only', () => {
    const allowed = (role: RoleName, ok: number) => (role === 'signedOut' ? 401 : role === 'appAdmin' ? ok : 403);

    it.each(ROLE_NAMES)('every users route as %s', async (role) => {
      const target = await createUser(ctx.db, { username: `target-${role}` });
      expect((await call('GET', '/api/users/', role)).statusCode).toBe(allowed(role, 200));
      expect((await call('GET', '/api/users/roles', role)).statusCode).toBe(allowed(role, 200));
      expect((await call('GET', `/api/users/${target}`, role)).statusCode).toBe(allowed(role, 200));
      expect((await call('POST', '/api/users/add', role, { username: `added-by-${role}` })).statusCode).toBe(allowed(role, 200));
      expect((await call('PATCH', `/api/users/${target}`, role, { prefName: 'Changed' })).statusCode).toBe(allowed(role, 200));
      expect((await call('DELETE', `/api/users/${target}`, role)).statusCode).toBe(allowed(role, 200));
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target));
      expect(row!.active).toBe(role !== 'appAdmin');
      expect(row!.prefName === 'Changed').toBe(role === 'appAdmin');
    });
  });

  it('lists users with their privileges, derived roles and home institution', async () => {
    const res = await as(admin, 'GET', '/api/users/');
    expect(res.statusCode).toBe(200);
    const list = res.json<User[]>();
    const writer = list.find((u) => u.username === 'matrix-writer')!;
    expect(writer).toMatchObject({
      roles: ['user', 'write'],
      privileges: { read: [], write: [matrix.institutions.own], admin: [], glblAdmin: false, glblRead: false },
      active: true,
    });
    expect(list.map((u) => u.username)).toEqual([...list.map((u) => u.username)].sort((a, b) => a.localeCompare(b)));
  });

  it('lists every role with what it allows', async () => {
    const roles = (await as(admin, 'GET', '/api/users/roles')).json<{ role: string; description: string }[]>();
    expect(roles.map((r) => r.role)).toEqual(['user', 'employee', 'read', 'write', 'admin', 'app admin']);
    expect(roles.every((r) => r.description.length > 10)).toBe(true);
  });

  describe('add', () => {
    it('adds a user with privileges, answers {id}, and audits it', async () => {
      const home = await createInstitution(ctx.db);
      const res = await as(admin, 'POST', '/api/users/add', {
        username: 'new.person',
        prefName: 'New Person',
        email: 'new.person@example.ca',
        homeInstitution: home,
        privileges: { read: [home, home], write: [matrix.institutions.other] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ id: number }>();
      const user = (await as(admin, 'GET', `/api/users/${id}`)).json<User>();
      expect(user).toMatchObject({
        username: 'new.person',
        prefName: 'New Person',
        homeInstitution: home,
        roles: ['user', 'read', 'write'],
        privileges: { read: [home], write: [matrix.institutions.other], admin: [], glblAdmin: false, glblRead: false },
      });
      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)));
      expect(audit).toMatchObject({ action: 'create', changedBy: adminId, before: null });
      expect((audit!.after as User).username).toBe('new.person');
    });

    it.each([
      [{}, 'username'],
      [{ username: '' }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ username: 'MATRIX-READER' }, 'username'],
      [{ username: 'x', email: 'not-an-email' }, 'email'],
      [{ username: 'x', homeInstitution: 999999 }, 'homeInstitution'],
      [{ username: 'x', privileges: { write: [999999] } }, 'privileges.write'],
      [{ username: 'x', privileges: { read: ['1'] } }, 'privileges.read.0'],
      [{ username: 'x', roles: ['app admin'] }, 'roles'],
    ])('refuses %j with 400 naming %s, and writes nothing', async (body, field) => {
      const before = (await ctx.db.select().from(users)).length;
      const res = await as(admin, 'POST', '/api/users/add', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
      expect((await ctx.db.select().from(users)).length).toBe(before);
    });
  });

  describe('edit', () => {
    it('replaces the privilege lists sent, keeps the others, and takes effect on the user’s next request', async () => {
      const sfu = await createInstitution(ctx.db);
      const id = await createUser(ctx.db, { username: 'promoted', privileges: { read: [sfu] } });
      const cookie = await ctx.cookieFor(id);
      const record = await as(cookie, 'GET', '/api/profile');
      expect(record.json().roles).toEqual(['user', 'read']);
      const res = await as(admin, 'PATCH', `/api/users/${id}`, { id, privileges: { write: [sfu] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<User>().privileges).toMatchObject({ read: [sfu], write: [sfu] });
      expect((await as(cookie, 'GET', '/api/profile')).json().roles).toEqual(['user', 'read', 'write']);
      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)));
      expect(audit).toMatchObject({ action: 'update', changedBy: adminId });
      expect((audit!.before as User).privileges.write).toEqual([]);
      expect((audit!.after as User).privileges.write).toEqual([sfu]);
    });

    it('answers 400 for a mismatched id or bad body, 404 for a user that does not exist', async () => {
      const id = await createUser(ctx.db);
      expect((await as(admin, 'PATCH', `/api/users/${id}`, { id: id + 1 })).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', `/api/users/${id}`, { username: 'renamed' })).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', `/api/users/${id}`, { privileges: { glblAdmin: 'yes' } })).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', '/api/users/abc', {})).statusCode).toBe(400);
      expect((await as(admin, 'PATCH', '/api/users/999999', { prefName: 'x' })).statusCode).toBe(404);
      expect((await as(admin, 'DELETE', '/api/users/999999')).statusCode).toBe(404);
    });

    it('refuses an edit made from a version another change came after, and takes one of two at once (decision 044)', async () => {
      const id = await createUser(ctx.db, { username: 'versioned' });
      await expectStaleEditsRefused(call, {
        path: `/api/users/${id}`,
        read: async () => (await as(admin, 'GET', `/api/users/${id}`)).json(),
        code: 'user_version',
        changes: [{ prefName: 'First' }, { email: 'second@example.ca' }, { prefName: 'Third' }, { prefName: 'Fourth' }],
      });
    });

    it('a screen opened before a privilege was taken away cannot give it back', async () => {
      const sfu = await createInstitution(ctx.db);
      const ubc = await createInstitution(ctx.db);
      const id = await createUser(ctx.db, { username: 'revoked', privileges: { read: [sfu] } });
      const read = (await as(admin, 'GET', `/api/users/${id}`)).json<User>();
      const revoked = await as(admin, 'PATCH', `/api/users/${id}`, { privileges: { read: [] }, version: read.version });
      expect(revoked.statusCode, revoked.body).toBe(200);
      // Another admin's screen, read before, adds UBC to the read list it holds: SFU and UBC.
      const stale = await as(admin, 'PATCH', `/api/users/${id}`, { privileges: { read: [sfu, ubc] }, version: read.version });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().current.privileges.read).toEqual([]);
      expect((await as(admin, 'GET', `/api/users/${id}`)).json<User>().privileges.read).toEqual([]);
    });

    it('never lets an app admin remove their own app admin rights or deactivate themselves', async () => {
      const res = await as(admin, 'PATCH', `/api/users/${adminId}`, { privileges: { glblAdmin: false } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors['privileges.glblAdmin']).toEqual(['You cannot remove your own app admin rights']);
      expect((await as(admin, 'DELETE', `/api/users/${adminId}`)).json().fieldErrors.active).toEqual([
        'You cannot deactivate your own account',
      ]);
    });
  });

  describe('the last app admin', () => {
    it('two admins removing each other at the same moment: exactly one wins, one app admin remains', async () => {
      const ctx2 = await createTestContext();
      try {
        const a = await createUser(ctx2.db, { username: 'admin-a', privileges: { glblAdmin: true } });
        const b = await createUser(ctx2.db, { username: 'admin-b', privileges: { glblAdmin: true } });
        const [cookieA, cookieB] = [await ctx2.cookieFor(a), await ctx2.cookieFor(b)];
        const demote = (cookie: string, target: number) =>
          ctx2.app.inject({
            method: 'PATCH',
            url: `/api/users/${target}`,
            payload: { privileges: { glblAdmin: false } },
            headers: { cookie },
          });
        const results = await Promise.all([demote(cookieA, b), demote(cookieB, a)]);
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
        // The loser is refused by the rule (400), or, when the winner committed before its session was read, is no
        // longer an app admin at all (403).
        const refused = results.find((r) => r.statusCode !== 200)!;
        expect([400, 403]).toContain(refused.statusCode);
        if (refused.statusCode === 400) {
          expect(Object.values(refused.json().fieldErrors).flat()).toEqual([
            'The last app admin cannot be removed: make someone else an app admin first',
          ]);
        }
        const admins = await ctx2.db
          .select()
          .from(users)
          .where(and(eq(users.glblAdmin, true), eq(users.active, true)));
        expect(admins).toHaveLength(1);
      } finally {
        await ctx2.close();
      }
    });
  });

  it('deactivation ends every session at once and keeps the history; reactivation lets the user back in', async () => {
    const id = await createUser(ctx.db, { username: 'leaving' });
    const cookie = await ctx.cookieFor(id);
    expect((await as(cookie, 'GET', '/api/profile')).json().username).toBe('leaving');
    const res = await as(admin, 'DELETE', `/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().active).toBe(false);
    expect((await as(cookie, 'GET', '/api/profile')).json().username).toBe('');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ username: 'leaving', active: false });
    const actions = (
      await ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)))
    ).map((a) => a.action);
    expect(actions).toEqual(['deactivate']);
    expect((await as(admin, 'PATCH', `/api/users/${id}`, { active: true })).json<User>().active).toBe(true);
  });
});
