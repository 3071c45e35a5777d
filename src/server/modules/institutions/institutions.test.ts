import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, institutions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createUser, type createRoleMatrix, type RoleName, ROLE_NAMES } from '../../test/factories.ts';
import { expectStaleEditsRefused } from '../../test/stale-edits.ts';

const NEW_INSTITUTION = {
  name: 'Example Polytechnic',
  short_name: 'ExPoly',
  name_code: 'EXPO',
  institution_type: 'Institute',
  region: 'Kootenay',
  active_ind: true,
};

describe('institutions API', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  let call: MatrixCaller['call'];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ matrix, call } = await createMatrixCaller(ctx));
  });
  afterAll(() => ctx.close());

  const count = async () => (await ctx.db.select().from(institutions)).length;

  describe('authorization matrix', () => {
    const reads: Record<RoleName, number> = {
      signedOut: 401,
      userOnly: 200,
      reader: 200,
      writer: 200,
      instAdmin: 200,
      globalReader: 200,
      appAdmin: 200,
    };
    const writes: Record<RoleName, number> = {
      signedOut: 401,
      userOnly: 403,
      reader: 403,
      writer: 403,
      instAdmin: 403,
      globalReader: 403,
      appAdmin: 200,
    };

    it.each(ROLE_NAMES)('GET /api/institutions and /inst/types as %s', async (role) => {
      expect((await call('GET', '/api/institutions', role)).statusCode).toBe(reads[role]);
      expect((await call('GET', '/api/institutions/inst/types', role)).statusCode).toBe(reads[role]);
    });

    it.each(ROLE_NAMES)('PUT /api/institutions as %s', async (role) => {
      const before = await count();
      const res = await call('PUT', '/api/institutions', role, {
        ...NEW_INSTITUTION,
        short_name: `M-${role}`,
        name_code: `M${role.length}${role[0]}`,
      });
      expect(res.statusCode).toBe(writes[role]);
      expect(await count()).toBe(before + (writes[role] === 200 ? 1 : 0));
    });

    it.each(ROLE_NAMES)('PATCH /api/institutions/{id} as %s (even on an institution they administer)', async (role) => {
      const res = await call('PATCH', `/api/institutions/${matrix.institutions.own}`, role, { name: `Renamed by ${role}` });
      expect(res.statusCode).toBe(writes[role]);
      const [row] = await ctx.db.select().from(institutions).where(eq(institutions.id, matrix.institutions.own));
      expect(row!.name === `Renamed by ${role}`).toBe(writes[role] === 200);
    });

    const roleReads: Record<RoleName, number> = { ...writes, instAdmin: 200 };
    it.each(ROLE_NAMES)('GET /api/institutions/roles/{id} as %s (app admins and that institution’s admins)', async (role) => {
      expect((await call('GET', `/api/institutions/roles/${matrix.institutions.own}`, role)).statusCode).toBe(roleReads[role]);
    });

    it('refuses an institution admin the role holders of another institution', async () => {
      expect((await call('GET', `/api/institutions/roles/${matrix.institutions.other}`, 'instAdmin')).statusCode).toBe(403);
    });

    it('checks rights before reading the body: a reader with a bad body gets 403, not 400', async () => {
      expect((await call('PUT', '/api/institutions', 'reader', { name: 7 })).statusCode).toBe(403);
    });
  });

  it('creates an institution, always active, answering its integer id, and audits it', async () => {
    const res = await call('PUT', '/api/institutions', 'appAdmin', { ...NEW_INSTITUTION, active_ind: false });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(Number.isInteger(id)).toBe(true);
    const list = (await call('GET', '/api/institutions', 'reader')).json();
    expect(list).toContainEqual({ id, ...NEW_INSTITUTION, active_ind: true, version: 1 });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'institution'), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', changedBy: matrix.users.appAdmin, before: null });
  });

  it('lists the institution types', async () => {
    expect((await call('GET', '/api/institutions/inst/types', 'userOnly')).json()).toEqual([
      'Research-Intensive University',
      'Teaching-Intensive University',
      'College',
      'Institute',
    ]);
  });

  describe('validation: 400 naming the field, nothing written', () => {
    it.each([
      ['name', { ...NEW_INSTITUTION, short_name: 'V1', name_code: 'V1', name: '  ' }],
      ['short_name', { ...NEW_INSTITUTION, short_name: undefined, name_code: 'V2' }],
      ['name_code', { ...NEW_INSTITUTION, short_name: 'V3', name_code: 'bad code!' }],
      ['institution_type', { ...NEW_INSTITUTION, short_name: 'V4', name_code: 'V4', institution_type: 'University' }],
      ['region', { ...NEW_INSTITUTION, short_name: 'V5', name_code: 'V5', region: 'Yukon' }],
      ['id', { ...NEW_INSTITUTION, short_name: 'V6', name_code: 'V6', id: 5 }],
      ['surprise', { ...NEW_INSTITUTION, short_name: 'V7', name_code: 'V7', surprise: 1 }],
    ])('refuses a bad %s', async (field, payload) => {
      const before = await count();
      const res = await call('PUT', '/api/institutions', 'appAdmin', payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
      expect(await count()).toBe(before);
    });

    it('refuses a short name or name code another institution holds, ignoring case', async () => {
      await call('PUT', '/api/institutions', 'appAdmin', { ...NEW_INSTITUTION, short_name: 'Uniq', name_code: 'UNIQ' });
      const res = await call('PUT', '/api/institutions', 'appAdmin', {
        ...NEW_INSTITUTION,
        short_name: 'uniq',
        name_code: 'uniq',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        short_name: ['Another institution already uses this short name'],
        name_code: ['Another institution already uses this name code'],
      });
    });

    it('refuses a rename onto another institution’s short name, but not onto its own', async () => {
      const { id } = (
        await call('PUT', '/api/institutions', 'appAdmin', { ...NEW_INSTITUTION, short_name: 'Own1', name_code: 'OWN1' })
      ).json();
      expect((await call('PATCH', `/api/institutions/${id}`, 'appAdmin', { short_name: 'OWN1' })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/institutions/${id}`, 'appAdmin', { short_name: 'uniq' })).statusCode).toBe(400);
    });

    it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s in the address', async (id) => {
      const res = await call('PATCH', `/api/institutions/${id}`, 'appAdmin', { name: 'x' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain('id');
    });

    it('refuses a body id that differs from the address', async () => {
      const res = await call('PATCH', `/api/institutions/${matrix.institutions.own}`, 'appAdmin', {
        id: matrix.institutions.other,
        name: 'x',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('id');
    });

    it('answers 404 for an institution that does not exist', async () => {
      expect((await call('PATCH', '/api/institutions/999999', 'appAdmin', { name: 'Ghost' })).statusCode).toBe(404);
      expect((await call('GET', '/api/institutions/roles/999999', 'appAdmin')).statusCode).toBe(404);
    });
  });

  it('soft-deletes with {id, active_ind: false}: the row stays, inactive, audited; and reactivates', async () => {
    const { id } = (
      await call('PUT', '/api/institutions', 'appAdmin', { ...NEW_INSTITUTION, short_name: 'Del1', name_code: 'DEL1' })
    ).json();
    const del = await call('PATCH', `/api/institutions/${id}`, 'appAdmin', { id, active_ind: false });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id, active_ind: false, short_name: 'Del1' });
    const [row] = await ctx.db.select().from(institutions).where(eq(institutions.id, id));
    expect(row!.activeInd).toBe(false);
    expect((await call('PATCH', `/api/institutions/${id}`, 'appAdmin', { active_ind: true })).json().active_ind).toBe(true);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'institution'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete', 'reactivate']);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ active_ind: true }),
      after: expect.objectContaining({ active_ind: false }),
    });
  });

  it('refuses an edit made from a version another change came after, and takes one of two at once (decision 044)', async () => {
    const { id } = (
      await call('PUT', '/api/institutions', 'appAdmin', { ...NEW_INSTITUTION, short_name: 'Ver1', name_code: 'VER1' })
    ).json();
    await expectStaleEditsRefused(call, {
      path: `/api/institutions/${id}`,
      read: async () => (await call('GET', '/api/institutions', 'reader')).json().find((i: { id: number }) => i.id === id),
      code: 'institution_version',
      changes: [
        { name: 'Versioned Polytechnic' },
        { region: 'Northeast' },
        { institution_type: 'College' },
        { name: 'Polytechnic' },
      ],
    });
  });

  it('lists who holds roles on an institution', async () => {
    const id = matrix.institutions.own;
    await createUser(ctx.db, { username: 'two-hats', privileges: { read: [id], admin: [id] } });
    const holders = (await call('GET', `/api/institutions/roles/${id}`, 'appAdmin')).json();
    expect(holders.map((h: { username: string; levels: string[] }) => [h.username, h.levels])).toEqual([
      ['matrix-instadmin', ['admin']],
      ['matrix-reader', ['read']],
      ['matrix-writer', ['write']],
      ['two-hats', ['read', 'admin']],
    ]);
  });
});
