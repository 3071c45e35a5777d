import { useCallback, useMemo } from 'react';
import { nextSearch } from './list-state.ts';
import { useNewestSearch } from './use-newest-search.ts';

export type ListSearchUpdate = (changes: Record<string, string | null>, options?: { push?: boolean }) => void;

/**
 * A list's state kept in the URL query, so a view can be bookmarked and shared: read through `read`, changed through
 * `update` (values equal to `defaults` are left out; any change but the page goes back to page 1). Filter changes
 * replace the history entry; `push` adds one (paging), so Back returns to the previous page of results. Quick
 * changes in a row all stay (see useNewestSearch).
 */
export function useListSearch<S>(read: (params: URLSearchParams) => S, defaults: Record<string, string>) {
  const { params, change } = useNewestSearch();
  const state = useMemo(() => read(params), [params, read]);
  const update = useCallback<ListSearchUpdate>(
    (changes, options) => change((current) => nextSearch(current, changes, defaults), options),
    [change, defaults],
  );
  return { state, update, params };
}
