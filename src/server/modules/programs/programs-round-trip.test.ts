import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Program } from '../../../shared/schemas/program.ts';
import { programs } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { openApiDocument, operationSchema, readOnlyProperties } from '../../test/openapi.ts';
import { createProgram } from '../../test/record-factories.ts';

describe('programs: the API accepts what it returns', () => {
  let ctx: TestContext;
  let admin: string;
  let own: number;
  let other: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
    own = await createInstitution(ctx.db);
    other = await createInstitution(ctx.db);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
  const read = async (id: number) => {
    const res = await call('GET', `/api/programs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Program>();
  };
  const stored = async (id: number) => (await ctx.db.select().from(programs).where(eq(programs.id, id)))[0]!;

  it('PATCH with the body GET answered saves the one changed field', async () => {
    const id = await createProgram(ctx.db, own);
    const before = await read(id);
    const res = await call('PATCH', `/api/programs/${id}`, { ...before, accredited: !before.accredited });
    expect(res.statusCode, res.body).toBe(200);
    // The version it was read at, sent back, steps (decision 044).
    const after = { ...before, accredited: !before.accredited, version: before.version + 1 };
    expect(res.json()).toEqual(after);
    expect(await read(id)).toEqual(after);
  });

  it('refuses, by name and writing nothing, an unknown field, another id or another institution', async () => {
    const id = await createProgram(ctx.db, own);
    const before = await read(id);
    const row = await stored(id);
    for (const [change, field] of [
      [{ institution_short_name: 'X' }, 'institution_short_name'],
      [{ id: id + 1 }, 'id'],
      [{ institution_id: other }, 'institution_id'],
    ] as const) {
      const res = await call('PATCH', `/api/programs/${id}`, { ...before, name: 'Should Not Save', ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    }
    expect(await stored(id)).toEqual(row);
  });

  it('PUT refuses the id of a read program; without it, the copy is created active', async () => {
    const { id, ...copy } = await read(await createProgram(ctx.db, own, { activeInd: false }));
    const withId = await call('PUT', '/api/programs', { ...copy, id, name: 'Copy With Id' });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().fieldErrors).toEqual({ id: ['id is not a field this request accepts'] });
    const created = await call('PUT', '/api/programs', { ...copy, name: 'Copy Without Id' });
    expect(created.statusCode, created.body).toBe(200);
    expect(await read(created.json().id)).toEqual({ ...copy, id: created.json().id, name: 'Copy Without Id', active_ind: true });
  });

  it('marks the read-only fields readOnly: true in the OpenAPI document', async () => {
    const doc = await openApiDocument(ctx.app);
    expect(readOnlyProperties(operationSchema(doc, '/api/programs/{id}', 'get', 'ok'))).toEqual(['id', 'version']);
    expect(readOnlyProperties(operationSchema(doc, '/api/programs/{id}', 'patch', 'body'))).toEqual(['id', 'institution_id']);
    expect(readOnlyProperties(operationSchema(doc, '/api/programs', 'put', 'body'))).toEqual(['active_ind', 'version']);
  });
});
