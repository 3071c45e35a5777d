import { gridReducer, type EntryGrid, type GridAction } from './entry-grid-model.ts';

/**
 * The grid's state, held outside React: an action applies at once, so the handler of the key that leaves a row reads
 * what was just typed and starts the row's save there and then, before React draws anything (decision 041). React
 * draws the state through `useSyncExternalStore`.
 */
export interface GridStore {
  get: () => EntryGrid;
  dispatch: (action: GridAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createGridStore(initial: EntryGrid): GridStore {
  let grid = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => grid,
    dispatch: (action) => {
      const next = gridReducer(grid, action);
      if (next === grid) return;
      grid = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
