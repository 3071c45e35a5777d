import { DISCIPLINES, WIL_TYPES, type Discipline, type WilType } from '../../../../shared/constants.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { defineList, type ListStateOf } from '../../../ui/list-spec.ts';
import { matchesStatus, matchesText, parseId, parseOneOf, sortRows, type SortValue } from '../../../ui/list-state.ts';

export const PROGRAM_SORT_KEYS = [
  'name',
  'institution',
  'discipline',
  'credential',
  'wil_type',
  'coop_model',
  'cip_code',
  'status',
] as const;
export type ProgramSortKey = (typeof PROGRAM_SORT_KEYS)[number];

/** The list's state, kept in the URL query: `?q=&institutionId=&discipline=&wilType=&status=&sort=&page=`. */
export const PROGRAM_LIST = defineList({
  sortKeys: PROGRAM_SORT_KEYS,
  defaultSort: 'institution',
  filters: {
    institutionId: parseId,
    discipline: (raw): Discipline | null => parseOneOf(raw, DISCIPLINES),
    wilType: (raw): WilType | null => parseOneOf(raw, WIL_TYPES),
  },
});
export type ProgramListState = ListStateOf<typeof PROGRAM_LIST>;

export const readProgramListState = PROGRAM_LIST.read;
export const hasProgramFilters = PROGRAM_LIST.hasFilters;

/** What the list needs to know of an institution: its names, for showing, sorting and searching. */
export interface InstitutionNames {
  name: string;
  short_name: string;
}

/** The programs the state selects, in its order (ties by institution, then program name). */
export function selectPrograms(
  programs: readonly Program[],
  institutions: ReadonlyMap<number, InstitutionNames>,
  state: ProgramListState,
): Program[] {
  const shortName = (p: Program) => institutions.get(p.institution_id)?.short_name ?? '';
  const sortValue: Record<ProgramSortKey, (p: Program) => SortValue> = {
    name: (p) => p.name,
    institution: shortName,
    discipline: (p) => p.discipline,
    credential: (p) => p.credential,
    wil_type: (p) => p.wil_type,
    coop_model: (p) => p.coop_model,
    cip_code: (p) => p.cip_code,
    status: (p) => p.active_ind,
  };
  const matching = programs.filter((p) => {
    const institution = institutions.get(p.institution_id);
    return (
      matchesStatus(p.active_ind, state.status) &&
      (state.institutionId === null || p.institution_id === state.institutionId) &&
      (state.discipline === null || p.discipline === state.discipline) &&
      (state.wilType === null || p.wil_type === state.wilType) &&
      matchesText(state.q, [p.name, p.cip_code, institution?.short_name, institution?.name])
    );
  });
  const tie = (p: Program) => `${shortName(p)}\u0000${p.name}`;
  return sortRows(matching, sortValue[state.sort.key], state.sort.direction, tie);
}
