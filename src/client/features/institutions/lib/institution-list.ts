import { INSTITUTION_TYPES, REGIONS, type InstitutionType, type Region } from '../../../../shared/constants.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import {
  matchesStatus,
  matchesText,
  parseOneOf,
  parsePage,
  parseSort,
  parseStatus,
  sortRows,
  type SortState,
  type SortValue,
  type StatusFilter,
} from '../../../ui/list-state.ts';

export const INSTITUTIONS_PAGE_SIZE = 25;

export const INSTITUTION_SORT_KEYS = ['name', 'short_name', 'name_code', 'institution_type', 'region', 'status'] as const;
export type InstitutionSortKey = (typeof INSTITUTION_SORT_KEYS)[number];

const DEFAULT_SORT: SortState<InstitutionSortKey> = { key: 'name', direction: 'asc' };

/** The list's state, kept in the URL query so a view can be bookmarked: `?q=&type=&region=&status=&sort=&page=`. */
export interface InstitutionListState {
  q: string;
  type: InstitutionType | null;
  region: Region | null;
  status: StatusFilter;
  sort: SortState<InstitutionSortKey>;
  page: number;
}

/** The values left out of the URL because they are what an empty query means. */
export const INSTITUTION_LIST_DEFAULTS: Record<string, string> = { status: 'active', sort: 'name', page: '1' };

export function readInstitutionListState(params: URLSearchParams): InstitutionListState {
  return {
    q: params.get('q') ?? '',
    type: parseOneOf(params.get('type'), INSTITUTION_TYPES),
    region: parseOneOf(params.get('region'), REGIONS),
    status: parseStatus(params.get('status')),
    sort: parseSort(params.get('sort'), INSTITUTION_SORT_KEYS, DEFAULT_SORT),
    page: parsePage(params.get('page')),
  };
}

export function hasInstitutionFilters(state: InstitutionListState): boolean {
  return state.q.trim() !== '' || state.type !== null || state.region !== null || state.status !== 'active';
}

const SORT_VALUE: Record<InstitutionSortKey, (institution: Institution) => SortValue> = {
  name: (i) => i.name,
  short_name: (i) => i.short_name,
  name_code: (i) => i.name_code,
  institution_type: (i) => i.institution_type,
  region: (i) => i.region,
  status: (i) => i.active_ind,
};

/** The institutions the state selects, in its order (ties by name). */
export function selectInstitutions(institutions: readonly Institution[], state: InstitutionListState): Institution[] {
  const matching = institutions.filter(
    (i) =>
      matchesStatus(i.active_ind, state.status) &&
      (state.type === null || i.institution_type === state.type) &&
      (state.region === null || i.region === state.region) &&
      matchesText(state.q, [i.name, i.short_name, i.name_code]),
  );
  return sortRows(matching, SORT_VALUE[state.sort.key], state.sort.direction, (i) => i.name);
}
