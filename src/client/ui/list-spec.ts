import { parsePage, parseSort, parseStatus, type SortState, type StatusFilter } from './list-state.ts';

/** What every list keeps in its URL: `?q=&status=&sort=&page=`, beside its own filters. */
export interface ListBaseState<K extends string = string> {
  q: string;
  status: StatusFilter;
  sort: SortState<K>;
  page: number;
}

/** How a list reads its URL state, which of it counts as filtering, and how many rows make a page. */
export interface ListSpec<S extends ListBaseState> {
  read: (params: URLSearchParams) => S;
  /** The values left out of the URL because they are what an empty query means. */
  defaults: Record<string, string>;
  /** Whether anything but the defaults narrows the list (the search, the status or one of the filters). */
  hasFilters: (state: S) => boolean;
  /** The URL keys of the list's own filters, lifted with the search and the status by "Clear filters". */
  filterKeys: readonly string[];
  pageSize: number;
}

export type ListStateOf<L> = L extends ListSpec<infer S> ? S : never;

export const LIST_PAGE_SIZE = 25;

/**
 * A list's spec from its sort keys (sorting ascending by `defaultSort` unless the URL says otherwise) and its filters:
 * each filter reads its URL value of the same name, null meaning "no filter".
 */
export function defineList<K extends string, F extends Record<string, unknown>>(config: {
  sortKeys: readonly K[];
  defaultSort: K;
  filters: { [P in keyof F]: (raw: string | null) => F[P] | null };
}): ListSpec<ListBaseState<K> & { [P in keyof F]: F[P] | null }> {
  type S = ListBaseState<K> & { [P in keyof F]: F[P] | null };
  const filterKeys = Object.keys(config.filters) as (keyof F & string)[];
  const fallback: SortState<K> = { key: config.defaultSort, direction: 'asc' };
  return {
    read: (params) => {
      const filters = Object.fromEntries(filterKeys.map((key) => [key, config.filters[key](params.get(key))]));
      return {
        q: params.get('q') ?? '',
        ...filters,
        status: parseStatus(params.get('status')),
        sort: parseSort(params.get('sort'), config.sortKeys, fallback),
        page: parsePage(params.get('page')),
      } as S;
    },
    defaults: { status: 'active', sort: config.defaultSort, page: '1' },
    hasFilters: (state) => state.q.trim() !== '' || state.status !== 'active' || filterKeys.some((key) => state[key] !== null),
    filterKeys,
    pageSize: LIST_PAGE_SIZE,
  };
}
