import { describe, expect, it } from 'vitest';
import { formatPlacementRate, splitStatus } from './sums.ts';
import { VALID_FORM } from './test-fixtures.ts';

describe('splitStatus: running totals against students placed', () => {
  it('matches when the split adds up', () => {
    expect(splitStatus(VALID_FORM, 'duration')).toEqual({
      split: 'duration',
      total: 42,
      placed: 42,
      state: 'match',
      difference: 0,
      complete: true,
    });
  });

  it('says how many short or over, as the person types', () => {
    expect(splitStatus({ ...VALID_FORM, wt_8_month: 9 }, 'duration')).toMatchObject({ total: 41, state: 'short', difference: 1 });
    expect(splitStatus({ ...VALID_FORM, wt_international: 4 }, 'location')).toMatchObject({
      total: 45,
      state: 'over',
      difference: 3,
    });
  });

  it('counts empty parts as 0 and says the split is incomplete', () => {
    expect(splitStatus({ ...VALID_FORM, wt_public: '', wt_nonprofit: '' }, 'sector')).toMatchObject({
      total: 30,
      state: 'short',
      difference: 12,
      complete: false,
    });
  });

  it('has nothing to compare with until placed is entered', () => {
    expect(splitStatus({ ...VALID_FORM, students_placed: '' }, 'duration')).toMatchObject({
      state: 'noPlaced',
      placed: null,
      total: 42,
    });
  });
});

describe('formatPlacementRate', () => {
  it('shows one decimal', () => {
    expect(formatPlacementRate(42 / 50)).toBe('84.0%');
    expect(formatPlacementRate(2 / 3)).toBe('66.7%');
    expect(formatPlacementRate(1)).toBe('100.0%');
    expect(formatPlacementRate(null)).toBeNull();
  });
});
