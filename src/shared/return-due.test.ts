import { describe, expect, it } from 'vitest';
import { addDays, defaultDueAgainOn, isPastDue, returnDueOn } from './return-due.ts';

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

  it('counts from the return’s own date once it has one, overdue only from the day after', () => {
    expect(returnDueOn({ due_on: '2026-01-31', due_again_on: null })).toBe('2026-01-31');
    expect(returnDueOn({ due_on: '2026-01-31', due_again_on: '2026-02-24' })).toBe('2026-02-24');
    expect(isPastDue('2026-02-24', '2026-02-24')).toBe(false);
    expect(isPastDue('2026-02-24', '2026-02-25')).toBe(true);
  });
});
