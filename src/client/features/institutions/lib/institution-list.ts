import { INSTITUTION_TYPES, REGIONS, type InstitutionType, type Region } from '../../../../shared/constants.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { defineList, type ListStateOf } from '../../../ui/list-spec.ts';
import { matchesStatus, matchesText, parseOneOf, sortRows, type SortValue } from '../../../ui/list-state.ts';

export const INSTITUTION_SORT_KEYS = ['name', 'short_name', 'name_code', 'institution_type', 'region', 'status'] as const;
export type InstitutionSortKey = (typeof INSTITUTION_SORT_KEYS)[number];

/** The list's state, kept in the URL query so a view can be bookmarked: `?q=&type=&region=&status=&sort=&page=`. */
export const INSTITUTION_LIST = defineList({
  sortKeys: INSTITUTION_SORT_KEYS,
  defaultSort: 'name',
  filters: {
    type: (raw): InstitutionType | null => parseOneOf(raw, INSTITUTION_TYPES),
    region: (raw): Region | null => parseOneOf(raw, REGIONS),
  },
});
export type InstitutionListState = ListStateOf<typeof INSTITUTION_LIST>;

export const readInstitutionListState = INSTITUTION_LIST.read;
export const hasInstitutionFilters = INSTITUTION_LIST.hasFilters;

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
