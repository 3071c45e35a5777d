import type { KeyFigure, ReturnApprovalFlags, ReturnFigures } from './schemas/returns.ts';

/**
 * What a term's figures flag before it is approved without being opened (issue 30, the bulk approval's
 * confirmation): programs with figures far from their history (the record form's rule, already in `far` of the
 * return's figures) and programs whose students placed moved a lot since the same term last year.
 */

/**
 * Students placed moving by more than this share of last year's (either way) is worth a look before approving. A
 * quarter is well beyond what a program's intake moves by from one year to the next, yet catches what
 * farFromHistory (double or half the recent median) misses: a program that lost a third of its placements, or a
 * figure typed into the wrong row.
 */
export const PLACED_CHANGE_THRESHOLD = 0.25;

/**
 * A change of fewer students than this is not flagged, whatever its share: a quarter of a small program is a student
 * or two (3 → 4 is +33 %), the ordinary noise of a handful of placements, and flagging it would bury the real moves
 * in a confirmation of 25 returns (the demo's Fall had a flag under most returns without it).
 */
export const PLACED_CHANGE_MIN_STUDENTS = 5;

/** The figure compared with last year, and the one flagged: the placements are what the province's rate rests on. */
export const YEAR_CHANGE_FIGURE: Extract<KeyFigure, 'students_placed'> = 'students_placed';

/**
 * Whether a figure moved beyond the threshold from last year's, by at least PLACED_CHANGE_MIN_STUDENTS: only when
 * both are known and last year's is above zero (from nothing, any number is "infinitely" more; a program new this
 * year is not a change).
 */
export function changedBeyondThreshold(lastYear: number | null, now: number | null): boolean {
  if (lastYear === null || now === null || lastYear <= 0) return false;
  const change = Math.abs(now - lastYear);
  return change >= PLACED_CHANGE_MIN_STUDENTS && change / lastYear > PLACED_CHANGE_THRESHOLD;
}

/** The flags of one return from its figures (those of GET /api/returns/{id}/figures). */
export function figureFlags(id: number, figures: Pick<ReturnFigures, 'programs' | 'last_year'>): ReturnApprovalFlags {
  const far = figures.programs
    .filter((p) => p.far.length > 0)
    .map((p) => ({ program_id: p.program_id, program_name: p.program_name, figures: p.far }));
  const changed = figures.programs.flatMap((p) => {
    const before = p.last_year?.[YEAR_CHANGE_FIGURE] ?? null;
    const now = p.now?.[YEAR_CHANGE_FIGURE] ?? null;
    return changedBeyondThreshold(before, now)
      ? [{ program_id: p.program_id, program_name: p.program_name, figure: YEAR_CHANGE_FIGURE, last_year: before!, now: now! }]
      : [];
  });
  return { id, last_year: figures.last_year, far, changed };
}
