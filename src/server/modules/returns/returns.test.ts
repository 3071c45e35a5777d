import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETURN_ACTIONS,
  RETURN_TRANSITIONS,
  shownReturnState,
  STORED_RETURN_STATES,
  type ReturnAction,
  type StoredReturnState,
} from '../../../shared/reporting-cycle.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, READ_OWN_STATUS, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf, setReturnState, storedReturn } from '../../test/return-factories.ts';

/**
 * The sign-off state machine through the API: every action × every kind of caller × every stored state, against the
 * table of shared/reporting-cycle.ts as the rules of docs/reporting-cycle.md say it. Then what each action needs
 * (completeness, reasons, versions), the history and the audit.
 */

type Call = MatrixCaller['call'];

const ALL_ACTIONS = [...RETURN_ACTIONS, 'fill-zeros'] as const;
type AnyAction = (typeof ALL_ACTIONS)[number];

/** Who may take each action on the own institution's return (the rights of docs/reporting-cycle.md). */
const MAY: Record<AnyAction, readonly RoleName[]> = {
  submit: ['instAdmin', 'appAdmin'],
  'fill-zeros': ['instAdmin', 'appAdmin'],
  'send-back': ['appAdmin'],
  approve: ['appAdmin'],
  reopen: ['appAdmin'],
};

/** The states each action starts from, and where it leads (fill-zeros stays where it is). */
const FROM: Record<AnyAction, readonly StoredReturnState[]> = {
  submit: ['open', 'reopened'],
  'fill-zeros': ['open', 'reopened'],
  'send-back': ['submitted'],
  approve: ['submitted'],
  reopen: ['approved'],
};
const TO: Record<AnyAction, (from: StoredReturnState) => StoredReturnState> = {
  submit: () => 'submitted',
  'fill-zeros': (from) => from,
  'send-back': () => 'open',
  approve: () => 'approved',
  reopen: () => 'reopened',
};

/**
 * The body each action needs from a role: a reason to send back or reopen, and from an app admin (not an admin of the
 * matrix's own institution) acting for the institution in a zero fill or sign-off.
 */
const bodyOf = (action: AnyAction, role: RoleName = 'appAdmin') =>
  action === 'send-back' || action === 'reopen' || (role === 'appAdmin' && (action === 'submit' || action === 'fill-zeros'))
    ? { reason: 'Checked by the test' }
    : {};
const ON_BEHALF = { reason: 'The institution asked us to' };

