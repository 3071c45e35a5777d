import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiscalYearOf } from '../../shared/record-rules.ts';
import { chosenFiscalYears } from '../../shared/return-matrix.ts';
import {
  defaultPeriodDates,
  fiscalYearOfDay,
  fiscalYearStart,
  middayInBc,
  periodOrdinal,
  periodsThatShouldExist,
  previousTerm,
  termDueNext,
} from '../../shared/term-calendar.ts';
import { queryRows } from '../db/client.ts';
import { openDuePeriods } from '../modules/returns/period-opener.ts';
import { listPeriods } from '../modules/returns/periods.repo.ts';
import { listReturns } from '../modules/returns/returns.repo.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { seedDemo } from './demo.ts';
import { DEMO_RETURN_STORY } from './demo-returns.ts';

/**
 * The demo's story holds on whatever day it is seeded (docs/reporting-cycle.md, "The demo's story"): ten fiscal years
 * ending with the current one; the periods the periods job would have made, so it makes none; a term due next, open on
 * the day and in the completeness matrix's default year, mostly submitted with a few in progress and one not started;
 * the term before it past due with two institutions not signed off; everything older approved, one of them reopened
 * and approved again; nothing dated after the day. Few runs: each seeds a fresh database.
 */

const day = fc.oneof(
  // The fiscal year's first and last days, a leap day, the first day of each term, then any day of a few years.
  fc.constantFrom('2026-04-01', '2027-03-31', '2028-02-29', '2026-05-01', '2026-09-01', '2027-01-01'),
  fc
    .date({ min: new Date('2024-06-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);

describe('the demo story on any day', () => {
  it('tells the same story around the day it is seeded', async () => {
    await fc.assert(
      fc.asyncProperty(day, async (today) => {
        const now = middayInBc(today);
        const database = await openTestDatabase();
        try {
          const db = database.db;
          expect(await seedDemo(database, now)).toBe(true);
          const lastYear = fiscalYearStart(fiscalYearOfDay(today));
          const first = { fiscal_year: fiscalYearOf(lastYear - 9), term: 'Summer' as const };

          // The periods: every term from the first year's Summer through the term after today's; the job adds none.
          const periods = await listPeriods(db);
          expect(periods.map((p) => `${p.fiscal_year} ${p.term}`)).toEqual(
            periodsThatShouldExist(today, first).map((p) => `${p.fiscal_year} ${p.term}`),
          );
          expect(await openDuePeriods(db, now)).toEqual([]);

          // Records: from the first year through the term due next, none later, none dated after the day.
          const dueNext = termDueNext(today);
          const pastDue = previousTerm(dueNext);
          const records = await queryRows<{ fiscal_year: string; term: string; late: number }>(
            db,
            sql`SELECT fiscal_year, term, count(*) FILTER (WHERE created_at > ${now.toISOString()}::timestamptz)::int AS late
                FROM records GROUP BY 1, 2`,
          );
          const ordinals = records.map((r) => periodOrdinal({ fiscal_year: r.fiscal_year, term: r.term as 'Fall' }));
          expect(Math.min(...ordinals)).toBe(periodOrdinal(first));
          expect(Math.max(...ordinals)).toBe(periodOrdinal(dueNext));
          expect(records.filter((r) => r.late > 0)).toEqual([]);

          // The term due next is open on the day, and the matrix opens on its year.
          const dates = defaultPeriodDates(dueNext.fiscal_year, dueNext.term);
          expect(dates.opens_on <= today && today <= dates.due_on).toBe(true);
          expect(chosenFiscalYears(periods, [], today)).toEqual([dueNext.fiscal_year]);

          const returns = await listReturns(db, { readable: 'all' });
          const of = (key: { fiscal_year: string; term: string }) =>
            returns.filter((r) => r.fiscal_year === key.fiscal_year && r.term === key.term);
          const names = (rows: typeof returns, state: string) =>
            rows
              .filter((r) => r.state === state)
              .map((r) => r.institution_name)
              .sort();
          expect(names(of(dueNext), 'in progress')).toEqual([...DEMO_RETURN_STORY.dueNext.inProgress].sort());
          expect(names(of(dueNext), 'not started')).toEqual([DEMO_RETURN_STORY.dueNext.notStarted]);
          expect(names(of(dueNext), 'submitted')).toHaveLength(25 - DEMO_RETURN_STORY.dueNext.inProgress.length - 1);
          // The term before: past its due date on the day, two institutions not signed off.
          expect(defaultPeriodDates(pastDue.fiscal_year, pastDue.term).due_on < today).toBe(true);
          expect(names(of(pastDue), 'in progress')).toEqual([DEMO_RETURN_STORY.pastDue.inProgress]);
          expect(names(of(pastDue), 'not started')).toEqual([DEMO_RETURN_STORY.pastDue.notStarted]);
          expect(names(of(pastDue), 'submitted')).toHaveLength(23);
          // Everything older approved; later terms not started.
          for (const r of returns) {
            const at = periodOrdinal({ fiscal_year: r.fiscal_year, term: r.term });
            if (at < periodOrdinal(pastDue)) expect(r.state, `${r.institution_name} ${r.term} ${r.fiscal_year}`).toBe('approved');
            if (at > periodOrdinal(dueNext)) expect(r.state).toBe('not started');
          }
          // One return reopened and approved again, all of its history before the day.
          const reopened = returns.filter((r) => r.history.some((e) => e.action === 'reopen'));
          expect(reopened.map((r) => [r.institution_name, r.term, r.state])).toEqual([
            [DEMO_RETURN_STORY.reopened.institution, 'Fall', 'approved'],
          ]);
          const events = returns.flatMap((r) => r.history);
          expect(events.filter((e) => Date.parse(e.at) > now.getTime())).toEqual([]);
        } finally {
          await database.close();
        }
      }),
      { numRuns: 5 },
    );
  }, 600_000);
});
