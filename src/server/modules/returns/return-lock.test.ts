import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportField } from '../../../shared/schemas/import.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, recordBody } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf, setReturnState, storedReturn } from '../../test/return-factories.ts';
import { holdReturnExclusive, holdReturnsShared } from './return-lock.ts';

/**
 * The lock (docs/decisions/021): while a term return is submitted or approved, no path changes its records — the
 * API's PUT and PATCH (the form's path too), an import's commit (its dry run names the rows), the zero fill — and a
 * record write racing a sign-off either lands before it or is refused after it, never half of each.
 */

type Call = MatrixCaller['call'];

describe('the lock of submitted and approved returns on their records', () => {
  let ctx: TestContext;
  let call: Call;
  let own: number;
  let programs: { done: number; other: number; spare: number };
  let locked: { fiscal_year: string; term: 'Fall' };
  let open: { fiscal_year: string; term: 'Spring' };
  let lockedReturn: number;
  let openReturn: number;

  const read = async (id: number): Promise<RecordWire> => (await call('GET', `/api/records/${id}`, 'appAdmin')).json();
  const create = async (body: Record<string, unknown>) => {
    const res = await call('PUT', '/api/records', 'writer', body);
    expect(res.statusCode, res.body).toBe(200);
    return read(res.json().id);
  };
  const auditCount = async () =>
    (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'record'`))[0]!.n;
  const recordCount = async () => (await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM records`))[0]!.n;

  let doneRecord: RecordWire;
  let otherRecord: RecordWire;
  let openRecord: RecordWire;

  beforeAll(async () => {
    ctx = await createTestContext();
    let matrix;
    ({ call, matrix } = await createMatrixCaller(ctx));
    own = matrix.institutions.own;
    programs = {
      done: await createProgram(ctx.db, own, { name: 'Locked Co-op' }),
      other: await createProgram(ctx.db, own, { name: 'Second Co-op' }),
      spare: await createProgram(ctx.db, own, { name: 'Spare Co-op' }),
    };
    locked = freshPeriodKey('Fall');
    open = { fiscal_year: locked.fiscal_year, term: 'Spring' };
    for (const key of [locked, open]) expect((await call('PUT', '/api/periods', 'appAdmin', key)).statusCode).toBe(200);
    const periods = (await call('GET', '/api/periods', 'appAdmin')).json() as { id: number; term: string; fiscal_year: string }[];
    const periodOf = (key: { fiscal_year: string; term: string }) =>
      periods.find((p) => p.fiscal_year === key.fiscal_year && p.term === key.term)!.id;
    lockedReturn = await returnIdOf(ctx.db, own, periodOf(locked));
    openReturn = await returnIdOf(ctx.db, own, periodOf(open));
    doneRecord = await create(recordBody(own, programs.done, locked));
    otherRecord = await create(recordBody(own, programs.other, locked));
    openRecord = await create(recordBody(own, programs.spare, open));
  }, 120_000);
  afterAll(() => ctx?.close());

  /** A return's stored state, set for the test (no transition). */
  const lockAs = (state: 'submitted' | 'approved' | 'open' | 'reopened') => setReturnState(ctx.db, lockedReturn, state);

  function expectLocked(res: { statusCode: number; json(): { code?: string; message: string } }, state: string) {
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('return_locked');
    expect(res.json().message).toContain(
      `'s Fall ${locked.fiscal_year} return is ${state}, so its records cannot be added or changed.`,
    );
    expect(res.json().message).toContain(
      state === 'approved' ? 'An app admin can reopen it' : 'An app admin can send it back for correction',
    );
  }

  it('refuses PUT and PATCH (the API’s and the form’s) to a submitted or approved return, writing nothing', async () => {
    for (const state of ['submitted', 'approved'] as const) {
      await lockAs(state);
      const [records, audits] = [await recordCount(), await auditCount()];
      const current = await read(doneRecord.id);
      expectLocked(await call('PUT', '/api/records', 'writer', recordBody(own, programs.spare, locked)), state);
      expectLocked(
        await call('PATCH', `/api/records/${doneRecord.id}`, 'writer', { version: current.version, notes: 'Late change' }),
        state,
      );
      // The form sends every value back: the same refusal.
      const {
        id: _id,
        institution_short_name: _a,
        institution_name: _b,
        program_name: _c,
        created_at: _d,
        updated_at: _e,
        ...form
      } = current;
      expectLocked(await call('PATCH', `/api/records/${doneRecord.id}`, 'appAdmin', { ...form, status: 'draft' }), state);
      // Moving a record of an open return into the locked one, or one out of it, changes the locked return too.
      expectLocked(
        await call('PATCH', `/api/records/${openRecord.id}`, 'writer', { version: openRecord.version, term: 'Fall' }),
        state,
      );
      expectLocked(
        await call('PATCH', `/api/records/${otherRecord.id}`, 'writer', { version: otherRecord.version, term: 'Summer' }),
        state,
      );
      expect(await read(doneRecord.id)).toEqual(current);
      expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
      // The institution's other return, still open, takes changes as before.
      expect((await storedReturn(ctx.db, openReturn)).state).toBe('open');
      const elsewhere = await read(openRecord.id);
      const editedElsewhere = await call('PATCH', `/api/records/${openRecord.id}`, 'writer', {
        version: elsewhere.version,
        notes: `Edited while Fall is ${state}`,
      });
      expect(editedElsewhere.statusCode, editedElsewhere.body).toBe(200);
      // Sending back what is stored changes nothing, and is no refusal.
      const same = await call('PATCH', `/api/records/${doneRecord.id}`, 'writer', {
        version: current.version,
        notes: current.notes,
      });
      expect(same.statusCode).toBe(200);
    }
  });

  it('lets the records change again once the return is sent back or reopened', async () => {
    await lockAs('submitted');
    expect(
      (await call('POST', `/api/returns/${lockedReturn}/send-back`, 'appAdmin', { reason: 'Fix the notes' })).statusCode,
    ).toBe(200);
    let current = await read(doneRecord.id);
    const edited = await call('PATCH', `/api/records/${doneRecord.id}`, 'writer', {
      version: current.version,
      notes: 'Corrected',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await lockAs('approved');
    expect((await call('POST', `/api/returns/${lockedReturn}/reopen`, 'appAdmin', { reason: 'Revision' })).statusCode).toBe(200);
    current = await read(doneRecord.id);
    const again = await call('PATCH', `/api/records/${doneRecord.id}`, 'writer', { version: current.version, notes: 'Revised' });
    expect(again.statusCode, again.body).toBe(200);
  });

  /** A file of rows naming records by id or program, with the columns given. */
  function importBody(rows: { record_id?: number; program_id?: number; term?: string; notes: string }[]) {
    const fields: ImportField[] = ['record_id', 'program_id', 'fiscal_year', 'term', 'notes', 'status'];
    const mapping = Object.fromEntries(fields.map((f, n) => [f, n])) as Partial<Record<ImportField, number>>;
    return {
      mapping,
      rows: rows.map((r) => [
        String(r.record_id ?? ''),
        String(r.program_id ?? ''),
        r.record_id ? '' : locked.fiscal_year,
        r.record_id ? '' : (r.term ?? 'Fall'),
        r.notes,
        'draft',
      ]),
    };
  }

  it('lists an import’s rows for a locked return as refused, with the reason, and its commit writes nothing (409 return_locked)', async () => {
    await lockAs('submitted');
    const current = await read(openRecord.id);
    const body = importBody([
      { record_id: doneRecord.id, notes: 'From the file' },
      { record_id: openRecord.id, notes: 'From the file' },
    ]);
    const dry = await call('POST', '/api/imports/dry-run', 'writer', body);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().counts).toMatchObject({ update: 1, error: 1 });
    const refusedRow = dry.json().rows[0];
    expect(refusedRow).toMatchObject({ row: 2, action: 'error', recordId: doneRecord.id });
    expect(refusedRow.errors).toEqual([
      {
        field: 'term',
        label: 'Term',
        message: expect.stringContaining(
          `Fall ${locked.fiscal_year} return is submitted, so its records cannot be added or changed.`,
        ),
      },
    ]);
    const [records, audits] = [await recordCount(), await auditCount()];
    const commit = await call('POST', '/api/imports/commit', 'writer', body);
    expectLocked(commit, 'submitted');
    expect(commit.json().result.rows[0].action).toBe('error');
    expect(await read(openRecord.id)).toEqual(current);
    expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
    // A new record for the locked term is refused the same way.
    const creating = await call(
      'POST',
      '/api/imports/dry-run',
      'writer',
      importBody([{ program_id: programs.spare, notes: 'New' }]),
    );
    expect(creating.json().rows[0]).toMatchObject({ action: 'error' });
    expect(creating.json().rows[0].errors[0].message).toContain('is submitted');
  });

  it('never fills zeros into a locked return', async () => {
    for (const state of ['submitted', 'approved'] as const) {
      await lockAs(state);
      const records = await recordCount();
      const res = await call('POST', `/api/returns/${lockedReturn}/fill-zeros`, 'appAdmin', { reason: 'Overdue for weeks' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'return_state', state });
      expect(await recordCount()).toBe(records);
    }
  });

  describe('a record write and a sign-off of the same return at once', () => {
    const key = () => ({ institutionId: own, fiscalYear: locked.fiscal_year, term: locked.term });

    /** Holds the return's exclusive lock in a transaction of its own, as a sign-off in flight does, until released. */
    async function signOffInFlight(work: (tx: TestContext['db']) => Promise<void>) {
      let taken!: () => void;
      let release!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const done = ctx.db.transaction(async (tx) => {
        await holdReturnExclusive(tx, key());
        await work(tx);
        taken();
        await released;
      });
      await lockTaken;
      return { release, done };
    }

    const settledWithin = async (promise: Promise<unknown>, ms: number) => {
      let settled = false;
      void promise.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, ms));
      return settled;
    };

    it('makes PATCH, PUT and an import commit wait for a sign-off in flight, then refuses them (return_locked)', async () => {
      await lockAs('open');
      const current = await read(otherRecord.id);
      const [records, audits] = [await recordCount(), await auditCount()];
      const inFlight = await signOffInFlight(async (tx) => {
        await tx.execute(sql`UPDATE term_returns SET state = 'submitted' WHERE id = ${lockedReturn}`);
      });
      const writes = [
        call('PATCH', `/api/records/${otherRecord.id}`, 'writer', { version: current.version, notes: 'In the race' }),
        call('PUT', '/api/records', 'writer', recordBody(own, programs.spare, locked)),
        call('POST', '/api/imports/commit', 'writer', importBody([{ record_id: otherRecord.id, notes: 'In the race' }])),
      ];
      expect(await settledWithin(Promise.race(writes), 300)).toBe(false);
      inFlight.release();
      await inFlight.done;
      for (const res of await Promise.all(writes)) expectLocked(res, 'submitted');
      expect(await read(otherRecord.id)).toEqual(current);
      expect([await recordCount(), await auditCount()]).toEqual([records, audits]);
    });

    it('makes a sign-off wait for a record write in flight, then judge the records as that write left them', async () => {
      await lockAs('open');
      const current = await read(otherRecord.id);
      // A writer turning a record back into a draft holds the shared lock (through the store) until it commits.
      let taken!: () => void;
      let release!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const writing = ctx.db.transaction(async (tx) => {
        await holdReturnsShared(tx, [key()]);
        await tx.execute(sql`UPDATE records SET status = 'draft', version = version + 1 WHERE id = ${otherRecord.id}`);
        taken();
        await released;
      });
      await lockTaken;
      const submit = call('POST', `/api/returns/${lockedReturn}/submit`, 'instAdmin');
      expect(await settledWithin(submit, 300)).toBe(false);
      release();
      await writing;
      const res = await submit;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'return_incomplete' });
      expect(res.json().message).toContain('Second Co-op (a draft)');
      expect((await storedReturn(ctx.db, lockedReturn)).state).toBe('open');
      // Put the record back as it was for the next test.
      await ctx.db.execute(sql`UPDATE records SET status = 'submitted' WHERE id = ${otherRecord.id}`);
      expect((await read(otherRecord.id)).version).toBe(current.version + 1);
    });

    it('lets exactly one of a PATCH and a sign-off sent together win, and leaves the database as that one left it', async () => {
      const outcomes = new Set<string>();
      // Complete the return first (the spare program has no record of the term yet), so a sign-off can succeed.
      await lockAs('open');
      expect((await call('POST', `/api/returns/${lockedReturn}/fill-zeros`, 'instAdmin')).statusCode).toBe(200);
      for (let round = 0; round < 16; round++) {
        await lockAs('open');
        const current = await read(otherRecord.id);
        const { version } = await storedReturn(ctx.db, lockedReturn);
        // Each goes first in turn, the second sent after a growing head start of 0 to 35 ms, so the two overlap in
        // every way and both outcomes are met.
        const sendPatch = () =>
          call('PATCH', `/api/records/${otherRecord.id}`, 'writer', { version: current.version, status: 'draft' });
        const sendSubmit = () => call('POST', `/api/returns/${lockedReturn}/submit`, 'instAdmin');
        const later = <T>(send: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), Math.floor(round / 2) * 5));
        const [patch, submit] =
          round % 2 === 0
            ? await Promise.all([sendPatch(), later(sendSubmit)])
            : await Promise.all([later(sendPatch), sendSubmit()]);
        outcomes.add(patch.statusCode === 200 ? 'edit first' : 'sign-off first');
        const after = await read(otherRecord.id);
        const stored = await storedReturn(ctx.db, lockedReturn);
        if (patch.statusCode === 200) {
          // The edit landed first: the sign-off saw the draft and refused.
          expect(submit.statusCode).toBe(409);
          expect(submit.json().code).toBe('return_incomplete');
          expect([after.status, after.version, stored.state, stored.version]).toEqual([
            'draft',
            current.version + 1,
            'open',
            version,
          ]);
          await ctx.db.execute(sql`UPDATE records SET status = 'submitted' WHERE id = ${otherRecord.id}`);
        } else {
          // The sign-off landed first: the edit was refused whole.
          expectLocked(patch, 'submitted');
          expect(submit.statusCode).toBe(200);
          expect(after).toEqual(current);
          expect([stored.state, stored.version]).toEqual(['submitted', version + 1]);
        }
      }
      expect([...outcomes].sort()).toEqual(['edit first', 'sign-off first']);
    });
  });
});
