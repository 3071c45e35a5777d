import { describe, expect, it } from 'vitest';
import {
  changedBeyondThreshold,
  figureFlags,
  PLACED_CHANGE_MIN_STUDENTS,
  PLACED_CHANGE_THRESHOLD,
} from './return-figure-flags.ts';
import type { KeyFigures, ReturnFigures } from './schemas/returns.ts';

const placed = (students_placed: number | null): KeyFigures => ({
  students_enrolled: 100,
  students_seeking: 80,
  students_placed,
  work_terms: students_placed,
  employers_total: 10,
  avg_hourly_wage: '22.00',
});

describe('the bulk approval’s figure flags', () => {
  it('flags a change of students placed beyond the threshold either way, never from nothing', () => {
    expect([PLACED_CHANGE_THRESHOLD, PLACED_CHANGE_MIN_STUDENTS]).toEqual([0.25, 5]);
    expect(changedBeyondThreshold(40, 50)).toBe(false); // +25%: at the threshold, not beyond
    expect(changedBeyondThreshold(40, 51)).toBe(true);
    expect(changedBeyondThreshold(40, 30)).toBe(false); // −25%
    expect(changedBeyondThreshold(40, 29)).toBe(true);
    expect(changedBeyondThreshold(3, 7)).toBe(false); // +133%, but four students: a small program's noise
    expect(changedBeyondThreshold(3, 8)).toBe(true);
    expect(changedBeyondThreshold(0, 12)).toBe(false);
    expect(changedBeyondThreshold(null, 12)).toBe(false);
    expect(changedBeyondThreshold(12, null)).toBe(false);
  });

  it('lists the programs far from their history and those that moved since last year', () => {
    const line = (id: number, now: number | null, lastYear: number | null, far: ReturnFigures['programs'][number]['far']) => ({
      program_id: id,
      program_name: `P${id}`,
      status: 'submitted',
      now: now === null ? null : placed(now),
      last_year: lastYear === null ? null : placed(lastYear),
      previous_term: null,
      far,
    });
    const flags = figureFlags(9, {
      last_year: { fiscal_year: '2024/25', term: 'Fall' },
      programs: [line(1, 42, 42, []), line(2, 120, 42, ['students_placed']), line(3, 20, 42, []), line(4, null, 42, [])],
    });
    expect(flags).toEqual({
      id: 9,
      last_year: { fiscal_year: '2024/25', term: 'Fall' },
      far: [{ program_id: 2, program_name: 'P2', figures: ['students_placed'] }],
      changed: [
        { program_id: 2, program_name: 'P2', figure: 'students_placed', last_year: 42, now: 120 },
        { program_id: 3, program_name: 'P3', figure: 'students_placed', last_year: 42, now: 20 },
      ],
    });
  });
});
