import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Institution } from '../../../shared/schemas/institution.ts';
import { institutions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { openApiDocument, operationSchema, readOnlyProperties } from '../../test/openapi.ts';

describe('institutions: the API accepts what it returns', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
  const read = async (id: number) =>
    (await call('GET', '/api/institutions')).json<Institution[]>().find((institution) => institution.id === id)!;
  const stored = async (id: number) => (await ctx.db.select().from(institutions).where(eq(institutions.id, id)))[0]!;

  it('PATCH with the body GET answered saves the one changed field', async () => {
    const id = await createInstitution(ctx.db);
    const before = await read(id);
    const res = await call('PATCH', `/api/institutions/${id}`, { ...before, name: 'Renamed After Reading' });
    expect(res.statusCode, res.body).toBe(200);
    // The version it was read at, sent back, steps (decision 044).
    const after = { ...before, name: 'Renamed After Reading', version: before.version + 1 };
    expect(res.json()).toEqual(after);
    expect(await read(id)).toEqual(after);
  });

  it('refuses, by name and writing nothing, an unknown field or an id other than the address', async () => {
    const id = await createInstitution(ctx.db);
    const before = await read(id);
    const row = await stored(id);
    for (const [change, field] of [
      [{ city: 'Victoria' }, 'city'],
      [{ id: id + 1 }, 'id'],
    ] as const) {
      const res = await call('PATCH', `/api/institutions/${id}`, { ...before, name: 'Should Not Save', ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    }
    expect(await stored(id)).toEqual(row);
  });

  it('PUT refuses the id of a read institution: a body naming one belongs in a PATCH of it', async () => {
    const { id, ...copy } = await read(await createInstitution(ctx.db));
    const res = await call('PUT', '/api/institutions', { ...copy, id, short_name: 'COPY1', name_code: 'COPY1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ id: ['id is not a field this request accepts'] });
    const created = await call('PUT', '/api/institutions', { ...copy, short_name: 'COPY2', name_code: 'COPY2' });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('marks the read-only fields readOnly: true in the OpenAPI document', async () => {
    const doc = await openApiDocument(ctx.app);
    const list = operationSchema(doc, '/api/institutions', 'get', 'ok') as { items?: Parameters<typeof readOnlyProperties>[0] };
    expect(readOnlyProperties(list.items!)).toEqual(['id', 'version']);
    expect(readOnlyProperties(operationSchema(doc, '/api/institutions/{id}', 'patch', 'body'))).toEqual(['id']);
    expect(readOnlyProperties(operationSchema(doc, '/api/institutions', 'put', 'body'))).toEqual(['active_ind', 'version']);
  });
});
