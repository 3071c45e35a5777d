import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Release, ReleaseCalendar, ReleaseCandidate, UpcomingRelease } from '../../../shared/schemas/releases.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller, type Method } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { dueReleases, runScheduledReleases, upcomingReleases } from './releases.repo.ts';

/** Releases (decision 024): who may do what, what a release holds, what the schedule releases and when. */

const FY = '2023/24';

describe('releases of province figures', () => {
  let ctx: TestContext;
  let call: MatrixCaller['call'];
  let matrix: MatrixCaller['matrix'];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ call, matrix } = await createMatrixCaller(ctx));
    for (const institution of [matrix.institutions.own, matrix.institutions.other]) {
      const programId = await createProgram(ctx.db, institution);
      await insertRecord(ctx.db, { institutionId: institution, programId, fiscalYear: FY, term: 'Fall' });
    }
    const res = await call('PUT', '/api/periods', 'appAdmin', { fiscal_year: FY, term: 'Fall' });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);
  afterAll(() => ctx?.close());

  const release = (role: RoleName, body: object) => call('POST', '/api/releases', role, body);
  const body = { periods: [{ fiscal_year: FY, term: 'Fall' }], note: 'Fall figures for the annual meeting' };

  describe('authorization matrix', () => {
    const routes: [Method, string, Record<RoleName, number>, object?][] = [
      [
        'GET',
        '/api/releases',
        { signedOut: 401, userOnly: 200, reader: 200, writer: 200, instAdmin: 200, globalReader: 200, appAdmin: 200 },
      ],
      [
        'GET',
        '/api/releases/candidates',
        { signedOut: 401, userOnly: 403, reader: 403, writer: 403, instAdmin: 403, globalReader: 403, appAdmin: 200 },
      ],
      [
        'POST',
        '/api/releases',
        { signedOut: 401, userOnly: 403, reader: 403, writer: 403, instAdmin: 403, globalReader: 403, appAdmin: 200 },
        body,
      ],
      [
        'PUT',
        '/api/releases/schedule',
        { signedOut: 401, userOnly: 403, reader: 403, writer: 403, instAdmin: 403, globalReader: 403, appAdmin: 200 },
        // Version 0: the schedule as the defaults have it, never changed before this first call.
        { provisional_days_after_due: 14, final_when_approved: true, version: 0 },
      ],
    ];
    for (const [method, url, expected, payload] of routes)
      for (const role of ROLE_NAMES)
        it(`${method} ${url} as ${role}`, async () => {
          const res = await call(method, url, role, payload);
          expect(res.statusCode, res.body).toBe(expected[role]);
        });
  });

  it('a release freezes the submitted records of its periods; later edits stay out of it', async () => {
    const res = await release('appAdmin', body);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json() as Release;
    expect(made.note).toBe(body.note);
    // The period's returns are not approved: provisional.
    expect(made.periods).toEqual([{ fiscal_year: FY, term: 'Fall', final: false, records: 2, institutions: 2 }]);
    await ctx.db.execute(sql`UPDATE records SET students_placed = students_placed + 1 WHERE fiscal_year = ${FY}`);
    const [frozen] = await queryRows<{ same: boolean }>(
      ctx.db,
      sql`SELECT bool_and(rr.students_placed = r.students_placed - 1) AS same FROM release_records rr
          JOIN records r ON r.program_id = rr.program_id AND r.fiscal_year = rr.fiscal_year AND r.term = rr.term
          WHERE rr.release_id = ${made.number}`,
    );
    expect(frozen!.same).toBe(true);
    const candidates = (await call('GET', '/api/releases/candidates', 'appAdmin')).json() as ReleaseCandidate[];
    const fall = candidates.find((c) => c.fiscal_year === FY && c.term === 'Fall')!;
    expect(fall.latest).toMatchObject({ number: made.number, final: false });
    expect(fall.changes).toEqual({ added: 0, changed: 2, removed: 0, institutions: 2 });
    const calendar = (await call('GET', '/api/releases', 'userOnly')).json() as ReleaseCalendar;
    expect(calendar.releases[0]).toMatchObject({ number: made.number, note: body.note });
    // Counts of records and institutions only for whoever reads every institution: two releases' counts differ by the
    // late institutions' records.
    expect(calendar.releases[0]!.periods).toEqual([{ fiscal_year: FY, term: 'Fall', final: false }]);
    const readers = (await call('GET', '/api/releases', 'globalReader')).json() as ReleaseCalendar;
    expect(readers.releases[0]!.periods).toEqual([{ fiscal_year: FY, term: 'Fall', final: false, records: 2, institutions: 2 }]);
  });

  it('numbers releases in order without gaps, even when several are made at once', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await Promise.all(Array.from({ length: 4 }, () => release('appAdmin', body)));
      expect(made.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const numbers = made.map((res) => res.json().number as number).sort((x, y) => x - y);
      expect(numbers.map((n) => n - numbers[0]!)).toEqual([0, 1, 2, 3]);
    }
  });

  it.each([
    [{ periods: [], note: 'x' }, 'periods'],
    [{ periods: [{ fiscal_year: '2023-24', term: 'Fall' }], note: 'x' }, 'periods.0.fiscal_year'],
    [{ periods: [{ fiscal_year: FY, term: 'Winter' }], note: 'x' }, 'periods.0.term'],
    [{ periods: [body.periods[0], body.periods[0]], note: 'x' }, 'periods.1'],
    [{ periods: body.periods, note: '' }, 'note'],
    [{ periods: body.periods, note: 'a\u0000b' }, 'note'],
    [{ periods: body.periods, note: 'x'.repeat(2001) }, 'note'],
    [{ periods: [{ fiscal_year: '1990/91', term: 'Fall' }], note: 'x' }, 'periods.0'],
    [{ periods: body.periods, note: 'x', extra: 1 }, ''],
  ])('refuses %j with a 400 naming %s, and releases nothing', async (bad, field) => {
    const before = (await call('GET', '/api/releases', 'appAdmin')).json().releases.length;
    const res = await release('appAdmin', bad);
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(Object.keys(res.json().fieldErrors ?? {}).join(' ') + res.body).toContain(field.split('.')[0]);
    expect((await call('GET', '/api/releases', 'appAdmin')).json().releases.length).toBe(before);
  });

  it('the schedule releases a period once its returns are all approved (final), and not again while nothing changes', async () => {
    await ctx.db.execute(
      sql`UPDATE term_returns SET state = 'approved', first_approved_at = now()
          WHERE period_id = (SELECT id FROM reporting_periods WHERE fiscal_year = ${FY} AND term = 'Fall')`,
    );
    const fall = { fiscal_year: FY, term: 'Fall' };
    const fallFinal = async (today: string) =>
      (await upcomingReleases(ctx.db, today)).filter((u) => u.fiscal_year === FY && u.term === 'Fall' && u.final);
    // Owed and not yet made (the schedule looks every hour): the calendar lists it for today, not nothing.
    expect(await fallFinal('2024-03-01')).toEqual([{ ...fall, final: true, on: '2024-03-01' }]);
    const made = await runScheduledReleases(ctx.db, new Date('2024-03-01T20:00:00Z'));
    expect(made?.periods.find((p) => p.fiscal_year === FY)).toMatchObject({ final: true });
    expect(await fallFinal('2024-03-01')).toEqual([]);
    // The note says why; the calendar shows the release's date and time beside it, so the note names no date of its own.
    expect(made?.note).toMatch(/^Scheduled release: \d+ periods? with every return approved \(final\)[.;]/);
    expect(made?.note).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await runScheduledReleases(ctx.db, new Date('2024-03-02T20:00:00Z'))).toBeNull();
    // A return reopened after the final release: the calendar promises the revision once it is approved again.
    const oneReturn = sql`(SELECT min(tr.id) FROM term_returns tr JOIN reporting_periods rp ON rp.id = tr.period_id
                           WHERE rp.fiscal_year = ${FY} AND rp.term = 'Fall')`;
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'reopened' WHERE id = ${oneReturn}`);
    expect(await fallFinal('2024-03-02')).toEqual([{ ...fall, final: true, on: null }]);
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'approved' WHERE id = ${oneReturn}`);
    expect(await fallFinal('2024-03-02')).toEqual([]);
    const { schedule } = (await call('GET', '/api/releases', 'userOnly')).json() as ReleaseCalendar;
    const res = await call('PUT', '/api/releases/schedule', 'appAdmin', {
      provisional_days_after_due: 400,
      final_when_approved: true,
      version: schedule.version,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['provisional_days_after_due']);
  });

  describe('changing the schedule', () => {
    const readSchedule = async () => ((await call('GET', '/api/releases', 'userOnly')).json() as ReleaseCalendar).schedule;
    const put = (body: object) => call('PUT', '/api/releases/schedule', 'appAdmin', body);
    const changes = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'release' AND action = 'schedule'`,
        )
      )[0]!.n;

    it('takes the version it was read at, and refuses a stale one without changing anything', async () => {
      const read = await readSchedule();
      const audited = await changes();
      const res = await put({ provisional_days_after_due: 21, final_when_approved: false, version: read.version });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json() as ReleaseCalendar['schedule'];
      expect(saved).toMatchObject({ provisional_days_after_due: 21, final_when_approved: false, version: read.version + 1 });
      expect(saved.updated_by).toBeTruthy();
      expect(Date.parse(saved.updated_at!)).toBeGreaterThan(Date.now() - 600_000);
      expect(await readSchedule()).toEqual(saved);

      // A second admin's change made from the same reading: refused with the schedule as it is now.
      const stale = await put({ provisional_days_after_due: 7, final_when_approved: true, version: read.version });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'schedule_version', current: saved });
      expect(stale.json().message).toMatch(/changed by .+ since you read it, so nothing was saved/);
      expect(await readSchedule()).toEqual(saved);
      expect(await changes()).toBe(audited + 1);

      const back = await put({ provisional_days_after_due: 14, final_when_approved: true, version: saved.version });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('of two changes sent at once from the same reading, takes one and refuses the other', async () => {
      const read = await readSchedule();
      const [a, b] = await Promise.all([
        put({ provisional_days_after_due: 10, final_when_approved: true, version: read.version }),
        put({ provisional_days_after_due: 30, final_when_approved: true, version: read.version }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const won = (a.statusCode === 200 ? a : b).json() as ReleaseCalendar['schedule'];
      expect(await readSchedule()).toEqual(won);
      expect(won.version).toBe(read.version + 1);
    });

    it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
      const before = await readSchedule();
      const good = { provisional_days_after_due: 14, final_when_approved: true, version: before.version };
      const cases: [object, string][] = [
        [{ ...good, provisional_days_after_due: '14' }, 'provisional_days_after_due'],
        [{ ...good, provisional_days_after_due: 1.5 }, 'provisional_days_after_due'],
        [{ ...good, provisional_days_after_due: -1 }, 'provisional_days_after_due'],
        [{ ...good, provisional_days_after_due: 1e308 }, 'provisional_days_after_due'],
        [{ ...good, final_when_approved: 'yes' }, 'final_when_approved'],
        [{ provisional_days_after_due: 14, final_when_approved: true }, 'version'],
        [{ ...good, version: -1 }, 'version'],
        [{ ...good, version: '0' }, 'version'],
        [{ ...good, version: 0.5 }, 'version'],
        [{ ...good, version: 2 ** 31 }, 'version'],
      ];
      for (const [body, field] of cases) {
        const res = await put(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
      }
      expect((await put({ ...good, extra: 1 })).statusCode).toBe(400);
      expect(await readSchedule()).toEqual(before);
    });
  });

  it('the calendar lists the coming releases in the order they come: oldest period first, provisional before final', async () => {
    const later = '2024/25';
    for (const term of ['Summer', 'Fall', 'Spring']) {
      for (const institution of [matrix.institutions.own, matrix.institutions.other])
        await insertRecord(ctx.db, {
          institutionId: institution,
          programId: await createProgram(ctx.db, institution),
          fiscalYear: later,
          term,
        });
      const res = await call('PUT', '/api/periods', 'appAdmin', { fiscal_year: later, term });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { upcoming } = (await call('GET', '/api/releases', 'userOnly')).json() as ReleaseCalendar;
    const terms = ['Summer', 'Fall', 'Spring'];
    const place = (u: ReleaseCalendar['upcoming'][number]) => `${u.fiscal_year} ${terms.indexOf(u.term)} ${u.final ? 1 : 0}`;
    expect(upcoming.filter((u) => u.fiscal_year === later).map((u) => u.term)).toContain('Spring');
    expect(upcoming.map(place)).toEqual(upcoming.map(place).sort());
  });

  it('promises no provisional release on a day that passed with nothing to release: it comes with the first figures', async () => {
    const empty = { fiscal_year: '2019/20', term: 'Fall' as const };
    const res = await call('PUT', '/api/periods', 'appAdmin', empty);
    expect(res.statusCode, res.body).toBe(200);
    const today = '2026-11-29';
    const listed = (upcoming: UpcomingRelease[]) => upcoming.filter((u) => u.fiscal_year === empty.fiscal_year && !u.final);
    // Its day (two weeks after the due date) is long past and nothing is submitted: the schedule waits, and says so.
    expect(await dueReleases(ctx.db, today)).not.toContainEqual(expect.objectContaining(empty));
    expect(listed(await upcomingReleases(ctx.db, today))).toEqual([{ ...empty, final: false, on: null }]);
    await insertRecord(ctx.db, {
      institutionId: matrix.institutions.own,
      programId: await createProgram(ctx.db, matrix.institutions.own),
      fiscalYear: empty.fiscal_year,
      term: empty.term,
    });
    expect(await dueReleases(ctx.db, today)).toContainEqual(expect.objectContaining({ ...empty, final: false }));
    // Owed now, it stays on the calendar, for today, until the schedule's next look makes it.
    expect(listed(await upcomingReleases(ctx.db, today))).toEqual([{ ...empty, final: false, on: today }]);
  });
});
