import { useRef, useState, useSyncExternalStore } from 'react';
import { createGridStore, type GridStore } from '../lib/grid-store.ts';
import type { EntryGrid } from '../lib/entry-grid-model.ts';
import type { GridView, GridViewStore } from '../lib/grid-view-store.ts';

/** A store for the grid, made once with the page (its first state from `initial`, read once). */
export function useNewGridStore(initial: () => EntryGrid): GridStore {
  const [store] = useState(() => createGridStore(initial()));
  return store;
}

/** The whole grid, drawn again on every change: for the phone's one program at a time. */
export function useGrid(store: GridStore): EntryGrid {
  return useSyncExternalStore(store.subscribe, store.get);
}

interface Readable<S> {
  get: () => S;
  subscribe: (listener: () => void) => () => void;
}

/**
 * One part of a store's state, drawn again only when that part changes: `select` answers a row, say, or a string,
 * and while `same` holds between the part kept and the new one, the part kept is answered, so other rows' changes
 * (and changes the component does not show) leave the component alone.
 */
function usePart<S, T>(store: Readable<S>, select: (state: S) => T, same: (kept: T, next: T) => boolean): T {
  const kept = useRef<{ part: T } | null>(null);
  return useSyncExternalStore(store.subscribe, () => {
    const next = select(store.get());
    if (kept.current && same(kept.current.part, next)) return kept.current.part;
    kept.current = { part: next };
    return next;
  });
}

/** One part of the grid's figures (see `usePart`). */
export function useGridPart<T>(
  store: GridStore,
  select: (grid: EntryGrid) => T,
  same: (kept: T, next: T) => boolean = Object.is,
): T {
  return usePart(store, select, same);
}

/** One part of where the person is in the grid (see `usePart`). */
export function useViewPart<T>(
  view: GridViewStore,
  select: (state: GridView) => T,
  same: (kept: T, next: T) => boolean = Object.is,
): T {
  return usePart(view, select, same);
}
