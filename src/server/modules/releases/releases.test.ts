import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Release, ReleaseCalendar, ReleaseCandidate } from '../../../shared/schemas/releases.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { ROLE_NAMES, type RoleName } from '../../test/factories.ts';
import { createMatrixCaller, type MatrixCaller, type Method } from '../../test/matrix.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { runScheduledReleases } from './releases.repo.ts';

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
        { provisional_days_after_due: 14, final_when_approved: true },
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
    const made = await runScheduledReleases(ctx.db, new Date('2024-03-01T20:00:00Z'));
    expect(made?.periods.find((p) => p.fiscal_year === FY)).toMatchObject({ final: true });
    expect(await runScheduledReleases(ctx.db, new Date('2024-03-02T20:00:00Z'))).toBeNull();
    const res = await call('PUT', '/api/releases/schedule', 'appAdmin', {
      provisional_days_after_due: 400,
      final_when_approved: true,
    });
    expect(res.statusCode).toBe(400);
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
});
