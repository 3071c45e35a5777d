import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateRecord } from '../../../shared/record-rules.ts';
import { ReturnEventSchema, TermReturnSchema, type Period, type TermReturn } from '../../../shared/schemas/returns.ts';
import { defaultPeriodDates } from '../../../shared/term-calendar.ts';
import { BC_TODAY, bcInstant } from '../../db/bc-time-sql.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { openApiDocument, operationSchema, readOnlyProperties } from '../../test/openapi.ts';
import { createInstitution } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { freshPeriodKey, returnIdOf, setReturnState } from '../../test/return-factories.ts';
import { zeroRecordValues } from './return-transitions.ts';

/**
 * Reporting periods and what a return is made of: default dates, the rows every institution gets, the state shown
 * (not started / in progress), the counts of expected, reported and submitted programs, overdue, completeness before
 * sign-off and the zero fill (docs/reporting-cycle.md).
 */

type Call = MatrixCaller['call'];
type Matrix = MatrixCaller['matrix'];

describe('reporting periods and term returns', () => {
  let ctx: TestContext;
  let call: Call;
  let matrix: Matrix;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
  }, 120_000);
  afterAll(() => ctx?.close());

  const createPeriod = async (body: Record<string, unknown>) => {
    const res = await call('PUT', '/api/periods', 'appAdmin', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const periodOf = async (id: number): Promise<Period> =>
    (await call('GET', '/api/periods', 'userOnly')).json().find((p: Period) => p.id === id);
  const returnOf = async (id: number): Promise<TermReturn> => (await call('GET', `/api/returns/${id}`, 'appAdmin')).json();

  describe('periods', () => {
    it('dates a period by the term calendar when none are given, and keeps the dates given', async () => {
      const fall = freshPeriodKey('Fall');
      const id = await createPeriod(fall);
      const start = Number(fall.fiscal_year.slice(0, 4));
      expect(await periodOf(id)).toEqual({ id, ...fall, opens_on: `${start}-09-01`, due_on: `${start + 1}-01-31`, version: 1 });
      expect(defaultPeriodDates('2025/26', 'Summer')).toEqual({ opens_on: '2025-05-01', due_on: '2025-09-30' });
      expect(defaultPeriodDates('2025/26', 'Spring')).toEqual({ opens_on: '2026-01-01', due_on: '2026-05-31' });
      const spring = freshPeriodKey('Spring');
      // Relative to the fresh year: the files of one worker share its counter, which passes any fixed year in time.
      const springEnd = Number(spring.fiscal_year.slice(0, 4)) + 1;
      const given = await createPeriod({ ...spring, due_on: `${springEnd}-06-15` });
      expect(await periodOf(given)).toMatchObject({ opens_on: `${springEnd}-01-01`, due_on: `${springEnd}-06-15` });
    });

    it('refuses bad input with 400 naming the field, and a second period of a term with 409 naming the first', async () => {
      const key = freshPeriodKey();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...key, fiscal_year: '2025-26' }, 'fiscal_year'],
        [{ ...key, fiscal_year: '2025/27' }, 'fiscal_year'],
        [{ ...key, term: 'Winter' }, 'term'],
        [{ fiscal_year: key.fiscal_year }, 'term'],
        [{ ...key, opens_on: '2025-02-30' }, 'opens_on'],
        // Year 0 is no date in PostgreSQL, and Spring 9999/00 would fall in the year 10000 (both were a 500 or worse):
        // a period's dates fall in the years 1900 to 2999.
        [{ ...key, opens_on: '0000-01-01' }, 'opens_on'],
        [{ ...key, opens_on: '1899-12-31' }, 'opens_on'],
        [{ ...key, due_on: '3000-01-01' }, 'due_on'],
        [{ fiscal_year: '0000/01', term: 'Summer' }, 'fiscal_year'],
        [{ fiscal_year: '9999/00', term: 'Spring' }, 'fiscal_year'],
        [{ fiscal_year: '9999/00', term: 'Fall' }, 'fiscal_year'],
        [{ fiscal_year: '2999/00', term: 'Fall' }, 'fiscal_year'],
        [{ ...key, due_on: 'soon' }, 'due_on'],
        [{ ...key, opens_on: '2030-05-02', due_on: '2030-05-01' }, 'due_on'],
        [{ ...key, id: 4 }, 'id'],
      ];
      for (const [body, field] of cases) {
        const res = await call('PUT', '/api/periods', 'appAdmin', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors), JSON.stringify(body)).toEqual([field]);
      }
      const id = await createPeriod(key);
      const again = await call('PUT', '/api/periods', 'appAdmin', key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ existingId: id });
      expect(again.json().message).toContain(`${key.term} ${key.fiscal_year} is already a reporting period`);
    });

    it('changes a period’s dates (audited), never its fiscal year or term', async () => {
      const key = freshPeriodKey();
      const id = await createPeriod(key);
      const period = await periodOf(id);
      const changed = await call('PATCH', `/api/periods/${id}`, 'appAdmin', { ...period, due_on: '2299-02-15' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ ...period, due_on: '2299-02-15', version: period.version + 1 });
      for (const [body, field] of [
        [{ term: 'Spring' }, 'term'],
        [{ fiscal_year: '1999/00' }, 'fiscal_year'],
        [{ due_on: '1999-01-01' }, 'due_on'],
        [{ opens_on: '2300-01-01' }, 'opens_on'],
        [{ opens_on: '0000-01-01' }, 'opens_on'],
        [{ id: id + 1 }, 'id'],
        [{ colour: 'red' }, 'colour'],
        [{ version: '2' }, 'version'],
        [{ version: 0 }, 'version'],
        [{ version: 1.5 }, 'version'],
      ] as const) {
        const res = await call('PATCH', `/api/periods/${id}`, 'appAdmin', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
      }
      expect((await call('PATCH', '/api/periods/999999', 'appAdmin', { due_on: '2299-01-01' })).statusCode).toBe(404);
      const audits = await queryRows<{ action: string }>(
        ctx.db,
        sql`SELECT action FROM audit_log WHERE entity_type = 'period' AND entity_id = ${id} ORDER BY id`,
      );
      expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    });

    it('refuses a change made from dates read before another change, and changes nothing', async () => {
      const id = await createPeriod(freshPeriodKey());
      const read = await periodOf(id);
      const first = await call('PATCH', `/api/periods/${id}`, 'appAdmin', { ...read, due_on: '2299-03-15' });
      expect(first.statusCode, first.body).toBe(200);
      const now = first.json();
      // A second admin's dialog, opened before the first change, moves the opening day and sends the old due date.
      const stale = await call('PATCH', `/api/periods/${id}`, 'appAdmin', { ...read, opens_on: '2298-12-01' });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'period_version', current: now });
      expect(stale.json().message).toContain('were changed since you read them, so nothing was saved');
      expect(await periodOf(id)).toEqual(now);
      // Without a version (an API client that never read it) the change is taken as before.
      const blind = await call('PATCH', `/api/periods/${id}`, 'appAdmin', { opens_on: '2298-12-01' });
      expect(blind.statusCode, blind.body).toBe(200);
      expect(blind.json()).toMatchObject({ opens_on: '2298-12-01', due_on: '2299-03-15', version: now.version + 1 });
    });
  });

  it('describes the reporting cycle in the OpenAPI document', async () => {
    const doc = await openApiDocument(ctx.app);
    for (const [path, methods] of Object.entries({
      '/api/periods': ['get', 'put'],
      '/api/periods/{id}': ['patch'],
      '/api/returns': ['get'],
      '/api/returns/{id}': ['get'],
      '/api/returns/{id}/records': ['get'],
      '/api/returns/{id}/template': ['get'],
      '/api/returns/{id}/figures': ['get'],
      '/api/returns/{id}/submit': ['post'],
      '/api/returns/{id}/fill-zeros': ['post'],
      '/api/returns/{id}/send-back': ['post'],
      '/api/returns/{id}/approve': ['post'],
      '/api/returns/{id}/reopen': ['post'],
      '/api/returns/approve': ['post'],
      '/api/returns/approval-flags': ['get'],
    })) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods.sort());
    }
    expect(Object.keys(operationSchema(doc, '/api/periods', 'put', 'body').properties ?? {}).sort()).toEqual([
      'due_on',
      'fiscal_year',
      'opens_on',
      'term',
    ]);
    expect(readOnlyProperties(operationSchema(doc, '/api/periods/{id}', 'patch', 'body'))).toEqual(['fiscal_year', 'id', 'term']);
    expect(Object.keys(operationSchema(doc, '/api/returns/{id}/reopen', 'post', 'body').properties ?? {}).sort()).toEqual([
      'due_again_on',
      'reason',
      'version',
    ]);
    for (const action of ['submit', 'fill-zeros']) {
      const body = operationSchema(doc, `/api/returns/{id}/${action}`, 'post', 'body');
      expect(Object.keys(body.properties ?? {}).sort(), action).toEqual(['reason', 'version']);
    }
    expect(doc.paths['/api/returns/{id}/submit']!.post!.responses).toHaveProperty('409');
    const bulk = operationSchema(doc, '/api/returns/approve', 'post', 'body');
    expect(Object.keys(bulk.properties ?? {})).toEqual(['returns']);
    expect((bulk as { additionalProperties?: unknown }).additionalProperties).toBe(false);
  });

  describe('how returns come to exist', () => {
    it('gives a new period a return for every active institution, none for an inactive one', async () => {
      const inactive = await createInstitution(ctx.db, { activeInd: false });
      const id = await createPeriod(freshPeriodKey());
      const rows = await queryRows<{ institution_id: number }>(
        ctx.db,
        sql`SELECT institution_id FROM term_returns WHERE period_id = ${id}`,
      );
      const active = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM institutions WHERE active_ind ORDER BY id`);
      expect(rows.map((r) => r.institution_id).sort((a, b) => a - b)).toEqual(active.map((a) => a.id));
      expect(rows.map((r) => r.institution_id)).not.toContain(inactive);
    });

    it('gives a new or reactivated institution a return for every period not yet past due, and none for past ones', async () => {
      const past = await createPeriod({ ...freshPeriodKey(), opens_on: '2020-01-01', due_on: '2020-02-01' });
      const coming = await createPeriod(freshPeriodKey());
      const body = {
        name: 'Cycle College',
        short_name: 'CYC',
        name_code: 'CYC',
        institution_type: 'College',
        region: 'Kootenay',
      };
      const created = await call('PUT', '/api/institutions', 'appAdmin', body);
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().id;
      const periodsOf = async (institutionId: number) =>
        (
          await queryRows<{ period_id: number }>(
            ctx.db,
            sql`SELECT period_id FROM term_returns WHERE institution_id = ${institutionId}`,
          )
        ).map((r) => r.period_id);
      expect(await periodsOf(id)).toContain(coming);
      expect(await periodsOf(id)).not.toContain(past);

      const sleeping = await createInstitution(ctx.db, { activeInd: false });
      expect(await periodsOf(sleeping)).toEqual([]);
      const woken = await call('PATCH', `/api/institutions/${sleeping}`, 'appAdmin', { active_ind: true });
      expect(woken.statusCode, woken.body).toBe(200);
      expect(await periodsOf(sleeping)).toContain(coming);
      expect(await periodsOf(sleeping)).not.toContain(past);
    });
  });

  describe('what a return shows', () => {
    it('counts expected, reported and submitted programs, and shows not started, then in progress', async () => {
      const inst = await createInstitution(ctx.db);
      const [a, b] = [await createProgram(ctx.db, inst), await createProgram(ctx.db, inst)];
      await createProgram(ctx.db, inst); // expected, never reports here
      await createProgram(ctx.db, inst, { activeInd: false }); // deactivated without a record: not expected
      const goneWithRecord = await createProgram(ctx.db, inst, { activeInd: false });
      const late = await createProgram(ctx.db, inst);
      const key = freshPeriodKey();
      const periodId = await createPeriod(key);
      // A program added after the period's due date was not expected to report it.
      const { due_on } = await periodOf(periodId);
      await ctx.db.execute(
        sql`UPDATE programs SET created_at = ${bcInstant(sql`(${due_on}::date + 1)::timestamp`)} WHERE id = ${late}`,
      );
      const id = await returnIdOf(ctx.db, inst, periodId);
      expect(await returnOf(id)).toMatchObject({ state: 'not started', expected: 3, reported: 0, submitted: 0, overdue: false });

      const at = { fiscalYear: key.fiscal_year, term: key.term };
      await insertRecord(ctx.db, { institutionId: inst, programId: a, ...at, status: 'draft' });
      expect(await returnOf(id)).toMatchObject({ state: 'in progress', expected: 3, reported: 1, submitted: 0 });
      await insertRecord(ctx.db, { institutionId: inst, programId: b, ...at });
      // A deactivated program is expected only when it has a record of the period.
      await insertRecord(ctx.db, { institutionId: inst, programId: goneWithRecord, ...at });
      expect(await returnOf(id)).toMatchObject({ state: 'in progress', expected: 4, reported: 3, submitted: 2 });
      // A program added after the due date may still report, and then it counts.
      await insertRecord(ctx.db, { institutionId: inst, programId: late, ...at });
      const counts = { expected: 5, reported: 4, submitted: 3 };
      expect(await returnOf(id)).toMatchObject(counts);
      // The list counts as the single return does.
      const listed = await call('GET', `/api/returns?institutionIds=${inst}`, 'appAdmin');
      expect(listed.json().find((r: { id: number }) => r.id === id)).toMatchObject(counts);
      // The list is sent as built (no serializer strips it): exactly the schema's fields, every one of them.
      const exact = TermReturnSchema.extend({ history: z.array(ReturnEventSchema.strict()) }).strict();
      expect(z.array(exact).safeParse(listed.json()).error?.issues ?? []).toEqual([]);
    });

    it('is overdue after its due date (a B.C. day) until it is submitted', async () => {
      const inst = await createInstitution(ctx.db);
      const periodId = await createPeriod({ ...freshPeriodKey(), opens_on: '2000-01-01', due_on: '2000-02-01' });
      const id = await returnIdOf(ctx.db, inst, periodId);
      expect(await returnOf(id)).toMatchObject({ state: 'not started', expected: 0, overdue: true, due_on: '2000-02-01' });
      const submitted = await call('POST', `/api/returns/${id}/submit`, 'appAdmin', { reason: 'Nothing to report' });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json()).toMatchObject({ state: 'submitted', overdue: false });
    });
  });

  describe('listing returns', () => {
    let periodId: number;
    let key: { fiscal_year: string; term: 'Fall' };

    beforeAll(async () => {
      key = freshPeriodKey('Fall');
      periodId = await createPeriod(key);
    });

    const listed = async (role: Parameters<Call>[2], query = `fiscalYear=${key.fiscal_year}`) => {
      const res = await call('GET', `/api/returns?${query}`, role);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TermReturn[]).map((r) => r.institution_id);
    };

    it('lists the returns of the institutions each caller may read: every one for app admins and global readers', async () => {
      const { own, other } = matrix.institutions;
      const everyone = (
        await queryRows<{ id: number }>(ctx.db, sql`SELECT institution_id AS id FROM term_returns WHERE period_id = ${periodId}`)
      ).map((r) => r.id);
      for (const role of ['reader', 'writer', 'instAdmin'] as const) expect(await listed(role)).toEqual([own]);
      expect(await listed('userOnly')).toEqual([]);
      expect((await listed('globalReader')).sort()).toEqual(everyone.sort());
      expect((await listed('appAdmin')).sort()).toEqual(everyone.sort());
      // Asking for an institution one may not read gives nothing of it, not an error.
      expect(await listed('reader', `fiscalYear=${key.fiscal_year}&institutionIds=${own},${other}`)).toEqual([own]);
      expect(await listed('appAdmin', `fiscalYear=${key.fiscal_year}&term=Fall&institutionIds=${other}`)).toEqual([other]);
      expect(await listed('appAdmin', `fiscalYear=${key.fiscal_year}&term=Spring`)).toEqual([]);
      expect((await call('GET', '/api/returns', 'signedOut')).statusCode).toBe(401);
    });

    it('keeps with open=true the returns of periods that have opened (a B.C. day) and are not all approved, judged over what the caller may read', async () => {
      const { own, other } = matrix.institutions;
      const [days] = await queryRows<{ today: string; tomorrow: string }>(
        ctx.db,
        sql`SELECT to_char(${BC_TODAY}, 'YYYY-MM-DD') AS today, to_char(${BC_TODAY} + 1, 'YYYY-MM-DD') AS tomorrow`,
      );
      const { today, tomorrow } = days!;
      const dated = (opens_on: string) => createPeriod({ ...freshPeriodKey(), opens_on, due_on: '2300-01-01' });
      const opensToday = await dated(today);
      const opensTomorrow = await dated(tomorrow);
      const allApproved = await dated('2000-01-01');
      const ownApproved = await dated('2000-01-01');
      const approve = async (periodId: number, institutions: number[]) => {
        for (const institution of institutions)
          await setReturnState(ctx.db, await returnIdOf(ctx.db, institution, periodId), 'approved');
      };
      const everyInstitution = (
        await queryRows<{ id: number }>(
          ctx.db,
          sql`SELECT institution_id AS id FROM term_returns WHERE period_id = ${allApproved}`,
        )
      ).map((r) => r.id);
      await approve(allApproved, everyInstitution);
      await approve(ownApproved, [own]);
      // A submitted return keeps its period open: the province has yet to approve it.
      await setReturnState(ctx.db, await returnIdOf(ctx.db, own, opensToday), 'submitted');

      const openPeriods = async (role: Parameters<Call>[2], query = 'open=true') => {
        const res = await call('GET', `/api/returns?${query}`, role);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as TermReturn[];
      };
      const periodsOf = (returns: TermReturn[]) => new Set(returns.map((r) => r.period_id));
      const admin = await openPeriods('appAdmin');
      expect(periodsOf(admin).has(opensToday)).toBe(true);
      expect(periodsOf(admin).has(opensTomorrow)).toBe(false);
      expect(periodsOf(admin).has(allApproved)).toBe(false);
      // Every return of an open period is listed, the approved ones too (the province's progress counts them).
      expect(
        admin
          .filter((r) => r.period_id === ownApproved)
          .map((r) => r.institution_id)
          .sort(),
      ).toEqual([...everyInstitution].sort());
      expect(admin.find((r) => r.period_id === ownApproved && r.institution_id === own)?.state).toBe('approved');
      // For a reader of one institution whose return is approved, that period is no longer open.
      const reader = await openPeriods('reader');
      expect(periodsOf(reader).has(ownApproved)).toBe(false);
      expect(periodsOf(reader).has(opensToday)).toBe(true);
      expect(reader.every((r) => r.institution_id === own)).toBe(true);
      // The institutions asked for limit the judgment the same way; open=false is no filter.
      expect(periodsOf(await openPeriods('appAdmin', `open=true&institutionIds=${own}`)).has(ownApproved)).toBe(false);
      expect(periodsOf(await openPeriods('appAdmin', `open=true&institutionIds=${other}`)).has(ownApproved)).toBe(true);
      expect(periodsOf(await openPeriods('appAdmin', 'open=false')).has(allApproved)).toBe(true);
    });

    it('answers one return to those who may read it', async () => {
      const id = await returnIdOf(ctx.db, matrix.institutions.other, periodId);
      expect((await call('GET', `/api/returns/${id}`, 'reader')).statusCode).toBe(403);
      const res = await call('GET', `/api/returns/${id}`, 'globalReader');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        institution_id: matrix.institutions.other,
        fiscal_year: key.fiscal_year,
        term: 'Fall',
        history: [],
      });
      expect((await call('GET', '/api/returns/999999', 'appAdmin')).statusCode).toBe(404);
    });

    it('refuses a bad query with 400 naming the parameter', async () => {
      for (const [query, name] of [
        ['fiscalYear=2025', 'fiscalYear'],
        ['term=Winter', 'term'],
        ['institutionIds=abc', 'institutionIds'],
        ['institutionIds=0', 'institutionIds'],
        ['colour=red', 'colour'],
        ['open=yes', 'open'],
        ['open=', 'open'],
      ]) {
        const res = await call('GET', `/api/returns?${query}`, 'appAdmin');
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json().fieldErrors), query).toEqual([name]);
      }
    });
  });

  describe('sign-off needs every expected program, and the zero fill provides the missing ones', () => {
    it('refuses to submit while a program has no record or a draft, naming them; fills zeros for those with none', async () => {
      const inst = await createInstitution(ctx.db);
      const [done, drafted, missingA, missingB] = [
        await createProgram(ctx.db, inst, { name: 'Done Co-op' }),
        await createProgram(ctx.db, inst, { name: 'Drafted Co-op' }),
        await createProgram(ctx.db, inst, { name: 'Quiet Co-op A' }),
        await createProgram(ctx.db, inst, { name: 'Quiet Co-op B' }),
      ];
      const key = freshPeriodKey('Summer');
      const id = await returnIdOf(ctx.db, inst, await createPeriod(key));
      const at = { fiscalYear: key.fiscal_year, term: key.term };
      await insertRecord(ctx.db, { institutionId: inst, programId: done, ...at });
      const draftId = await insertRecord(ctx.db, { institutionId: inst, programId: drafted, ...at, status: 'draft' });

      const onBehalf = { reason: 'Asked by the institution' };
      const refused = await call('POST', `/api/returns/${id}/submit`, 'appAdmin', onBehalf);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'return_incomplete', state: 'in progress' });
      expect(refused.json().message).toBe(
        '3 programs have no submitted record: Drafted Co-op (a draft), Quiet Co-op A (no record), Quiet Co-op B (no record). ' +
          'Submit their records (a program with no activity this term reports a zero record), then sign off.',
      );

      const filled = await call('POST', `/api/returns/${id}/fill-zeros`, 'appAdmin', onBehalf);
      expect(filled.statusCode, filled.body).toBe(200);
      expect(filled.json().created.map((c: { program_id: number }) => c.program_id)).toEqual([missingA, missingB]);
      expect(filled.json().return).toMatchObject({ state: 'in progress', expected: 4, reported: 4, submitted: 3 });
      const zero = (await call('GET', `/api/records/${filled.json().created[0].record_id}`, 'appAdmin')).json();
      expect(zero).toMatchObject({ status: 'submitted', students_placed: 0, students_enrolled: 0, avg_hourly_wage: null });
      expect(validateRecord(zero)).toEqual({});
      expect(validateRecord(zeroRecordValues('2025/26', 'Fall'))).toEqual({});
      // The draft is its writer's to finish: the fill leaves it, and sign-off still waits for it.
      expect((await call('GET', `/api/records/${draftId}`, 'appAdmin')).json().status).toBe('draft');
      expect((await call('POST', `/api/returns/${id}/submit`, 'appAdmin', onBehalf)).json().message).toMatch(
        /^1 program has no submitted record: Drafted Co-op \(a draft\)\./,
      );
      // Filling again finds nothing to fill and writes nothing.
      const again = await call('POST', `/api/returns/${id}/fill-zeros`, 'appAdmin', onBehalf);
      expect(again.json().created).toEqual([]);

      const draft = (await call('GET', `/api/records/${draftId}`, 'appAdmin')).json();
      const {
        id: _id,
        institution_short_name: _s,
        institution_name: _n,
        program_name: _p,
        created_at: _c,
        updated_at: _u,
        created_by: _cb,
        updated_by: _ub,
        ...values
      } = draft;
      const finished = await call('PATCH', `/api/records/${draftId}`, 'appAdmin', { ...values, status: 'submitted' });
      expect(finished.statusCode, finished.body).toBe(200);
      const signed = await call('POST', `/api/returns/${id}/submit`, 'instAdmin');
      expect(signed.statusCode).toBe(403); // instAdmin holds admin on the matrix's own institution only
      const bySignOff = await call('POST', `/api/returns/${id}/submit`, 'appAdmin', onBehalf);
      expect(bySignOff.statusCode, bySignOff.body).toBe(200);
      expect(bySignOff.json()).toMatchObject({ state: 'submitted', expected: 4, reported: 4, submitted: 4 });
      expect(bySignOff.json().history.map((e: { action: string }) => e.action)).toEqual(['fill-zeros', 'submit']);
      const zeroAudits = await queryRows<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'record' AND action = 'create'
              AND entity_id IN (${sql.join(
                filled.json().created.map((c: { record_id: number }) => sql`${c.record_id}`),
                sql`, `,
              )})`,
      );
      expect(zeroAudits[0]!.n).toBe(2);
    });
  });
});
