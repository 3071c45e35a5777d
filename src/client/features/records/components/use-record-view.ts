import { useCallback, useMemo } from 'react';
import { readRecordQuery, recordQueryToSearch, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { useNewestSearch } from '../../../ui/use-newest-search.ts';

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
  const { params, change: changeSearch } = useNewestSearch();
  const read = useMemo(() => readRecordQuery(params), [params]);
  const change = useCallback<RecordViewChange>(
    (next, options) =>
      changeSearch((current) => {
        if (typeof next !== 'function') return recordQueryToSearch(next);
        const now = readRecordQuery(current);
        return now.ok ? recordQueryToSearch(next(now.query)) : null;
      }, options),
    [changeSearch],
  );
  return { read, change, params };
}
