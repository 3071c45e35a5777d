import { describe, expect, it } from 'vitest';
import type { Program } from '../../../../shared/schemas/program.ts';
import { hasProgramFilters, readProgramListState, selectPrograms } from './program-list.ts';

const program = (id: number, institution_id: number, name: string, extra: Partial<Program> = {}): Program => ({
  id,
  institution_id,
  name,
  discipline: 'Health',
  credential: 'Diploma',
  wil_type: 'Field Placement',
  coop_model: null,
  participation: 'Mandatory',
  accredited: false,
  cip_code: null,
  active_ind: true,
  version: 1,
  ...extra,
});

const institutions = new Map([
  [1, { name: 'University of British Columbia', short_name: 'UBC' }],
  [2, { name: 'University of Victoria', short_name: 'UVic' }],
]);

const all = [
  program(1, 2, 'Nursing'),
  program(2, 1, 'Engineering Co-op', {
    discipline: 'Engineering & Applied Science',
    wil_type: 'Co-operative Education',
    coop_model: 'Alternating',
    cip_code: '14.0101',
  }),
  program(3, 1, 'Arts Internship', { discipline: 'Humanities', wil_type: 'Internship' }),
  program(4, 2, 'Old Program', { active_ind: false }),
];

const select = (query: string) =>
  selectPrograms(all, institutions, readProgramListState(new URLSearchParams(query))).map((p) => p.id);

describe('readProgramListState', () => {
  it('reads an empty query as active programs by institution, page 1', () => {
    expect(readProgramListState(new URLSearchParams())).toEqual({
      q: '',
      institutionId: null,
      discipline: null,
      wilType: null,
      status: 'active',
      sort: { key: 'institution', direction: 'asc' },
      page: 1,
    });
  });

  it('reads every value and ignores ones outside the lists', () => {
    expect(
      readProgramListState(
        new URLSearchParams('q=co-op&institutionId=2&discipline=Health&wilType=Internship&status=all&sort=-cip_code&page=3'),
      ),
    ).toEqual({
      q: 'co-op',
      institutionId: 2,
      discipline: 'Health',
      wilType: 'Internship',
      status: 'all',
      sort: { key: 'cip_code', direction: 'desc' },
      page: 3,
    });
    expect(readProgramListState(new URLSearchParams('institutionId=x&discipline=Magic&wilType=Job'))).toMatchObject({
      institutionId: null,
      discipline: null,
      wilType: null,
    });
  });

  it('knows when filters narrow the list', () => {
    expect(hasProgramFilters(readProgramListState(new URLSearchParams('sort=name')))).toBe(false);
    expect(hasProgramFilters(readProgramListState(new URLSearchParams('institutionId=1')))).toBe(true);
  });
});

describe('selectPrograms', () => {
  it('shows active programs by institution short name, then program name', () => {
    expect(select('')).toEqual([3, 2, 1]);
  });

  it('filters by institution, discipline, WIL type and status', () => {
    expect(select('institutionId=2&status=all')).toEqual([1, 4]);
    expect(select('discipline=Humanities')).toEqual([3]);
    expect(select('wilType=Co-operative Education')).toEqual([2]);
    expect(select('status=inactive')).toEqual([4]);
  });

  it('searches program names, CIP codes and institution names', () => {
    expect(select('q=nurs')).toEqual([1]);
    expect(select('q=14.01')).toEqual([2]);
    expect(select('q=victoria')).toEqual([1]);
    expect(select('q=ubc co-op')).toEqual([2]);
  });

  it('sorts by any column either way; blanks go last', () => {
    expect(select('sort=name')).toEqual([3, 2, 1]);
    expect(select('sort=-name')).toEqual([1, 2, 3]);
    expect(select('sort=cip_code')).toEqual([2, 3, 1]);
    expect(select('sort=-cip_code')).toEqual([2, 3, 1]);
  });
});
