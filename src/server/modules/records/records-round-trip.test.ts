import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { records } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createRoleMatrix } from '../../test/factories.ts';
import { openApiDocument, operationSchema, readOnlyProperties } from '../../test/openapi.ts';
import {
  createProgram,
  nextRecordKey,
  recordBody,
  storedNotesArbitrary,
  validFiguresArbitrary,
} from '../../test/record-factories.ts';

/** The fields of a record only the server sets: a write may send them back, and they are ignored. */
const SERVER_SET = [
  'institution_short_name',
  'institution_name',
  'program_name',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const;

/** Values of the right type for every server-set field, none of them the stored one. */
const FORGED = {
  institution_short_name: 'FORGED',
  institution_name: 'Forged Institution',
  program_name: 'Forged Program',
  created_at: '2001-01-01T00:00:00.000Z',
  created_by: 999_999,
  updated_at: '2001-01-01T00:00:00.000Z',
  updated_by: 999_999,
};

describe('records: the API accepts what it returns', () => {
  let ctx: TestContext;
  let matrix: Awaited<ReturnType<typeof createRoleMatrix>>;
  let own: number;
  let ownProgram: number;
  let otherProgram: number;
  let writerCookie: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    matrix = await createRoleMatrix(ctx.db);
    own = matrix.institutions.own;
    ownProgram = await createProgram(ctx.db, own, { name: 'Own Co-op' });
    otherProgram = await createProgram(ctx.db, own, { name: 'Second Co-op' });
    writerCookie = await ctx.cookieFor(matrix.users.writer);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: writerCookie } });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('PUT', '/api/records', recordBody(own, ownProgram, overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const read = async (id: number) => {
    const res = await call('GET', `/api/records/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RecordWire>();
  };
  const row = async (id: number) => (await ctx.db.select().from(records).where(eq(records.id, id)))[0]!;

  describe('PATCH /api/records/{id} with the body GET answered', () => {
    it('saves the one changed field; the server-set fields sent back are ignored', async () => {
      const id = await create();
      const before = await read(id);
      const stored = await row(id);
      const res = await call('PATCH', `/api/records/${id}`, { ...before, notes: 'changed after reading' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...before,
        notes: 'changed after reading',
        version: 2,
        updated_at: res.json().updated_at,
      });
      const after = await row(id);
      expect(after.notes).toBe('changed after reading');
      expect(after.createdAt).toEqual(stored.createdAt);
      expect(after.createdBy).toBe(stored.createdBy);
    });

    it('ignores server-set fields sent with other values: the database keeps its own', async () => {
      const id = await create();
      const before = await read(id);
      const stored = await row(id);
      const res = await call('PATCH', `/api/records/${id}`, { ...before, ...FORGED, students_enrolled: 99 });
      expect(res.statusCode, res.body).toBe(200);
      const after = await row(id);
      expect(after.studentsEnrolled).toBe(99);
      expect(after.createdAt).toEqual(stored.createdAt);
      expect(after.createdBy).toBe(stored.createdBy);
      expect(after.updatedBy).toBe(matrix.users.writer);
      expect(after.updatedAt.getTime()).toBeGreaterThan(new Date(FORGED.updated_at).getTime());
      const echoed = res.json();
      for (const field of SERVER_SET) expect(echoed[field], field).not.toEqual(FORGED[field]);
      expect(echoed.institution_short_name).toBe(before.institution_short_name);
    });

    it('still refuses an unknown field by name, and a server-set field of the wrong type, writing nothing', async () => {
      const id = await create();
      const before = await read(id);
      for (const [body, field, message] of [
        [
          { ...before, notes: 'x', institution_code: 'X' },
          'institution_code',
          'institution_code is not a field this request accepts',
        ],
        [{ ...before, notes: 'x', created_by: 'someone' }, 'created_by', undefined],
        [{ ...before, notes: 'x', program_name: null }, 'program_name', undefined],
      ] as const) {
        const res = await call('PATCH', `/api/records/${id}`, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
        if (message) expect(res.json().fieldErrors[field]).toEqual([message]);
      }
      expect((await row(id)).version).toBe(1);
    });

    it('refuses a changed id, institution or program with a 400 naming it (a record never moves)', async () => {
      const id = await create();
      const other = await create();
      const before = await read(id);
      for (const [change, field] of [
        [{ id: other }, 'id'],
        [{ institution_id: matrix.institutions.other }, 'institution_id'],
        [{ program_id: otherProgram }, 'program_id'],
      ] as const) {
        const res = await call('PATCH', `/api/records/${id}`, { ...before, notes: 'moved?', ...change });
        expect(res.statusCode, res.body).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
      }
      expect((await row(id)).version).toBe(1);
    });
  });

  describe('PUT /api/records with a body GET answered', () => {
    it('creates a new record from a read one without its id: version and server-set fields are ignored', async () => {
      const source = await read(await create({ notes: 'copied' }));
      const { id: _id, ...copy } = source;
      const res = await call('PUT', '/api/records', { ...copy, ...FORGED, version: 7, ...nextRecordKey() });
      expect(res.statusCode, res.body).toBe(200);
      const created = await row(res.json().id);
      expect(created.version).toBe(1);
      expect(created.notes).toBe('copied');
      expect(created.createdBy).toBe(matrix.users.writer);
      expect(created.updatedBy).toBe(matrix.users.writer);
      expect(created.createdAt.getTime()).toBeGreaterThan(new Date(FORGED.created_at).getTime());
    });

    it('refuses the id of a read record: a body naming a record belongs in a PATCH of it', async () => {
      const source = await read(await create());
      const count = (await ctx.db.select({ id: records.id }).from(records)).length;
      const res = await call('PUT', '/api/records', { ...source, ...nextRecordKey() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ id: ['id is not a field this request accepts'] });
      expect((await ctx.db.select({ id: records.id }).from(records)).length).toBe(count);
    });
  });

  it('property: for any valid record, PATCH of the GET body with a changed value round-trips', async () => {
    const forgedArbitrary = fc.record(
      {
        institution_short_name: fc.string({ maxLength: 30 }),
        institution_name: fc.string({ maxLength: 60 }),
        program_name: fc.string({ maxLength: 60 }),
        created_at: fc.string({ maxLength: 30 }),
        created_by: fc.option(fc.integer()),
        updated_at: fc.string({ maxLength: 30 }),
        updated_by: fc.option(fc.integer()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        validFiguresArbitrary,
        fc.constantFrom('draft', 'submitted'),
        storedNotesArbitrary,
        forgedArbitrary,
        async (figures, status, note, forged) => {
          const id = await create({ ...figures, status });
          const before = await read(id);
          const stored = await row(id);
          const notes = `edited ${note}`.trim();
          const res = await call('PATCH', `/api/records/${id}`, { ...before, ...forged, notes });
          expect(res.statusCode, res.body).toBe(200);
          const saved = res.json();
          expect(saved).toEqual({ ...before, notes, version: before.version + 1, updated_at: saved.updated_at });
          expect(await read(id)).toEqual(saved);
          const after = await row(id);
          expect([after.createdAt, after.createdBy, after.updatedBy]).toEqual([
            stored.createdAt,
            stored.createdBy,
            matrix.users.writer,
          ]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('marks the read-only fields readOnly: true in the OpenAPI document', async () => {
    const doc = await openApiDocument(ctx.app);
    expect(readOnlyProperties(operationSchema(doc, '/api/records/{id}', 'get', 'ok'))).toEqual(['id', ...SERVER_SET].sort());
    expect(readOnlyProperties(operationSchema(doc, '/api/records/{id}', 'patch', 'body'))).toEqual(
      ['id', 'institution_id', 'program_id', ...SERVER_SET].sort(),
    );
    const create = operationSchema(doc, '/api/records', 'put', 'body');
    expect(readOnlyProperties(create)).toEqual(['version', ...SERVER_SET].sort());
    expect(create.properties).not.toHaveProperty('id');
  });
});