describe('term returns: the state machine through the API', () => {
  let ctx: TestContext;
  let call: Call;
  let matrix: MatrixCaller['matrix'];
  let periodId: number;
  let ownReturn: number;
  let otherReturn: number;
  let ownPrograms: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    const { own, other } = matrix.institutions;
    ownPrograms = [await createProgram(ctx.db, own), await createProgram(ctx.db, own)];
    const created = await call('PUT', '/api/periods', 'appAdmin', freshPeriodKey());
    expect(created.statusCode, created.body).toBe(200);
    periodId = created.json().id;
    ownReturn = await returnIdOf(ctx.db, own, periodId);
    otherReturn = await returnIdOf(ctx.db, other, periodId);
    // Every expected program of the own return has a submitted record: submitting is allowed whenever the state is.
    const period = (await call('GET', '/api/periods', 'appAdmin')).json().find((p: { id: number }) => p.id === periodId);
    for (const programId of ownPrograms) {
      await insertRecord(ctx.db, { institutionId: own, programId, fiscalYear: period.fiscal_year, term: period.term });
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  it('keeps the shared table and this test’s table the same', () => {
    for (const action of RETURN_ACTIONS) {
      expect(RETURN_TRANSITIONS[action].from).toEqual(FROM[action]);
      expect(RETURN_TRANSITIONS[action].to).toBe(TO[action]('open'));
      expect(RETURN_TRANSITIONS[action].who === 'app admin' ? ['appAdmin'] : ['instAdmin', 'appAdmin']).toEqual(MAY[action]);
    }
  });

  it('answers every action × caller × state as the rules say, and changes the state only when it answers 200', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const action of ALL_ACTIONS) {
      for (const role of ROLE_NAMES) {
        for (const state of STORED_RETURN_STATES) {
          await setReturnState(ctx.db, ownReturn, state);
          const before = await storedReturn(ctx.db, ownReturn);
          const res = await call('POST', `/api/returns/${ownReturn}/${action}`, role, bodyOf(action, role));
          const after = await storedReturn(ctx.db, ownReturn);
          let want: string;
          if (role === 'signedOut') want = `401 ${state}`;
          else if (!MAY[action].includes(role)) want = `403 ${state}`;
          else if (!FROM[action].includes(state)) want = `409 return_state "${shownReturnState(state, true)}" ${state}`;
          else want = `200 ${TO[action](state)}`;
          const got =
            res.statusCode === 409
              ? `409 ${res.json().code} "${res.json().state}" ${after.state}`
              : `${res.statusCode} ${after.state}`;
          actual.push(`${action} by ${role} from ${state} → ${got}`);
          expected.push(`${action} by ${role} from ${state} → ${want}`);
          // A transition steps the version; anything refused leaves it (fill-zeros with nothing to fill changes nothing).
          const stepped = res.statusCode === 200 && action !== 'fill-zeros' ? 1 : 0;
          expect(after.version, `${action} by ${role} from ${state}`).toBe(before.version + stepped);
        }
      }
    }
    expect(actual).toEqual(expected);
  }, 120_000);

  it('names the current state in a 409, and the states the action needs', async () => {
    await setReturnState(ctx.db, ownReturn, 'approved');
    const res = await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'return_state', state: 'approved' });
    expect(res.json().message).toBe('This return is approved: it can be approved only when it is submitted.');
    expect(res.json().current).toMatchObject({ id: ownReturn, state: 'approved' });
  });

  it('refuses the actions on another institution’s return to its admins of one institution', async () => {
    await setReturnState(ctx.db, otherReturn, 'open');
    for (const action of ['submit', 'fill-zeros'] as const) {
      expect((await call('POST', `/api/returns/${otherReturn}/${action}`, 'instAdmin')).statusCode).toBe(403);
    }
  });

  it('answers 404 for a return that does not exist and 400 for an id that is not one, whoever asks', async () => {
    for (const action of ALL_ACTIONS) {
      expect((await call('POST', `/api/returns/999999/${action}`, 'appAdmin', bodyOf(action))).statusCode).toBe(404);
      const bad = await call('POST', `/api/returns/01/${action}`, 'appAdmin', bodyOf(action));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toHaveProperty('id');
    }
    expect((await call('POST', '/api/returns/999999/submit', 'instAdmin')).statusCode).toBe(404);
    expect((await call('POST', '/api/returns/999999/submit', 'appAdmin')).statusCode).toBe(404);
  });

  it('requires a reason to send back or reopen, under the shared text rule, naming the field', async () => {
    for (const [action, state] of [
      ['send-back', 'submitted'],
      ['reopen', 'approved'],
    ] as const) {
      await setReturnState(ctx.db, ownReturn, state);
      for (const body of [{}, { reason: '   ' }, { reason: 'bad\u0000reason' }, { reason: 'x'.repeat(2001) }, { reason: 7 }]) {
        const res = await call('POST', `/api/returns/${ownReturn}/${action}`, 'appAdmin', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual(['reason']);
      }
      const unknown = await call('POST', `/api/returns/${ownReturn}/${action}`, 'appAdmin', { reason: 'ok', extra: 1 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors).toHaveProperty('extra');
      expect((await storedReturn(ctx.db, ownReturn)).state).toBe(state);
    }
  });

  it('refuses an action sent with a version that is no longer the stored one (409, nothing done)', async () => {
    await setReturnState(ctx.db, ownReturn, 'submitted');
    const { version } = await storedReturn(ctx.db, ownReturn);
    const stale = await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin', { version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'return_version', state: 'submitted' });
    expect(await storedReturn(ctx.db, ownReturn)).toEqual({ state: 'submitted', version });
    const fresh = await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin', { version });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ state: 'approved', version: version + 1 });
    const bad = await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin', { version: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('version');
  });

  it('keeps every transition in the history (who, when, from, to, why) and in the audit', async () => {
    await setReturnState(ctx.db, ownReturn, 'open');
    const steps: [ReturnAction, RoleName, Record<string, string>][] = [
      ['submit', 'instAdmin', {}],
      ['send-back', 'appAdmin', { reason: 'Placements in Fall look doubled' }],
      ['submit', 'instAdmin', {}],
      ['approve', 'appAdmin', {}],
      ['reopen', 'appAdmin', { reason: 'A late correction from the faculty' }],
    ];
    const eventsBefore = (await call('GET', `/api/returns/${ownReturn}`, 'appAdmin')).json().history.length;
    for (const [action, role, body] of steps) {
      expect((await call('POST', `/api/returns/${ownReturn}/${action}`, role, body)).statusCode).toBe(200);
    }
    const shown: TermReturn = (await call('GET', `/api/returns/${ownReturn}`, 'reader')).json();
    const history = shown.history.slice(eventsBefore);
    expect(history.map((e) => [e.action, e.from_state, e.to_state, e.reason, e.user_name])).toEqual([
      ['submit', 'in progress', 'submitted', null, 'matrix-instadmin'],
      ['send-back', 'submitted', 'in progress', 'Placements in Fall look doubled', 'matrix-appadmin'],
      ['submit', 'in progress', 'submitted', null, 'matrix-instadmin'],
      ['approve', 'submitted', 'approved', null, 'matrix-appadmin'],
      ['reopen', 'approved', 'reopened', 'A late correction from the faculty', 'matrix-appadmin'],
    ]);
    expect(history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(shown.first_approved_at).not.toBeNull();
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, ownReturn)));
    expect(audits.slice(-5).map((a) => [a.action, (a.after as { state: string }).state, a.changedBy])).toEqual([
      ['submit', 'submitted', matrix.users.instAdmin],
      ['send-back', 'in progress', matrix.users.appAdmin],
      ['submit', 'submitted', matrix.users.instAdmin],
      ['approve', 'approved', matrix.users.appAdmin],
      ['reopen', 'reopened', matrix.users.appAdmin],
    ]);
  });

  it('sets the first approval once: approving again after a reopening keeps it', async () => {
    await setReturnState(ctx.db, ownReturn, 'submitted');
    await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin');
    const first = (await call('GET', `/api/returns/${ownReturn}`, 'appAdmin')).json().first_approved_at;
    expect(first).not.toBeNull();
    await call('POST', `/api/returns/${ownReturn}/reopen`, 'appAdmin', { reason: 'Correction' });
    await call('POST', `/api/returns/${ownReturn}/submit`, 'appAdmin', ON_BEHALF);
    await call('POST', `/api/returns/${ownReturn}/approve`, 'appAdmin');
    const again = (await call('GET', `/api/returns/${ownReturn}`, 'appAdmin')).json();
    expect(again.state).toBe('approved');
    expect(again.first_approved_at).toBe(first);
  });

  it('writes nothing but the state: no record changes with a transition', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM records WHERE institution_id = ${matrix.institutions.own}`,
        )
      )[0]!.n;
    const before = await count();
    await setReturnState(ctx.db, ownReturn, 'open');
    await call('POST', `/api/returns/${ownReturn}/submit`, 'appAdmin', ON_BEHALF);
    expect(await count()).toBe(before);
  });
  it('lists the expected programs of a return with their records to those who may read it, and to no one else', async () => {
    const listed = await call('GET', `/api/returns/${ownReturn}/programs`, 'reader');
    expect(listed.statusCode, listed.body).toBe(200);
    const rows: { program_id: number; record_id: number | null; record_status: string | null }[] = listed.json();
    expect(rows.map((p) => p.program_id).sort()).toEqual([...ownPrograms].sort());
    expect(rows.every((p) => p.record_id !== null && p.record_status === 'submitted')).toBe(true);
    expect((await call('GET', `/api/returns/${otherReturn}/programs`, 'reader')).statusCode).toBe(403);
    expect((await call('GET', '/api/returns/999999999/programs', 'appAdmin')).statusCode).toBe(404);
  });

  it('gives the whole-term entry screen every expected program with its whole record, to those who may read the return', async () => {
    const expected = READ_OWN_STATUS;
    for (const role of ROLE_NAMES)
      expect((await call('GET', `/api/returns/${ownReturn}/records`, role)).statusCode, role).toBe(expected[role]);
    // Rights on another institution give nothing here.
    for (const role of ['reader', 'writer', 'instAdmin'] as const)
      expect((await call('GET', `/api/returns/${otherReturn}/records`, role)).statusCode, role).toBe(403);
    expect((await call('GET', '/api/returns/999999999/records', 'appAdmin')).statusCode).toBe(404);
    expect((await call('GET', '/api/returns/1e3/records', 'appAdmin')).statusCode).toBe(400);

    const rows: { program_id: number; record: { id: number; version: number; program_id: number } | null }[] = (
      await call('GET', `/api/returns/${ownReturn}/records`, 'writer')
    ).json();
    const programs: { program_id: number; record_id: number | null }[] = (
      await call('GET', `/api/returns/${ownReturn}/programs`, 'writer')
    ).json();
    // The same programs in the same order as the return page, each with the record it names, whole and versioned.
    expect(rows.map((r) => [r.program_id, r.record?.id ?? null])).toEqual(programs.map((p) => [p.program_id, p.record_id]));
    for (const row of rows) {
      const whole = (await call('GET', `/api/records/${row.record!.id}`, 'writer')).json();
      expect(row.record).toEqual(whole);
    }
  });
});
