import { describe, expect, it } from 'vitest';
import {
  compareValues,
  formatSort,
  matchesStatus,
  matchesText,
  nextSearch,
  paginate,
  parseId,
  parseOneOf,
  parsePage,
  parseSort,
  parseStatus,
  sortRows,
  toggleSort,
} from './list-state.ts';

describe('sort in the URL', () => {
  const keys = ['name', 'region'] as const;
  const fallback = { key: 'name', direction: 'asc' } as const;

  it('reads a key, with a leading minus for descending', () => {
    expect(parseSort('region', keys, fallback)).toEqual({ key: 'region', direction: 'asc' });
    expect(parseSort('-region', keys, fallback)).toEqual({ key: 'region', direction: 'desc' });
  });

  it('falls back on a missing or unknown key', () => {
    expect(parseSort(null, keys, fallback)).toBe(fallback);
    expect(parseSort('-nope', keys, fallback)).toBe(fallback);
    expect(parseSort('-', keys, fallback)).toBe(fallback);
  });

  it('writes what it reads', () => {
    expect(formatSort({ key: 'name', direction: 'desc' })).toBe('-name');
    expect(parseSort(formatSort({ key: 'region', direction: 'desc' }), keys, fallback)).toEqual({
      key: 'region',
      direction: 'desc',
    });
  });

  it('a new column sorts ascending; the same column flips', () => {
    expect(toggleSort({ key: 'name', direction: 'desc' }, 'region')).toEqual({ key: 'region', direction: 'asc' });
    expect(toggleSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(toggleSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('other URL values', () => {
  it('pages are positive integers, else 1', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'abc', '99999999']) expect(parsePage(bad)).toBe(1);
  });

  it('closed lists accept only their values', () => {
    expect(parseOneOf('College', ['College', 'Institute'])).toBe('College');
    expect(parseOneOf('college', ['College', 'Institute'])).toBeNull();
    expect(parseOneOf(null, ['College'])).toBeNull();
  });

  it('ids are positive 32-bit integers', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of [null, '0', '012', '-1', '3000000000', 'x']) expect(parseId(bad)).toBeNull();
  });

  it('status defaults to active', () => {
    expect(parseStatus(null)).toBe('active');
    expect(parseStatus('bogus')).toBe('active');
    expect(parseStatus('inactive')).toBe('inactive');
    expect(parseStatus('all')).toBe('all');
  });

  it('status filters active and inactive rows', () => {
    expect(matchesStatus(true, 'active')).toBe(true);
    expect(matchesStatus(false, 'active')).toBe(false);
    expect(matchesStatus(false, 'inactive')).toBe(true);
    expect(matchesStatus(true, 'inactive')).toBe(false);
    expect(matchesStatus(false, 'all')).toBe(true);
  });
});

describe('matchesText', () => {
  it('matches every word in any field, ignoring case and accents', () => {
    expect(matchesText('', ['x'])).toBe(true);
    expect(matchesText('  ', ['x'])).toBe(true);
    expect(matchesText('victoria', ['University of Victoria', 'UVic'])).toBe(true);
    expect(matchesText('uvic univ', ['University of Victoria', 'UVic'])).toBe(true);
    expect(matchesText('uvic sfu', ['University of Victoria', 'UVic'])).toBe(false);
    expect(matchesText('ecole', ['École Polytechnique'])).toBe(true);
    expect(matchesText('x', [null, undefined])).toBe(false);
  });
});

describe('sorting', () => {
  it('compares text naturally and case-insensitively', () => {
    expect(compareValues('apple', 'Banana')).toBeLessThan(0);
    expect(compareValues('Item 2', 'Item 10')).toBeLessThan(0);
    expect(compareValues('a', 'A')).toBe(0);
  });

  it('puts empty values last in both directions', () => {
    expect(compareValues(null, 'a')).toBeGreaterThan(0);
    expect(compareValues(null, 'a', 'desc')).toBeGreaterThan(0);
    expect(compareValues('', 'a', 'desc')).toBeGreaterThan(0);
    expect(compareValues(null, undefined)).toBe(0);
  });

  it('orders numbers and booleans (true first ascending)', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(2, 10, 'desc')).toBeGreaterThan(0);
    expect(compareValues(true, false)).toBeLessThan(0);
  });

  it('sorts a copy, breaking ties by the tie-breaker', () => {
    const rows = [
      { name: 'b', region: 'X' },
      { name: 'a', region: 'Y' },
      { name: 'c', region: 'X' },
    ];
    const sorted = sortRows(
      rows,
      (r) => r.region,
      'asc',
      (r) => r.name,
    );
    expect(sorted.map((r) => r.name)).toEqual(['b', 'c', 'a']);
    expect(rows[0]!.name).toBe('b');
    const desc = sortRows(
      rows,
      (r) => r.region,
      'desc',
      (r) => r.name,
    );
    expect(desc.map((r) => r.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 53 }, (_, i) => i + 1);

  it('slices a page and says which rows it holds', () => {
    expect(paginate(rows, 2, 25)).toMatchObject({ page: 2, pageCount: 3, total: 53, from: 26, to: 50 });
    expect(paginate(rows, 3, 25).rows).toEqual([51, 52, 53]);
  });

  it('brings a page out of range back within it', () => {
    expect(paginate(rows, 9, 25).page).toBe(3);
    expect(paginate(rows, 0, 25).page).toBe(1);
  });

  it('an empty list has one empty page', () => {
    expect(paginate([], 4, 25)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
  });
});

describe('nextSearch', () => {
  it('sets, removes defaults and empties, and goes back to page 1', () => {
    const current = new URLSearchParams('q=ubc&page=3&status=all');
    const next = nextSearch(current, { status: 'active', type: 'College', q: '' }, { status: 'active' });
    expect(next.toString()).toBe('type=College');
  });

  it('keeps the other values on a page change', () => {
    const next = nextSearch(new URLSearchParams('q=ubc&page=3'), { page: '4' });
    expect(next.toString()).toBe('q=ubc&page=4');
    expect(nextSearch(new URLSearchParams('q=ubc&page=3'), { page: '1' }, { page: '1' }).toString()).toBe('q=ubc');
  });
});
