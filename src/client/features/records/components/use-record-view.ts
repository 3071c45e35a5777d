import { useCallback, useMemo } from 'react';
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
  const change = useCallback<RecordViewChange>(
    (next, options) =>
      setParams(
        (current) => {
          if (typeof next !== 'function') return recordQueryToSearch(next);
          // The URL as it is now, not as it was at the last render: a change made since then is kept.
          const now = readRecordQuery(current);
          return now.ok ? recordQueryToSearch(next(now.query)) : current;
        },
        { replace: !options?.push, preventScrollReset: true },
      ),
    [setParams],
  );
  return { read, change, params };
}
