import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiError } from './api-client.ts';
import { staleEdit } from './stale-edit.ts';

/** Changes the row with this id in a cached list; a list that is not cached stays so. */
export function updateCachedRow<T extends { id: number }>(
  queryClient: QueryClient,
  listKey: QueryKey,
  id: number,
  change: (row: T) => T,
): void {
  queryClient.setQueryData<T[]>(listKey, (list) => list?.map((row) => (row.id === id ? change(row) : row)));
}

/** How a feature puts a write's answer, the saved item, into the cache (and what it has refetched). */
export type StoreSaved<T> = (queryClient: QueryClient, saved: T) => Promise<void>;

/**
 * A write that answers the saved item, which `store` puts into the cache once the write succeeds. `stale`: the item's
 * schema where an edit made from an older version is refused with the item as it is now (decision 044), which is
 * stored the same way, so the page shows the newer change.
 */
export function useSaveMutation<T, V = void>(write: (variables: V) => Promise<T>, store: StoreSaved<T>, stale?: z.ZodType<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, ApiError, V>({
    mutationFn: write,
    onSuccess: (saved) => store(queryClient, saved),
    onError: (error) => {
      const refused = stale ? staleEdit(error, stale) : null;
      if (refused) void store(queryClient, refused.current);
    },
  });
}
