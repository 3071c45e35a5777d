import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_GUARD_HOURS, type ReminderSummary } from '../../../shared/schemas/returns.ts';
import { auditLog, programs, userPrivileges, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createUser, ROLE_NAMES } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { openApiDocument, operationSchema } from '../../test/openapi.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf } from '../../test/return-factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';

/**
 * Reminder mails (docs/reporting-cycle.md, "Reminder mails") through the API, to a real SMTP server started here:
 * who may send them, who receives them (the envelope, not only the headers), what they say, the guard against
 * sending twice, a mail server that refuses, bad requests, and the route's absence when mail is not configured.
 */

type Call = MatrixCaller['call'];
const URL = '/api/returns/reminders';
const PUBLIC_URL = 'https://wil.example.ca';

describe('reminder mails to the admins of overdue returns', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let call: Call;
  let matrix: MatrixCaller['matrix'];
  let admins: { id: number; email: string }[];
  let ownPrograms: number[];

  /** A new overdue period (due long ago), with its returns; its own return has one of two programs reported. */
  async function overduePeriod() {
    const key = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', { ...key, opens_on: '2020-09-01', due_on: '2021-01-31' });
    expect(created.statusCode, created.body).toBe(200);
    const periodId: number = created.json().id;
    const own = await returnIdOf(ctx.db, matrix.institutions.own, periodId);
    const other = await returnIdOf(ctx.db, matrix.institutions.other, periodId);
    return { key, periodId, own, other };
  }

  const remind = (body: object, role: (typeof ROLE_NAMES)[number] = 'appAdmin') => call('POST', URL, role, body);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'wil-noreply@example.ca', PUBLIC_URL });
    ({ call, matrix } = await createMatrixCaller(ctx));
    const { own } = matrix.institutions;
    // Two programs on the list long before the overdue periods' due date, so each of their returns expects them.
    ownPrograms = [await createProgram(ctx.db, own), await createProgram(ctx.db, own)];
    for (const id of ownPrograms) {
      await ctx.db
        .update(programs)
        .set({ createdAt: new Date('2019-01-01T00:00:00Z') })
        .where(eq(programs.id, id));
    }
    // A second admin of the own institution whose name tries to add a header; an inactive admin and one whose address
    // tries to add a recipient, who are both left out.
    const second = await createUser(ctx.db, {
      username: 'second-admin',
      prefName: 'Ann\r\nBcc: thief@evil.example',
      privileges: { admin: [own] },
    });
    await createUser(ctx.db, { username: 'gone-admin', active: false, privileges: { admin: [own] } });
    const sneaky = await createUser(ctx.db, { username: 'sneaky-admin', privileges: { admin: [own] } });
    await ctx.db.update(users).set({ email: 'sneaky@example.ca\r\nBcc: thief@evil.example' }).where(eq(users.id, sneaky));
    admins = [
      { id: matrix.users.instAdmin, email: 'matrix-instadmin@example.ca' },
      { id: second, email: 'second-admin@example.ca' },
    ];
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseRecipients = false;
  });

  it('tells the page that reminders are on, and documents the route in OpenAPI', async () => {
    expect(ctx.config.site.reminders).toBe(true);
    const body = operationSchema(await openApiDocument(ctx.app), URL, 'post', 'body');
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(['dry_run', 'fiscal_year', 'return_ids', 'term']);
    expect(Object.keys(operationSchema(await openApiDocument(ctx.app), URL, 'post', 'ok').properties ?? {}).sort()).toEqual([
      'dry_run',
      'recipients',
      'returns',
      'sent',
      'skipped',
    ]);
  });

  it('is refused to everyone but app admins (401 signed out, 403 others), before the body is read; nothing is sent', async () => {
    const { key } = await overduePeriod();
    for (const role of ROLE_NAMES.filter((r) => r !== 'appAdmin')) {
      const res = await remind({ fiscal_year: key.fiscal_year }, role);
      expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 403);
      expect((await remind({ nonsense: true }, role)).statusCode, role).toBe(role === 'signedOut' ? 401 : 403);
    }
    expect(smtp.received).toEqual([]);
  });

  it('in a dry run, names who would be mailed and what is left out, and sends and audits nothing', async () => {
    const { key, own, other } = await overduePeriod();
    const res = await remind({ fiscal_year: key.fiscal_year, term: 'Fall', dry_run: true });
    expect(res.statusCode, res.body).toBe(200);
    const summary: ReminderSummary = res.json();
    expect(summary).toMatchObject({ dry_run: true, sent: 0, recipients: 2 });
    expect(summary.returns.map((r) => [r.return_id, r.recipients.map((p) => p.email).sort()])).toEqual([
      [own, admins.map((a) => a.email).sort()],
    ]);
    expect(summary.skipped).toEqual([expect.objectContaining({ return_id: other, reason: 'no-admin', last_reminded_at: null })]);
    expect(smtp.received).toEqual([]);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, own)));
    expect(audited.filter((a) => a.action.startsWith('remind'))).toEqual([]);
  });

  it('mails the institution’s active admins with a plain address once per return: period, due date, state, counts, link', async () => {
    const { key, own, other } = await overduePeriod();
    const res = await remind({ fiscal_year: key.fiscal_year });
    expect(res.statusCode, res.body).toBe(200);
    const summary: ReminderSummary = res.json();
    expect(summary).toMatchObject({ dry_run: false, sent: 1, recipients: 2 });
    expect(summary.returns.map((r) => r.return_id)).toEqual([own]);
    expect(summary.skipped.map((s) => [s.return_id, s.reason])).toEqual([[other, 'no-admin']]);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    // The envelope is where a mail really goes: exactly the two admins, nobody from a name or an address.
    expect(mail!.rcptTo.sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mail!.mailFrom).toBe('wil-noreply@example.ca');
    expect(mail!.headers.get('from')).toEqual(['wil-noreply@example.ca']);
    expect(mail!.headers.get('subject')).toEqual([`Reminder: the Fall ${key.fiscal_year} term return is overdue`]);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.raw).not.toMatch(/thief@evil/);
    const to = mail!.headers.get('to')!.join(' ');
    expect(to).toContain('matrix-instadmin@example.ca');
    expect(to).toContain('<second-admin@example.ca>');
    expect(mail!.headers.get('content-type')?.[0]).toMatch(/^text\/plain/);
    expect(mail!.headers.get('auto-submitted')).toEqual(['auto-generated']);

    const institution = (await call('GET', `/api/returns/${own}`, 'appAdmin')).json().institution_name as string;
    expect(mail!.text).toContain(
      `The Fall ${key.fiscal_year} term return of ${institution} was due on 31 January 2021 and is overdue.`,
    );
    expect(mail!.text).toContain('State: not started (no record of the term yet)');
    expect(mail!.text).toContain('Programs reported: 0 of 2 expected (0 submitted)');
    expect(mail!.text).toContain(`${PUBLIC_URL}/returns/${own}\n`);

    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, own), eq(auditLog.action, 'remind')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ changedBy: matrix.users.appAdmin });
    expect((audited[0]!.after as { recipients: number[] }).recipients.sort()).toEqual(admins.map((a) => a.id).sort());
  });

  it('counts what the institution reported and says the state it is in', async () => {
    const { periodId, own } = await overduePeriod();
    const period = (await call('GET', '/api/periods', 'appAdmin')).json().find((p: { id: number }) => p.id === periodId);
    const programId = ownPrograms[0]!;
    await insertRecord(ctx.db, {
      institutionId: matrix.institutions.own,
      programId,
      fiscalYear: period.fiscal_year,
      term: period.term,
    });
    const res = await remind({ return_ids: [own] });
    expect(res.json()).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.text).toContain('State: in progress, not signed off');
    expect(smtp.received[0]!.text).toContain('Programs reported: 1 of 2 expected (1 submitted)');
  });

  it(`reminds a return at most once in ${REMINDER_GUARD_HOURS} hours: a second request skips it, naming when`, async () => {
    const { key, own } = await overduePeriod();
    expect((await remind({ fiscal_year: key.fiscal_year })).json()).toMatchObject({ sent: 1 });
    const again = await remind({ return_ids: [own] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ sent: 0, recipients: 0, returns: [] });
    expect(again.json().skipped).toEqual([
      expect.objectContaining({ return_id: own, reason: 'reminded-recently', last_reminded_at: expect.any(String) }),
    ]);
    expect(smtp.received).toHaveLength(1);

    // Older than the guard, it may be sent again.
    await ctx.db
      .update(auditLog)
      .set({ changedAt: new Date(Date.now() - (REMINDER_GUARD_HOURS + 1) * 3_600_000) })
      .where(and(eq(auditLog.entityId, own), eq(auditLog.action, 'remind')));
    expect((await remind({ return_ids: [own] })).json()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(2);
  });

  it('sends once when six requests come at the same moment (the claim is taken under one lock)', async () => {
    const { key, own } = await overduePeriod();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => remind(n % 2 ? { return_ids: [own] } : { fiscal_year: key.fiscal_year })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => (a.json() as ReminderSummary).sent).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect(smtp.received).toHaveLength(1);
  });

  it('says which returns the mail server refused, audits it, and lets them be sent again', async () => {
    const { own } = await overduePeriod();
    smtp.refuseRecipients = true;
    const refused = await remind({ return_ids: [own] });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      sent: 0,
      returns: [],
      skipped: [expect.objectContaining({ return_id: own, reason: 'send-failed' })],
    });
    const failed = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, own), eq(auditLog.action, 'remind-failed')));
    expect(failed).toHaveLength(1);

    smtp.refuseRecipients = false;
    expect((await remind({ return_ids: [own] })).json()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('leaves out returns that are not overdue, and institutions whose admins all went', async () => {
    const future = freshPeriodKey();
    const created = await call('PUT', '/api/periods', 'appAdmin', { ...future, opens_on: '2200-09-01', due_on: '2201-01-31' });
    const notDue = await returnIdOf(ctx.db, matrix.institutions.own, created.json().id);
    const res = await remind({ return_ids: [notDue] });
    expect(res.json()).toMatchObject({
      sent: 0,
      skipped: [expect.objectContaining({ return_id: notDue, reason: 'not-overdue' })],
    });
    // A fiscal year asked for as a whole reminds its overdue returns only, and does not list the others.
    expect((await remind({ fiscal_year: future.fiscal_year })).json()).toMatchObject({ sent: 0, returns: [], skipped: [] });
    expect(smtp.received).toEqual([]);

    const { own } = await overduePeriod();
    await ctx.db
      .delete(userPrivileges)
      .where(and(eq(userPrivileges.institutionId, matrix.institutions.own), eq(userPrivileges.level, 'admin')));
    try {
      expect((await remind({ return_ids: [own] })).json().skipped).toEqual([
        expect.objectContaining({ return_id: own, reason: 'no-admin' }),
      ]);
    } finally {
      await ctx.db
        .insert(userPrivileges)
        .values(admins.map((a) => ({ userId: a.id, institutionId: matrix.institutions.own, level: 'admin' })));
    }
  });

  it.each([
    [{}, 'fiscal_year'],
    [{ term: 'Fall' }, 'fiscal_year'],
    [{ fiscal_year: '2025' }, 'fiscal_year'],
    [{ fiscal_year: '2025/27' }, 'fiscal_year'],
    [{ fiscal_year: '2025/26', term: 'Winter' }, 'term'],
    [{ fiscal_year: '2025/26', return_ids: [1] }, 'return_ids'],
    [{ return_ids: [] }, 'return_ids'],
    [{ return_ids: 'all' }, 'return_ids'],
    [{ return_ids: [0] }, 'return_ids.0'],
    [{ return_ids: [1.5] }, 'return_ids.0'],
    [{ return_ids: Array.from({ length: 501 }, (_, n) => n + 1) }, 'return_ids'],
    [{ return_ids: [2_000_000_000] }, 'return_ids'],
    [{ fiscal_year: '2025/26', dry_run: 'yes' }, 'dry_run'],
    [{ fiscal_year: '2025/26', to: 'thief@evil.example' }, 'to'],
  ])('answers %j with a 400 naming %s, sending nothing', async (body, field) => {
    const res = await remind(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    expect(smtp.received).toEqual([]);
  });
});

describe('reminder mails when mail is not configured', () => {
  let ctx: TestContext;
  let call: Call;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call } = await createMatrixCaller(ctx));
  });
  afterAll(() => ctx.close());

  it('has no route (404 even for app admins) and tells the page reminders are off', async () => {
    expect(ctx.config.site.reminders).toBe(false);
    expect(ctx.app.apiRoutes.some((r) => r.url === URL)).toBe(false);
    const res = await call('POST', URL, 'appAdmin', { fiscal_year: '2025/26' });
    expect(res.statusCode).toBe(404);
  });
});
