import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readRecordQuery, recordQueryToSearch, type RecordQuery } from '../../../../shared/find-criteria-url.ts';

/** A new view, or how to change the view as it is now (two quick changes must not undo each other). */
export type RecordViewChange = (
  next: RecordQuery | ((current: RecordQuery) => RecordQuery),
  options?: { push?: boolean },
) => void;

/**
 * A record list's whole view (criteria, page, page size, sort) kept in the URL query, so Back, reload, bookmarks and
 * shared links show the same list. `read` is the view, or the reasons the URL's view cannot be used.
 */
export function useRecordView() {
  const [params, setParams] = useSearchParams();
  const read = useMemo(() => readRecordQuery(params), [params]);
  // React Router hands its own updater the query of the last render, so a change made before an earlier one has
  // rendered (filters picked in quick succession) would undo it. So changes build on the newest query asked for:
  // `asked` holds those the URL has not shown yet, oldest first; a query nobody here asked for (Back) clears it.
  const shown = useRef(params);
  const asked = useRef<string[]>([]);
  useEffect(() => {
    shown.current = params;
    const at = asked.current.indexOf(params.toString());
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [params]);
  const change = useCallback<RecordViewChange>(
    (next, options) => {
      let search: URLSearchParams;
      if (typeof next === 'function') {
        const newest = asked.current.at(-1);
        const now = readRecordQuery(newest === undefined ? shown.current : new URLSearchParams(newest));
        if (!now.ok) return;
        search = recordQueryToSearch(next(now.query));
      } else {
        search = recordQueryToSearch(next);
      }
      asked.current.push(search.toString());
      setParams(search, { replace: !options?.push, preventScrollReset: true });
    },
    [setParams],
  );
  return { read, change, params };
}
