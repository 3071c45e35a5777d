import { useRef, useState, useSyncExternalStore } from 'react';
import { createGridStore, type GridStore } from '../lib/grid-store.ts';
import type { EntryGrid } from '../lib/entry-grid-model.ts';

/** A store for the grid, made once with the page (its first state from `initial`, read once). */
export function useNewGridStore(initial: () => EntryGrid): GridStore {
  const [store] = useState(() => createGridStore(initial()));
  return store;
}

/** The whole grid, drawn again on every change: for the phone's one program at a time. */
export function useGrid(store: GridStore): EntryGrid {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** A store held outside React: the grid's figures (lib/grid-store.ts) or where the person is (lib/grid-view-store.ts). */
interface Readable<S> {
  get: () => S;
  subscribe: (listener: () => void) => () => void;
}

/**
 * One part of a store's state, drawn again only when that part changes: `select` answers a row, say, or a string,
 * and while `same` holds between the part kept and the new one, the part kept is answered, so other rows' changes
 * (and changes the component does not show) leave the component alone.
 */
export function useStorePart<S, T>(
  store: Readable<S>,
  select: (state: S) => T,
  same: (kept: T, next: T) => boolean = Object.is,
): T {
  const kept = useRef<{ part: T } | null>(null);
  return useSyncExternalStore(store.subscribe, () => {
    const next = select(store.get());
    if (kept.current && same(kept.current.part, next)) return kept.current.part;
    kept.current = { part: next };
    return next;
  });
}
