import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/schemas/user.ts';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { openApiDocument, operationSchema, readOnlyProperties } from '../../test/openapi.ts';

describe('users: the API accepts what it returns', () => {
  let ctx: TestContext;
  let admin: string;
  let home: number;
  let otherHome: number;
  let homeName: string;
  let otherHomeName: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.cookieFor(await createUser(ctx.db, { username: 'round-trip-admin', privileges: { glblAdmin: true } }));
    home = await createInstitution(ctx.db);
    otherHome = await createInstitution(ctx.db);
    homeName = (await readInstitution(home)).short_name;
    otherHomeName = (await readInstitution(otherHome)).short_name;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
  const readInstitution = async (id: number) =>
    (await call('GET', '/api/institutions')).json<{ id: number; short_name: string }[]>().find((i) => i.id === id)!;
  const read = async (id: number) => {
    const res = await call('GET', `/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<User>();
  };
  const userCount = async () => (await ctx.db.select({ id: users.id }).from(users)).length;
  const fieldsOf = (res: { json: () => { fieldErrors?: Record<string, string[]> } }) => Object.keys(res.json().fieldErrors ?? {});

  describe('PATCH /api/users/{id} with the body GET answered', () => {
    it('saves the one changed field; id, username, institution and roles sent back as read are accepted', async () => {
      const id = await createUser(ctx.db, { homeInstitutionId: home, privileges: { read: [home], write: [otherHome] } });
      const before = await read(id);
      expect(before).toMatchObject({ institution: homeName, roles: ['user', 'read', 'write'] });
      const res = await call('PATCH', `/api/users/${id}`, { ...before, prefName: 'Changed After Reading' });
      expect(res.statusCode, res.body).toBe(200);
      // The version it was read at, sent back, steps (decision 044).
      const after = { ...before, prefName: 'Changed After Reading', version: before.version + 1 };
      expect(res.json()).toEqual(after);
      expect(await read(id)).toEqual(after);
    });

    it('accepts institution naming a new homeInstitution sent with it; refuses the stale one by name', async () => {
      const id = await createUser(ctx.db, { homeInstitutionId: home });
      const before = await read(id);
      const stale = await call('PATCH', `/api/users/${id}`, { ...before, homeInstitution: otherHome });
      expect(stale.statusCode, stale.body).toBe(400);
      expect(fieldsOf(stale)).toEqual(['institution']);
      expect((await read(id)).homeInstitution).toBe(home);
      const moved = await call('PATCH', `/api/users/${id}`, {
        ...before,
        homeInstitution: otherHome,
        institution: otherHomeName,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ homeInstitution: otherHome, institution: otherHomeName });
      const cleared = await call('PATCH', `/api/users/${id}`, { homeInstitution: null, institution: '' });
      expect(cleared.statusCode, cleared.body).toBe(200);
    });

    it('refuses, by name and writing nothing: an unknown field, a changed id or username, a contradicting institution or roles', async () => {
      const id = await createUser(ctx.db, { homeInstitutionId: home, privileges: { read: [home] } });
      const before = await read(id);
      for (const [change, field] of [
        [{ nickname: 'x' }, 'nickname'],
        [{ id: id + 1 }, 'id'],
        [{ username: `${before.username}-renamed` }, 'username'],
        [{ institution: otherHomeName }, 'institution'],
        [{ roles: ['user', 'read', 'app admin'] }, 'roles'],
        [{ roles: ['user'] }, 'roles'],
        [{ roles: 'user' }, 'roles'],
      ] as const) {
        const res = await call('PATCH', `/api/users/${id}`, { ...before, prefName: 'Should Not Save', ...change });
        expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
        expect(fieldsOf(res)).toEqual([field]);
      }
      expect(await read(id)).toEqual(before);
    });

    it('accepts roles that the privileges sent with them give', async () => {
      const id = await createUser(ctx.db, { privileges: { read: [home] } });
      const before = await read(id);
      const res = await call('PATCH', `/api/users/${id}`, {
        ...before,
        privileges: { ...before.privileges, admin: [home] },
        roles: ['admin', 'user', 'read'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().roles).toEqual(['user', 'read', 'admin']);
    });
  });

  describe('POST /api/users/add', () => {
    it('accepts institution when it names homeInstitution, and "" when there is none', async () => {
      const named = await call('POST', '/api/users/add', { username: 'rt-named', homeInstitution: home, institution: homeName });
      expect(named.statusCode, named.body).toBe(200);
      expect(await read(named.json().id)).toMatchObject({ homeInstitution: home, institution: homeName });
      const none = await call('POST', '/api/users/add', { username: 'rt-none', institution: '' });
      expect(none.statusCode, none.body).toBe(200);
    });

    it('refuses institution contradicting homeInstitution with a 400 naming institution, adding nobody', async () => {
      const count = await userCount();
      for (const body of [
        { username: 'rt-contradicts', homeInstitution: home, institution: otherHomeName },
        { username: 'rt-contradicts', institution: homeName },
        { username: 'rt-contradicts', homeInstitution: home, institution: homeName.toLowerCase() + '-x' },
      ]) {
        const res = await call('POST', '/api/users/add', body);
        expect(res.statusCode, res.body).toBe(400);
        expect(fieldsOf(res)).toEqual(['institution']);
      }
      expect(await userCount()).toBe(count);
    });

    it('adds a user from a body GET answered without its id; active is ignored (new users start active)', async () => {
      const source = await read(
        await createUser(ctx.db, { homeInstitutionId: home, active: false, privileges: { write: [home] } }),
      );
      const { id: _id, ...copy } = source;
      const res = await call('POST', '/api/users/add', { ...copy, username: 'rt-copied' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await read(res.json().id)).toEqual({ ...source, id: res.json().id, username: 'rt-copied', active: true });
      const withId = await call('POST', '/api/users/add', { ...source, username: 'rt-copied-with-id' });
      expect(withId.statusCode).toBe(400);
      expect(withId.json().fieldErrors).toEqual({ id: ['id is not a field this request accepts'] });
    });
  });

  it('marks the read-only fields readOnly: true in the OpenAPI document', async () => {
    const doc = await openApiDocument(ctx.app);
    expect(readOnlyProperties(operationSchema(doc, '/api/users/{id}', 'get', 'ok'))).toEqual([
      'id',
      'institution',
      'roles',
      'version',
    ]);
    expect(readOnlyProperties(operationSchema(doc, '/api/users/{id}', 'patch', 'body'))).toEqual([
      'id',
      'institution',
      'roles',
      'username',
    ]);
    const add = operationSchema(doc, '/api/users/add', 'post', 'body');
    expect(readOnlyProperties(add)).toEqual(['active', 'institution', 'roles', 'version']);
    expect(add.properties).not.toHaveProperty('id');
  });
});
