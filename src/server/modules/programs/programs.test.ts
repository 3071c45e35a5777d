import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, programs } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createInstitution, type createRoleMatrix, type RoleName, ROLE_NAMES } from '../../test/factories.ts';
import { programBody } from '../../test/record-factories.ts';
import { expectStaleEditsRefused } from '../../test/stale-edits.ts';

describe('valid programs API', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  let inactiveInstitution: number;
  let call: MatrixCaller['call'];
  const program = (overrides: Record<string, unknown> = {}) => programBody(matrix.institutions.own, overrides);

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ matrix, call } = await createMatrixCaller(ctx));
    inactiveInstitution = await createInstitution(ctx.db, { activeInd: false });
  });
  afterAll(() => ctx.close());

  const count = async () => (await ctx.db.select().from(programs)).length;
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('PUT', '/api/programs', 'appAdmin', program(overrides));
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  };

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
    let existing: number;
    beforeAll(async () => {
      existing = await create({ name: 'Matrix Program' });
    });

    it.each(ROLE_NAMES)('GET /api/programs and /api/programs/{id} as %s', async (role) => {
      expect((await call('GET', '/api/programs', role)).statusCode).toBe(reads[role]);
      expect((await call('GET', `/api/programs/${existing}`, role)).statusCode).toBe(reads[role]);
    });

    it.each(ROLE_NAMES)('PUT /api/programs as %s', async (role) => {
      const before = await count();
      expect((await call('PUT', '/api/programs', role, program({ name: `By ${role}` }))).statusCode).toBe(writes[role]);
      expect(await count()).toBe(before + (writes[role] === 200 ? 1 : 0));
    });

    it.each(ROLE_NAMES)('PATCH /api/programs/{id} as %s', async (role) => {
      const res = await call('PATCH', `/api/programs/${existing}`, role, { participation: 'Mandatory', name: `Matrix ${role}` });
      expect(res.statusCode).toBe(writes[role]);
    });
  });

  it('creates a program, always active, with optional fields defaulted, and audits it', async () => {
    const id = await create({
      name: 'Nursing Practicum',
      wil_type: 'Field Placement',
      coop_model: undefined,
      cip_code: undefined,
      accredited: undefined,
      active_ind: false,
    });
    const got = (await call('GET', `/api/programs/${id}`, 'reader')).json();
    expect(got).toEqual({
      id,
      ...program({ name: 'Nursing Practicum', wil_type: 'Field Placement', coop_model: null, cip_code: null, accredited: false }),
      active_ind: true,
      version: 1,
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'program'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  describe('validation: 400 naming the field, nothing written', () => {
    it.each([
      ['name', { name: '' }],
      ['institution_id', { institution_id: 'one' }],
      ['discipline', { discipline: 'Astrology' }],
      ['credential', { credential: 'PhD' }],
      ['wil_type', { wil_type: 'Volunteering' }],
      ['coop_model', { coop_model: 'Sometimes' }],
      ['participation', { participation: 'Maybe' }],
      ['accredited', { accredited: 'yes' }],
      ['cip_code', { cip_code: '11.07' }],
      ['cip_code', { cip_code: '1107.01' }],
      ['coop_model', { wil_type: 'Internship', coop_model: 'Alternating' }],
      ['extra', { extra: true }],
    ])('refuses a bad %s', async (field, overrides) => {
      const before = await count();
      const res = await call(
        'PUT',
        '/api/programs',
        'appAdmin',
        program({ name: `Bad ${field} ${JSON.stringify(overrides)}`, ...overrides }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toContain(field);
      expect(await count()).toBe(before);
    });

    it('refuses an institution that does not exist or is inactive', async () => {
      for (const institution_id of [999_999, inactiveInstitution]) {
        const res = await call('PUT', '/api/programs', 'appAdmin', program({ institution_id, name: 'Orphan' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('institution_id');
      }
    });

    it('refuses a second program of the same name at one institution (ignoring case), but allows it at another', async () => {
      await create({ name: 'Engineering Co-op' });
      const dup = await call('PUT', '/api/programs', 'appAdmin', program({ name: 'ENGINEERING CO-OP' }));
      expect(dup.statusCode).toBe(400);
      expect(dup.json().fieldErrors).toEqual({ name: ['This institution already has a program with this name'] });
      await create({ name: 'Engineering Co-op', institution_id: matrix.institutions.other });
    });

    it('checks the merged program on PATCH: no co-op model on a non-co-op program, no move between institutions', async () => {
      const id = await create({ name: 'Patch Rules' });
      const toInternship = await call('PATCH', `/api/programs/${id}`, 'appAdmin', { wil_type: 'Internship' });
      expect(toInternship.statusCode).toBe(400);
      expect(toInternship.json().fieldErrors).toHaveProperty('coop_model');
      expect(
        (await call('PATCH', `/api/programs/${id}`, 'appAdmin', { wil_type: 'Internship', coop_model: null })).statusCode,
      ).toBe(200);
      const move = await call('PATCH', `/api/programs/${id}`, 'appAdmin', { institution_id: matrix.institutions.other });
      expect(move.statusCode).toBe(400);
      expect(move.json().fieldErrors).toHaveProperty('institution_id');
    });

    it('answers 404 for a program that does not exist, and 400 for a bad id', async () => {
      expect((await call('GET', '/api/programs/999999', 'reader')).statusCode).toBe(404);
      expect((await call('PATCH', '/api/programs/999999', 'appAdmin', { name: 'x' })).statusCode).toBe(404);
      expect((await call('GET', '/api/programs/abc', 'reader')).statusCode).toBe(400);
    });
  });

  it('refuses an edit made from a version another change came after, and takes one of two at once (decision 044)', async () => {
    const id = await create({ name: 'Versioned' });
    await expectStaleEditsRefused(call, {
      path: `/api/programs/${id}`,
      read: async () => (await call('GET', `/api/programs/${id}`, 'reader')).json(),
      code: 'program_version',
      changes: [{ name: 'Versioned, renamed' }, { cip_code: '52.0201' }, { participation: 'Mandatory' }, { accredited: false }],
    });
  });

  it('removes with active_ind false (the row stays), and reactivates', async () => {
    const id = await create({ name: 'Short-lived' });
    const removed = await call('PATCH', `/api/programs/${id}`, 'appAdmin', { id, active_ind: false });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id, active_ind: false });
    expect((await call('GET', `/api/programs/${id}`, 'reader')).json().active_ind).toBe(false);
    expect((await call('PATCH', `/api/programs/${id}`, 'appAdmin', { active_ind: true })).json().active_ind).toBe(true);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'program'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete', 'reactivate']);
  });
});
