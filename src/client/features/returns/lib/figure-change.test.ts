import { describe, expect, it } from 'vitest';
import { changeText, figureValue } from './figure-change.ts';

describe('a figure beside an earlier one', () => {
  it('says the change as a percentage, the placement rate in points, and nothing without both', () => {
    expect(changeText(120, 100, false)).toBe('+20%');
    expect(changeText(50, 100, false)).toBe('−50%');
    expect(changeText(100, 100, false)).toBe('± 0%'.replace(' ', ''));
    expect(changeText(10, 0, false)).toBeNull();
    expect(changeText(null, 10, false)).toBeNull();
    expect(changeText(84.04, 80, true)).toBe('+4.0 pts');
  });

  it('reads the placement rate from placed and seeking, and the wage as dollars', () => {
    const figures = {
      students_enrolled: 100,
      students_seeking: 50,
      students_placed: 42,
      work_terms: 42,
      employers_total: 10,
      avg_hourly_wage: '23.45',
    };
    expect(figureValue(figures, 'placement_pct')).toBe(84);
    expect(figureValue(figures, 'avg_hourly_wage')).toBe(23.45);
    expect(figureValue({ ...figures, students_seeking: 0 }, 'placement_pct')).toBeNull();
    expect(figureValue(null, 'students_placed')).toBeNull();
  });
});
