import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORED_RETURN_STATES } from '../../../shared/reporting-cycle.ts';
import { READY_GUARD_MINUTES } from '../../../shared/schemas/contacts.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser, ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { insertPeriodWithReturns, setReturnState } from '../../test/return-factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';

/**
 * Who signs off a term return, and "Ready for sign-off" (issue 29) through the API, with a real SMTP server: who may
 * see the people and who may tell them, in which states, what the mail says and to whom it really goes (the
 * envelope), the history entry, the guard against repeats, a mail server that refuses, and the route's absence
 * without mail settings.
 */

type Call = MatrixCaller['call'];
const PUBLIC_URL = 'https://wil.example.ca';
const ready = (id: number) => `/api/returns/${id}/ready-for-sign-off`;
const people = (id: number) => `/api/returns/${id}/sign-off-people`;

/** Who may tell the sign-off people of the own institution's return: its writers and admins, and app admins. */
const MAY_TELL: readonly RoleName[] = ['writer', 'instAdmin', 'appAdmin'];

describe('who signs off a return, and ready for sign-off', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let call: Call;
  let matrix: MatrixCaller['matrix'];

  /** A fresh return of each of the two institutions, so the guard of one test does not reach the next. */
  const freshReturns = async () => {
    const { returnIds } = await insertPeriodWithReturns(ctx.db, [matrix.institutions.own, matrix.institutions.other]);
    return { own: returnIds[0]!, other: returnIds[1]! };
  };
  const historyOf = async (id: number, role: RoleName = 'appAdmin'): Promise<TermReturn['history']> =>
    (await call('GET', `/api/returns/${id}`, role)).json().history;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'wil-noreply@example.ca', PUBLIC_URL });
    ({ call, matrix } = await createMatrixCaller(ctx));
    const { own } = matrix.institutions;
    // A second admin of the own institution, named first in name order; an inactive one and one whose address is not
    // plain, who are both left out.
    await createUser(ctx.db, { username: 'a-second-admin', prefName: 'Ada Second', privileges: { admin: [own] } });
    await createUser(ctx.db, { username: 'gone-admin', active: false, privileges: { admin: [own] } });
    const sneaky = await createUser(ctx.db, { username: 'sneaky-admin', privileges: { admin: [own] } });
    await ctx.db.update(users).set({ email: 'sneaky@example.ca\r\nBcc: thief@evil.example' }).where(eq(users.id, sneaky));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseRecipients = false;
  });

  it('names the institution’s active admins with a plain address, to anyone who may read the return', async () => {
    const { own } = await freshReturns();
    for (const role of ['reader', 'writer', 'instAdmin', 'globalReader', 'appAdmin'] as const) {
      const res = await call('GET', people(own), role);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({
        kind: 'institution-admins',
        institution_name: expect.any(String),
        people: [
          { name: 'Ada Second', email: 'a-second-admin@example.ca' },
          { name: 'matrix-instadmin', email: 'matrix-instadmin@example.ca' },
        ],
        last_ready_at: null,
      });
    }
    expect((await call('GET', people(own), 'userOnly')).statusCode).toBe(403);
    expect((await call('GET', people(own), 'signedOut')).statusCode).toBe(401);
    expect((await call('GET', people(999999), 'appAdmin')).statusCode).toBe(404);
  });

  it('names a few app admins where the institution has no admin', async () => {
    const lonely = await createInstitution(ctx.db);
    const { returnIds } = await insertPeriodWithReturns(ctx.db, [lonely]);
    for (let n = 0; n < 4; n++) await createUser(ctx.db, { username: `z-extra-app-admin-${n}`, privileges: { glblAdmin: true } });
    const res = await call('GET', people(returnIds[0]!), 'appAdmin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('app-admins');
    expect(body.institution_name).toBeNull();
    expect(body.people).toHaveLength(3);
    expect(body.people[0]).toEqual({ name: 'matrix-appadmin', email: 'matrix-appadmin@example.ca' });
  });

  it('answers every caller × stored state as the rules say, and mails only when it answers 200', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const role of ROLE_NAMES) {
      for (const state of STORED_RETURN_STATES) {
        const { own } = await freshReturns();
        await setReturnState(ctx.db, own, state);
        smtp.received.length = 0;
        const res = await call('POST', ready(own), role);
        let want: string;
        if (role === 'signedOut') want = '401';
        else if (!MAY_TELL.includes(role)) want = '403';
        else if (state === 'submitted' || state === 'approved') want = `409 return_state ${state}`;
        else want = '200';
        const got = res.statusCode === 409 ? `409 ${res.json().code} ${res.json().state}` : `${res.statusCode}`;
        actual.push(`${role} from ${state} → ${got} (${smtp.received.length} mail)`);
        expected.push(`${role} from ${state} → ${want} (${want === '200' ? 1 : 0} mail)`);
      }
    }
    expect(actual).toEqual(expected);
  });

  it('refuses the return of another institution to its writers and admins, before reading the body', async () => {
    const { other } = await freshReturns();
    for (const role of ['writer', 'instAdmin'] as const) {
      expect((await call('POST', ready(other), role, { x: 1 })).statusCode).toBe(403);
    }
    expect((await call('POST', ready(other), 'appAdmin', { x: 1 })).statusCode).toBe(400);
    expect((await call('POST', ready(999999), 'writer')).statusCode).toBe(404);
    expect((await call('POST', '/api/returns/01/ready-for-sign-off', 'writer')).statusCode).toBe(400);
  });

  it('mails the sign-off people once, keeps it in the history, and says who was told', async () => {
    const { own } = await freshReturns();
    const res = await call('POST', ready(own), 'writer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().told).toEqual([
      { name: 'Ada Second', email: 'a-second-admin@example.ca' },
      { name: 'matrix-instadmin', email: 'matrix-instadmin@example.ca' },
    ]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    // The envelope: exactly the two active admins with plain addresses, nobody smuggled in by a name or address.
    expect([...mail!.rcptTo].sort()).toEqual(['a-second-admin@example.ca', 'matrix-instadmin@example.ca']);
    expect(mail!.headers.get('subject')).toEqual([
      expect.stringMatching(/^Ready for sign-off: the Fall \d{4}\/\d{2} term return$/),
    ]);
    expect(mail!.text).toContain('matrix-writer says the Fall');
    expect(mail!.text).toContain(`${PUBLIC_URL}/returns/${own}\n`);

    const history = await historyOf(own, 'reader');
    expect(history.map((e) => [e.action, e.from_state, e.to_state, e.reason, e.user_name])).toEqual([
      ['ready-for-sign-off', 'not started', 'not started', 'Told Ada Second, matrix-instadmin', 'matrix-writer'],
    ]);
    expect(res.json().return.history).toEqual(history);
    const shown = (await call('GET', people(own), 'reader')).json();
    expect(shown.last_ready_at).toBe(history[0]!.at);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, own), eq(auditLog.action, 'ready-for-sign-off')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changedBy).toBe(matrix.users.writer);
  });

  it(`refuses a repeat within ${READY_GUARD_MINUTES} minutes (whoever asks), then allows it again`, async () => {
    const { own } = await freshReturns();
    // Two at once, from two people: one mail (the guard is checked under a lock), the other is refused.
    const first = await Promise.all([call('POST', ready(own), 'writer'), call('POST', ready(own), 'appAdmin')]);
    expect(first.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Two more, from both: neither sends a mail. Each names the first telling's time on B.C.'s clock (worked out here
    // by hand: UTC-7 all year since March 2026, called PT), not the server's or the database's zone.
    const [told] = await historyOf(own);
    const bc = new Date(new Date(told!.at).getTime() - 7 * 3_600_000);
    const hour = bc.getUTCHours() % 12 || 12;
    const toldAt = `${hour}:${String(bc.getUTCMinutes()).padStart(2, '0')} ${bc.getUTCHours() < 12 ? 'a.m.' : 'p.m.'} PT`;
    const again = await Promise.all([call('POST', ready(own), 'writer'), call('POST', ready(own), 'appAdmin')]);
    for (const res of again) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ready_recently');
      expect(res.json().message).toBe(
        `The people who sign off this return were told it is ready at ${toldAt}. They can be told again 60 minutes after that.`,
      );
    }
    expect(smtp.received).toHaveLength(1);
    expect(await historyOf(own)).toHaveLength(1);
    // The last one, an hour and a minute ago: allowed again.
    await ctx.db.execute(
      sql`UPDATE return_events SET at = now() - make_interval(mins => ${READY_GUARD_MINUTES + 1}) WHERE return_id = ${own}`,
    );
    expect((await call('POST', ready(own), 'writer')).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(2);
    expect(await historyOf(own)).toHaveLength(2);
  });

  it('does not tell the sender, and refuses when nobody else may sign off', async () => {
    const { own } = await freshReturns();
    const res = await call('POST', ready(own), 'instAdmin');
    expect(res.statusCode).toBe(200);
    expect(smtp.received[0]!.rcptTo).toEqual(['a-second-admin@example.ca']);

    // An institution whose only admin is the sender.
    const solo = await createInstitution(ctx.db);
    const soloAdmin = await createUser(ctx.db, { username: 'solo-admin', privileges: { admin: [solo] } });
    const { returnIds } = await insertPeriodWithReturns(ctx.db, [solo]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: ready(returnIds[0]!),
      headers: { cookie: await ctx.cookieFor(soloAdmin) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'no_sign_off_people' });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps nothing in the history when the mail server refuses, audits the failure, and can be tried again', async () => {
    const { own } = await freshReturns();
    smtp.refuseRecipients = true;
    const res = await call('POST', ready(own), 'writer');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The mail server did not take the mail, so nobody was told. Try again in a few minutes.');
    expect(await historyOf(own)).toEqual([]);
    const failed = await queryRows<{ action: string }>(
      ctx.db,
      sql`SELECT action FROM audit_log WHERE entity_type = 'return' AND entity_id = ${own} ORDER BY id`,
    );
    expect(failed.map((r) => r.action)).toEqual(['ready-for-sign-off', 'ready-for-sign-off-failed']);
    smtp.refuseRecipients = false;
    expect((await call('POST', ready(own), 'writer')).statusCode).toBe(200);
    expect(await historyOf(own)).toHaveLength(1);
  });

  it('refuses a body with anything in it', async () => {
    const { own } = await freshReturns();
    const res = await call('POST', ready(own), 'writer', { message: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(smtp.received).toEqual([]);
    expect((await call('POST', ready(own), 'writer', {})).statusCode).toBe(200);
  });
});

describe('ready for sign-off without mail settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('does not exist, while who signs off is still shown', async () => {
    const { call, matrix } = await createMatrixCaller(ctx);
    const { returnIds } = await insertPeriodWithReturns(ctx.db, [matrix.institutions.own]);
    expect((await call('POST', ready(returnIds[0]!), 'writer')).statusCode).toBe(404);
    expect((await call('GET', people(returnIds[0]!), 'writer')).statusCode).toBe(200);
  });
});
