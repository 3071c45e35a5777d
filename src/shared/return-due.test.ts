import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, defaultDueAgainOn, earliestDueAgainOn, isPastDue, returnDueOn } from './return-due.ts';

/** Any B.C. day of the years a period may have (PERIOD_YEARS), as `YYYY-MM-DD`. */
const isoDay = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

describe('a return’s new due date', () => {
  it('adds days across months, years and the daylight-saving change', () => {
    expect(addDays('2025-12-20', 14)).toBe('2026-01-03');
    expect(addDays('2026-02-20', 14)).toBe('2026-03-06');
    expect(addDays('2028-02-20', 14)).toBe('2028-03-05'); // leap year
    expect(addDays('2026-03-01', 14)).toBe('2026-03-15'); // B.C. springs forward on 8 March
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('defaults to two weeks from today, or the period’s due date when that is later', () => {
    expect(defaultDueAgainOn('2026-02-10', '2026-01-31')).toBe('2026-02-24'); // past due: two weeks
    expect(defaultDueAgainOn('2026-01-31', '2026-01-31')).toBe('2026-02-14'); // on the due date: two weeks
    expect(defaultDueAgainOn('2026-01-17', '2026-01-31')).toBe('2026-01-31'); // exactly two weeks before: the same day
    expect(defaultDueAgainOn('2026-01-01', '2026-01-31')).toBe('2026-01-31'); // well before: the period's
  });

  it('over every day of the calendar: the default is two weeks from today unless the period is due later, never before either', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (today, periodDue) => {
        const day = defaultDueAgainOn(today, periodDue);
        expect(daysBetween(today, addDays(today, 14))).toBe(14);
        expect(day >= periodDue && day >= earliestDueAgainOn(today, periodDue)).toBe(true);
        expect(day).toBe(daysBetween(today, periodDue) > 14 ? periodDue : addDays(today, 14));
        // The earliest day one may choose is today, or the period's due date when that is later.
        expect(earliestDueAgainOn(today, periodDue)).toBe(periodDue > today ? periodDue : today);
      }),
      { numRuns: 2000 },
    );
  });

  it('over every day of the calendar: a return is never due before its period, and past a later period date follows it', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (dueOn, dueAgain) => {
        const due = returnDueOn({ due_on: dueOn, due_again_on: dueAgain });
        expect(due >= dueOn && due >= dueAgain).toBe(true);
        expect([dueOn, dueAgain]).toContain(due);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts from the return’s own date once it has one, overdue only from the day after', () => {
    expect(returnDueOn({ due_on: '2026-01-31', due_again_on: null })).toBe('2026-01-31');
    expect(returnDueOn({ due_on: '2026-01-31', due_again_on: '2026-02-24' })).toBe('2026-02-24');
    // The period's due date moved past the return's own (Periods screen): due with everyone else, not before.
    expect(returnDueOn({ due_on: '2027-02-15', due_again_on: '2027-01-31' })).toBe('2027-02-15');
    expect(isPastDue('2026-02-24', '2026-02-24')).toBe(false);
    expect(isPastDue('2026-02-24', '2026-02-25')).toBe(true);
  });
});
