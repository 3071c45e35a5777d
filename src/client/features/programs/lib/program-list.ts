import { DISCIPLINES, WIL_TYPES, type Discipline, type WilType } from '../../../../shared/constants.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import {
  matchesStatus,
  matchesText,
  parseId,
  parseOneOf,
  parsePage,
  parseSort,
  parseStatus,
  sortRows,
  type SortState,
  type SortValue,
  type StatusFilter,
} from '../../../ui/list-state.ts';

export const PROGRAMS_PAGE_SIZE = 25;

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

const DEFAULT_SORT: SortState<ProgramSortKey> = { key: 'institution', direction: 'asc' };

/** The list's state, kept in the URL query: `?q=&institutionId=&discipline=&wilType=&status=&sort=&page=`. */
export interface ProgramListState {
  q: string;
  institutionId: number | null;
  discipline: Discipline | null;
  wilType: WilType | null;
  status: StatusFilter;
  sort: SortState<ProgramSortKey>;
  page: number;
}

/** The values left out of the URL because they are what an empty query means. */
export const PROGRAM_LIST_DEFAULTS: Record<string, string> = { status: 'active', sort: 'institution', page: '1' };

export function readProgramListState(params: URLSearchParams): ProgramListState {
  return {
    q: params.get('q') ?? '',
    institutionId: parseId(params.get('institutionId')),
    discipline: parseOneOf(params.get('discipline'), DISCIPLINES),
    wilType: parseOneOf(params.get('wilType'), WIL_TYPES),
    status: parseStatus(params.get('status')),
    sort: parseSort(params.get('sort'), PROGRAM_SORT_KEYS, DEFAULT_SORT),
    page: parsePage(params.get('page')),
  };
}

export function hasProgramFilters(state: ProgramListState): boolean {
  return (
    state.q.trim() !== '' ||
    state.institutionId !== null ||
    state.discipline !== null ||
    state.wilType !== null ||
    state.status !== 'active'
  );
}

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
