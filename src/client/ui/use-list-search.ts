import { useCallback, useMemo } from 'react';
import { nextSearch } from './list-state.ts';
import { useNewestSearch } from './use-newest-search.ts';

type ListSearchChanges = Record<string, string | null>;

/** Changes to the list's query, or how to work them out from the state as it is now (a sort's second click). */
export type ListSearchUpdate<S> = (
  changes: ListSearchChanges | ((current: S) => ListSearchChanges),
  options?: { push?: boolean },
) => void;

/**
 * A list's state kept in the URL query, so a view can be bookmarked and shared: read through `read`, changed through
 * `update` (values equal to `defaults` are left out; any change but the page goes back to page 1). Filter changes
 * replace the history entry; `push` adds one (paging), so Back returns to the previous page of results. Quick
 * changes in a row all stay (see useNewestSearch); a change that depends on the state (a sort's toggle) is given as a
 * function of it, so it reads the newest state asked for rather than the last one drawn.
 */
export function useListSearch<S>(read: (params: URLSearchParams) => S, defaults: Record<string, string>) {
  const { params, change } = useNewestSearch();
  const state = useMemo(() => read(params), [params, read]);
  const update = useCallback<ListSearchUpdate<S>>(
    (changes, options) =>
      change(
        (current) => nextSearch(current, typeof changes === 'function' ? changes(read(current)) : changes, defaults),
        options,
      ),
    [change, defaults, read],
  );
  return { state, update, params };
}
