import type { KeyFigure, KeyFigures } from '../../../../shared/schemas/returns.ts';

/** A key figure as a number to compare (the wage's text read as dollars; only compared, never summed). */
export function figureValue(figures: KeyFigures | null, figure: KeyFigure | 'placement_pct'): number | null {
  if (!figures) return null;
  if (figure === 'placement_pct') {
    const { students_placed: placed, students_seeking: seeking } = figures;
    return placed === null || seeking === null || seeking === 0 ? null : (100 * placed) / seeking;
  }
  const value = figures[figure];
  return value === null ? null : Number(value);
}

/**
 * The change from `before` to `now` as people read it: a percentage for figures, points for the placement rate;
 * null when either is missing or the earlier figure is 0 (no percentage of nothing).
 */
export function changeText(now: number | null, before: number | null, points: boolean): string | null {
  if (now === null || before === null) return null;
  if (points) {
    const d = Math.round((now - before) * 10) / 10;
    return `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(1)} pts`;
  }
  if (before === 0) return null;
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)}%`;
}
