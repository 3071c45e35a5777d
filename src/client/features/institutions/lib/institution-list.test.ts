import { describe, expect, it } from 'vitest';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { hasInstitutionFilters, readInstitutionListState, selectInstitutions } from './institution-list.ts';

const inst = (id: number, name: string, short_name: string, extra: Partial<Institution> = {}): Institution => ({
  id,
  name,
  short_name,
  name_code: short_name.toUpperCase(),
  institution_type: 'College',
  region: 'Mainland/Southwest',
  active_ind: true,
  version: 1,
  ...extra,
});

const all = [
  inst(1, 'University of British Columbia', 'UBC', { institution_type: 'Research-Intensive University' }),
  inst(2, 'University of Victoria', 'UVic', {
    institution_type: 'Research-Intensive University',
    region: 'Vancouver Island/Coast',
  }),
  inst(3, 'Camosun College', 'Camosun', { region: 'Vancouver Island/Coast' }),
  inst(4, 'Old College', 'Old', { active_ind: false }),
];

describe('readInstitutionListState', () => {
  it('reads an empty query as the defaults: active, by name, page 1', () => {
    expect(readInstitutionListState(new URLSearchParams())).toEqual({
      q: '',
      type: null,
      region: null,
      status: 'active',
      sort: { key: 'name', direction: 'asc' },
      page: 1,
    });
  });

  it('reads every value and ignores ones outside the lists', () => {
    const state = readInstitutionListState(
      new URLSearchParams('q=vic&type=College&region=Kootenay&status=all&sort=-region&page=2'),
    );
    expect(state).toEqual({
      q: 'vic',
      type: 'College',
      region: 'Kootenay',
      status: 'all',
      sort: { key: 'region', direction: 'desc' },
      page: 2,
    });
    const bad = readInstitutionListState(new URLSearchParams('type=Academy&region=Yukon&status=gone&sort=id&page=x'));
    expect(bad).toMatchObject({ type: null, region: null, status: 'active', sort: { key: 'name' }, page: 1 });
  });

  it('knows when filters narrow the list', () => {
    expect(hasInstitutionFilters(readInstitutionListState(new URLSearchParams('sort=-name&page=2')))).toBe(false);
    expect(hasInstitutionFilters(readInstitutionListState(new URLSearchParams('status=all')))).toBe(true);
    expect(hasInstitutionFilters(readInstitutionListState(new URLSearchParams('q=x')))).toBe(true);
  });
});

describe('selectInstitutions', () => {
  const select = (query: string) =>
    selectInstitutions(all, readInstitutionListState(new URLSearchParams(query))).map((i) => i.id);

  it('shows active institutions by name by default', () => {
    expect(select('')).toEqual([3, 1, 2]);
  });

  it('filters by status, type, region and text over name, short name and code', () => {
    expect(select('status=inactive')).toEqual([4]);
    expect(select('status=all')).toEqual([3, 4, 1, 2]);
    expect(select('type=College&status=all')).toEqual([3, 4]);
    expect(select('region=Vancouver Island/Coast')).toEqual([3, 2]);
    expect(select('q=victoria')).toEqual([2]);
    expect(select('q=uvic')).toEqual([2]);
    expect(select('q=university british')).toEqual([1]);
  });

  it('sorts by any column either way, ties by name', () => {
    expect(select('sort=-short_name')).toEqual([2, 1, 3]);
    expect(select('sort=region')).toEqual([1, 3, 2]);
    expect(select('sort=status&status=all')).toEqual([3, 1, 2, 4]);
    expect(select('sort=-status&status=all')).toEqual([4, 3, 1, 2]);
  });
});
