/** A cell of the grid: its row (program) and column (figure). */
export interface CellPosition {
  row: number;
  column: number;
}

/**
 * Where the person is in the grid, apart from the figures (lib/grid-store.ts): the row the editor is over, the cell
 * to focus once it is there, the row focused last (the panel follows it), and the figures of the panel's row far
 * from its history. Held outside React, as the figures are, so moving the focus draws the editor and the rows it
 * marks, not the page around the grid (decision 041).
 */
export interface GridView {
  /** The row the editor is laid over: the one focused, else the last one. */
  activeRow: number;
  /** The cell to focus once the editor is over its row. */
  pendingFocus: CellPosition | null;
  /** The row focused last: it stays in the panel when the focus leaves the grid. */
  detailsRow: number;
  /** The panel's row and its figures far from its program's history, marked in that row while it is edited. */
  outliers: { row: number; fields: readonly string[] };
}

export interface GridViewStore {
  get: () => GridView;
  /** Changes the parts given; tells the listeners only when one of them is a different value. */
  set: (change: Partial<GridView>) => void;
  subscribe: (listener: () => void) => () => void;
}

export const NO_OUTLIERS: readonly string[] = [];

export function createGridViewStore(): GridViewStore {
  let view: GridView = { activeRow: 0, pendingFocus: null, detailsRow: 0, outliers: { row: 0, fields: NO_OUTLIERS } };
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    set: (change) => {
      if ((Object.keys(change) as (keyof GridView)[]).every((key) => Object.is(view[key], change[key]))) return;
      view = { ...view, ...change };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The figures marked far from history in a row: only the row being edited, and only while the panel shows it. */
export function outliersOf(view: GridView, row: number): readonly string[] {
  return view.activeRow === row && view.outliers.row === row ? view.outliers.fields : NO_OUTLIERS;
}
