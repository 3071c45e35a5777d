import { useRef, useState, useSyncExternalStore } from 'react';
import { createGridStore, type GridStore } from '../lib/grid-store.ts';
import type { EntryGrid } from '../lib/entry-grid-model.ts';

/** A store for the grid, made once with the page (its first state from `initial`, read once). */
export function useNewGridStore(initial: () => EntryGrid): GridStore {
  const [store] = useState(() => createGridStore(initial()));
  return store;
}

/** The whole grid, drawn again on every change: for the table itself, whose rows are drawn again only when they change. */
export function useGrid(store: GridStore): EntryGrid {
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * One part of the grid, drawn again only when that part changes: `select` answers a row, say, or a string, and while
 * `same` holds between the part kept and the new one, the part kept is answered, so other rows' changes (and changes
 * the component does not show) leave the component alone.
 */
export function useGridPart<T>(
  store: GridStore,
  select: (grid: EntryGrid) => T,
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
