import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITABLE_FIELDS } from '../../../shared/record-rules.ts';
import type { ImportField } from '../../../shared/schemas/import.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { auditLog, records } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, recordBody } from '../../test/record-factories.ts';

/**
 * Every record write goes through one store (record-store.ts): the same change made by the form's PATCH (every value
 * sent), the API's PATCH (only what changes) and an import commit (a file naming the record) must leave the same
 * stored row, the same version step and the same audit entry.
 */

type Change = Partial<Record<'notes' | 'coop_fee_domestic' | 'status', string | null>>;

/** What must agree between paths: everything but the record's own identity and the moment of the write. */
function comparable(value: Record<string, unknown> | null | undefined) {
  if (!value) return value;
  const { id: _id, term: _term, createdAt: _c1, updatedAt: _u1, created_at: _c2, updated_at: _u2, ...rest } = value;
  return rest;
}

describe('one record store: form PATCH, API PATCH and import commit write alike', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];
  let program: number;
  let year = 2040;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    program = await createProgram(ctx.db, matrix.institutions.own, { name: 'Store Co-op' });
  }, 120_000);
  afterAll(() => ctx?.close());

  /** Three records of one program and fiscal year, one per term, created alike through the API. */
  async function threeRecords(): Promise<RecordWire[]> {
    const fiscalYear = `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
    year++;
    const made: RecordWire[] = [];
    for (const term of ['Summer', 'Fall', 'Spring']) {
      const res = await call('PUT', '/api/records', 'writer', {
        ...recordBody(matrix.institutions.own, program, { fiscal_year: fiscalYear, term }),
        notes: 'As first entered',
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push((await call('GET', `/api/records/${res.json().id}`, 'writer')).json());
    }
    return made;
  }

  /** The form sends every editable value it holds, the changed ones included, with the version it loaded. */
  const formPatch = (record: RecordWire, change: Change) => {
    const body: Record<string, unknown> = { version: record.version };
    for (const field of EDITABLE_FIELDS) body[field] = record[field];
    return call('PATCH', `/api/records/${record.id}`, 'writer', { ...body, ...change });
  };
  const apiPatch = (record: RecordWire, change: Change) =>
    call('PATCH', `/api/records/${record.id}`, 'writer', { version: record.version, ...change });
  /** A file of one row: the record's id and a column per changed field (and a Status column, as a file would have). */
  const importCommit = (record: RecordWire, change: Change) => {
    const fields = Object.keys({ status: record.status, ...change }) as ImportField[];
    const values: Record<string, unknown> = { status: record.status, ...change };
    const mapping: Partial<Record<ImportField, number>> = { record_id: 0 };
    fields.forEach((field, n) => (mapping[field] = n + 1));
    const row = [String(record.id), ...fields.map((f) => String(values[f] ?? ''))];
    return call('POST', '/api/imports/commit', 'writer', { mapping, rows: [row] });
  };

  async function outcome(id: number) {
    const [row] = await ctx.db.select().from(records).where(eq(records.id, id));
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'record'), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const wire = (await call('GET', `/api/records/${id}`, 'writer')).json() as RecordWire;
    return { row: row!, audit: audit!, wire };
  }

  const cases: { name: string; change: Change; action: string }[] = [
    { name: 'a change of values', change: { notes: 'Fee raised in the spring', coop_fee_domestic: '800.00' }, action: 'update' },
    { name: 'a reopening (submitted back to draft)', change: { status: 'draft' }, action: 'reopen' },
    { name: 'a value cleared', change: { notes: null }, action: 'update' },
  ];

  for (const { name, change, action } of cases) {
    it(`${name}: same stored row, version step and audit entry by every path`, async () => {
      const [a, b, c] = await threeRecords();
      const responses = [await formPatch(a!, change), await apiPatch(b!, change), await importCommit(c!, change)];
      for (const res of responses) expect(res.statusCode, res.body).toBe(200);

      const results = await Promise.all([a!, b!, c!].map((r) => outcome(r.id)));
      for (const [n, { row, audit, wire }] of results.entries()) {
        const before = [a!, b!, c!][n]!;
        expect(row.version).toBe(before.version + 1);
        expect(row.updatedBy).toBe(matrix.users.writer);
        expect(audit).toMatchObject({ action, changedBy: matrix.users.writer });
        // The audit holds the record exactly as the API gave it before and gives it after.
        expect(audit.before).toEqual(before);
        expect(audit.after).toEqual(wire);
      }
      const [first, ...rest] = results.map(({ row, audit }) => ({
        row: comparable(row),
        audit: {
          action: audit.action,
          changedBy: audit.changedBy,
          before: comparable(audit.before as never),
          after: comparable(audit.after as never),
        },
      }));
      for (const other of rest) expect(other).toEqual(first);
    });
  }

  const recordAudits = async () => (await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'record'))).length;

  it('a change to nothing writes nothing by any path: no version step, no record audit entry', async () => {
    const [a, b, c] = await threeRecords();
    const same: Change = { notes: 'As first entered' };
    const auditsBefore = await recordAudits();
    for (const res of [await formPatch(a!, same), await apiPatch(b!, same), await importCommit(c!, same)]) {
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const r of [a!, b!, c!]) expect((await outcome(r.id)).row.version).toBe(r.version);
    expect(await recordAudits()).toBe(auditsBefore);
  });
});
