import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineList } from './list-spec.ts';
import { nextSearch, parseId, parseOneOf } from './list-state.ts';

const COLOURS = ['red', 'green'] as const;
const list = defineList({
  sortKeys: ['name', 'size'] as const,
  defaultSort: 'name',
  filters: { colour: (raw) => parseOneOf(raw, COLOURS), ownerId: parseId },
});

describe('defineList', () => {
  it('reads an empty query as the defaults, and its own filters as "no filter"', () => {
    expect(list.read(new URLSearchParams())).toEqual({
      q: '',
      colour: null,
      ownerId: null,
      status: 'active',
      sort: { key: 'name', direction: 'asc' },
      page: 1,
    });
    expect(list.defaults).toEqual({ status: 'active', sort: 'name', page: '1' });
    expect(list.filterKeys).toEqual(['colour', 'ownerId']);
  });

  it('reads each filter from the URL value of its name', () => {
    const state = list.read(new URLSearchParams('colour=green&ownerId=7&sort=-size&page=3&q=x'));
    expect(state).toMatchObject({ colour: 'green', ownerId: 7, sort: { key: 'size', direction: 'desc' }, page: 3, q: 'x' });
  });

  it('counts as filtered exactly when the search, the status or one of its filters narrows the list', () => {
    const query = fc.record({
      q: fc.constantFrom('', ' ', 'eng'),
      status: fc.constantFrom('active', 'inactive', 'all', 'bogus'),
      colour: fc.constantFrom('', 'red', 'blue'),
      ownerId: fc.constantFrom('', '3', 'x'),
    });
    fc.assert(
      fc.property(query, (raw) => {
        const state = list.read(nextSearch(new URLSearchParams(), raw, list.defaults));
        const narrowed =
          raw.q.trim() !== '' || ['inactive', 'all'].includes(raw.status) || raw.colour === 'red' || raw.ownerId === '3';
        expect(list.hasFilters(state)).toBe(narrowed);
      }),
    );
  });

  it('is lifted entirely by clearing the search, the status and its filter keys', () => {
    const params = new URLSearchParams('q=eng&status=all&colour=red&ownerId=3&sort=size');
    const cleared = nextSearch(
      params,
      Object.fromEntries(['q', ...list.filterKeys, 'status'].map((k) => [k, null])),
      list.defaults,
    );
    expect(list.hasFilters(list.read(cleared))).toBe(false);
    expect(cleared.get('sort')).toBe('size');
  });
});
