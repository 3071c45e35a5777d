import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readRecordQuery, recordQueryToSearch, type RecordQuery } from '../../../../shared/find-criteria-url.ts';

export type RecordViewChange = (next: RecordQuery, options?: { push?: boolean }) => void;

/**
 * A record list's whole view (criteria, page, page size, sort) kept in the URL query, so Back, reload, bookmarks and
 * shared links show the same list. `read` is the view, or the reasons the URL's view cannot be used.
 */
export function useRecordView() {
  const [params, setParams] = useSearchParams();
  const read = useMemo(() => readRecordQuery(params), [params]);
  const change = useCallback<RecordViewChange>(
    (next, options) => setParams(recordQueryToSearch(next), { replace: !options?.push, preventScrollReset: true }),
    [setParams],
  );
  return { read, change, params };
}
