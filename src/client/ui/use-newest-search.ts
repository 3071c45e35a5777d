import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Changes the URL query from the newest one asked for; returning null leaves it as it is. */
export type NewestSearchChange = (
  next: (current: URLSearchParams) => URLSearchParams | null,
  options?: { push?: boolean },
) => void;

/**
 * The URL query, and a way to change it that keeps every one of several quick changes. React Router hands its own
 * updater the query of the last render, so a change made before an earlier one has rendered (filters picked in quick
 * succession) would undo it. Changes here build on the newest query asked for: `asked` holds those the URL has not
 * shown yet, oldest first; a query nobody here asked for (Back, a link) clears it.
 */
export function useNewestSearch() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(params);
  const asked = useRef<string[]>([]);
  useEffect(() => {
    shown.current = params;
    const at = asked.current.indexOf(params.toString());
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [params]);
  const change = useCallback<NewestSearchChange>(
    (next, options) => {
      const newest = asked.current.at(-1);
      const search = next(newest === undefined ? shown.current : new URLSearchParams(newest));
      if (search === null) return;
      asked.current.push(search.toString());
      setParams(search, { replace: !options?.push, preventScrollReset: true });
    },
    [setParams],
  );
  return { params, change };
}
