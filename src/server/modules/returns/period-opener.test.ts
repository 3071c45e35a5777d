import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS } from '../../../shared/constants.ts';
import { fiscalYearOf } from '../../../shared/record-rules.ts';
import {
  bcToday,
  defaultPeriodDates,
  periodOrdinal,
  periodsThatShouldExist,
  termOfDay,
  type PeriodKey,
} from '../../../shared/term-calendar.ts';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { openDuePeriods, startPeriodOpener } from './period-opener.ts';
import { createPeriod } from './periods.repo.ts';

/**
 * Periods open themselves (docs/reporting-cycle.md): on any sequence of days — forwards, backwards, decades apart — the
 * job creates exactly the periods missing from the oldest one through the term after today's, each once, with its
 * default dates, its returns and a system audit row; a second run on the same day does nothing; two runs at once
 * create each period once. The clock is an argument: nothing waits for real time.
 */

interface Row {
  fiscal_year: string;
  term: string;
  opens_on: string;
  due_on: string;
  returns: number;
  audits: number;
  system_audits: number;
}

const keyOf = (p: { fiscal_year: string; term: string }) => `${p.fiscal_year} ${p.term}`;
const instant = fc.date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2045-12-31T23:59:59Z'), noInvalidDate: true });
const periodKey = fc.record({
  fiscal_year: fc.integer({ min: 1995, max: 2045 }).map(fiscalYearOf),
  term: fc.constantFrom(...TERMS),
});

describe('periods open themselves', () => {
  let database: Database;
  let db: Db;
  let institutions = 0;
  let appAdmin = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await createInstitution(db);
    await createInstitution(db);
    await createInstitution(db, { activeInd: false });
    institutions = 2;
    appAdmin = await createUser(db, { privileges: { glblAdmin: true } });
  }, 120_000);
  afterAll(() => database?.close());

  const forget = async () => {
    await db.execute(sql`TRUNCATE return_events, term_returns, reporting_periods CASCADE`);
    await db.execute(sql`DELETE FROM audit_log WHERE entity_type = 'period'`);
  };

  /** Every period with its dates, how many returns it has, and its creation audit rows (all, and by the system). */
  const stored = () =>
    queryRows<Row>(
      db,
      sql`SELECT p.fiscal_year, p.term, to_char(p.opens_on, 'YYYY-MM-DD') AS opens_on, to_char(p.due_on, 'YYYY-MM-DD') AS due_on,
                 (SELECT count(*)::int FROM term_returns tr WHERE tr.period_id = p.id) AS returns,
                 (SELECT count(*)::int FROM audit_log a WHERE a.entity_type = 'period' AND a.entity_id = p.id AND a.action = 'create') AS audits,
                 (SELECT count(*)::int FROM audit_log a WHERE a.entity_type = 'period' AND a.entity_id = p.id AND a.action = 'create' AND a.changed_by IS NULL) AS system_audits
          FROM reporting_periods p`,
    );

  /** What should exist after a run on `day`, given what existed: the same rule, stated over ordinals. */
  function expectedAfter(existing: Set<string>, oldest: PeriodKey | null, day: string): string[] {
    return periodsThatShouldExist(day, oldest)
      .map(keyOf)
      .filter((k) => !existing.has(k));
  }

  it('creates exactly the missing periods on any sequence of days, never twice, and nothing on a second run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(periodKey, { nil: null }),
        fc.array(instant, { minLength: 1, maxLength: 5 }),
        async (start, days) => {
          await forget();
          // Sometimes the province started its collection by hand (an app admin's period), sometimes the database is empty.
          if (start)
            expect(
              (await createPeriod(db, { ...start, ...defaultPeriodDates(start.fiscal_year, start.term) }, appAdmin)).ok,
            ).toBe(true);
          let oldest: PeriodKey | null = start;
          const existing = new Set(start ? [keyOf(start)] : []);
          for (const at of days) {
            const day = bcToday(at);
            const missing = expectedAfter(existing, oldest, day);
            const created = await openDuePeriods(db, at);
            expect(created.map(keyOf)).toEqual(missing);
            for (const k of missing) existing.add(k);
            oldest ??= termOfDay(day);
            expect(await openDuePeriods(db, at)).toEqual([]);

            const rows = await stored();
            expect(rows.map(keyOf).sort()).toEqual([...existing].sort());
            for (const row of rows) {
              expect(row.returns, keyOf(row)).toBe(institutions);
              expect(row.audits, keyOf(row)).toBe(1);
              const byHand = start !== null && keyOf(row) === keyOf(start);
              expect(row.system_audits, keyOf(row)).toBe(byHand ? 0 : 1);
              if (!byHand)
                expect({ opens_on: row.opens_on, due_on: row.due_on }).toEqual(
                  defaultPeriodDates(row.fiscal_year, row.term as PeriodKey['term']),
                );
            }
            // No gap from the oldest through the term after today's (a later day may have reached further).
            const ordinals = rows.map((r) => periodOrdinal({ fiscal_year: r.fiscal_year, term: r.term as PeriodKey['term'] }));
            const span = Math.max(...ordinals) - Math.min(...ordinals) + 1;
            expect(rows.length).toBe(span);
            expect(Math.max(...ordinals)).toBeGreaterThanOrEqual(periodOrdinal(termOfDay(day)) + 1);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 600_000);

  it('fills a gap an app admin left, from the oldest period on', async () => {
    await forget();
    for (const key of [
      { fiscal_year: '2020/21', term: 'Fall' },
      { fiscal_year: '2021/22', term: 'Spring' },
    ] as const) {
      await createPeriod(db, { ...key, opens_on: '2020-09-15', due_on: '2022-06-30' }, appAdmin);
    }
    const created = await openDuePeriods(db, new Date('2021-10-01T19:00:00Z'));
    expect(created.map(keyOf)).toEqual(['2020/21 Spring', '2021/22 Summer', '2021/22 Fall']);
    // The admin's dates stay as they were.
    const spring = (await stored()).find((r) => keyOf(r) === '2021/22 Spring')!;
    expect(spring).toMatchObject({ opens_on: '2020-09-15', due_on: '2022-06-30' });
  });

  it('creates each period once when two runs race, and neither fails', async () => {
    await forget();
    const at = new Date('2026-11-26T19:00:00Z');
    await createPeriod(db, { fiscal_year: '2023/24', term: 'Summer', ...defaultPeriodDates('2023/24', 'Summer') }, appAdmin);
    const [a, b] = await Promise.all([openDuePeriods(db, at), openDuePeriods(db, at)]);
    const both = [...a, ...b].map(keyOf);
    expect(new Set(both).size).toBe(both.length);
    expect(both.sort()).toEqual(
      expectedAfter(new Set(['2023/24 Summer']), { fiscal_year: '2023/24', term: 'Summer' }, '2026-11-26').sort(),
    );
    const rows = await stored();
    expect(rows).toHaveLength(new Set(rows.map(keyOf)).size);
    expect(rows.every((r) => r.returns === institutions && r.audits === 1)).toBe(true);
  }, 120_000);

  it('runs at start with the clock it is given, and stops', async () => {
    await forget();
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) };
    const opener = startPeriodOpener(db, log as never, () => new Date('2027-01-01T09:00:00Z'));
    await opener.started;
    opener.stop();
    // 09:00 UTC is 1 a.m. on 1 January in Vancouver: the Spring term has begun, and the next Summer is asked for.
    expect((await stored()).map(keyOf).sort()).toEqual(['2026/27 Spring', '2027/28 Summer']);
    expect(logged).toHaveLength(1);
  });
});
