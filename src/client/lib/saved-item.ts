import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiError } from './api-client.ts';

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

/** A write that answers the saved item, which `store` puts into the cache once the write succeeds. */
export function useSaveMutation<T, V = void>(write: (variables: V) => Promise<T>, store: StoreSaved<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, ApiError, V>({ mutationFn: write, onSuccess: (saved) => store(queryClient, saved) });
}
