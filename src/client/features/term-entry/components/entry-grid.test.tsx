// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { gridOf, GRID_FIELDS } from '../lib/entry-grid-model.ts';
import { createGridStore } from '../lib/grid-store.ts';
import { createGridViewStore } from '../lib/grid-view-store.ts';
import { EntryGridTable, FIRST_ROWS } from './entry-grid.tsx';

useDomRendering();

const PROGRAMS = FIRST_ROWS + 12;
const rows = Array.from({ length: PROGRAMS }, (_, n) => ({ program_id: 100 + n, program_name: `Program ${n}`, record: null }));

function renderGrid(onFocusCell = vi.fn(), onRowsComplete = vi.fn()) {
  const store = createGridStore(gridOf(rows));
  const view = createGridViewStore();
  const element = renderInDom(
    <EntryGridTable
      store={store}
      view={view}
      label="Figures"
      readOnly={false}
      onEdit={(at, text) => store.dispatch({ type: 'edit', row: at.row, field: GRID_FIELDS[at.column]!, text })}
      onPick={vi.fn()}
      onKeyDown={vi.fn()}
      onPaste={vi.fn()}
      onFocusCell={onFocusCell}
      onLeave={vi.fn()}
      onRowsComplete={onRowsComplete}
    />,
  );
  return { element, store, view };
}

/** The frames after the first: the rows below the first screen are drawn whole then. */
const nextFrames = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

const wholeRows = (element: HTMLElement) => element.querySelectorAll('td[data-cell$=":0"]').length;

describe('the whole-term grid as drawn', () => {
  it('draws the first screen whole at once, every other row by its program and state, and all whole right after', async () => {
    const onRowsComplete = vi.fn();
    const { element } = renderGrid(vi.fn(), onRowsComplete);
    expect(element.querySelectorAll('[data-testid="entry-row-state"]')).toHaveLength(PROGRAMS);
    expect(element.querySelectorAll('tbody th[scope="row"]')).toHaveLength(PROGRAMS);
    expect(wholeRows(element)).toBe(FIRST_ROWS);
    expect(onRowsComplete).not.toHaveBeenCalled();
    await nextFrames();
    expect(wholeRows(element)).toBe(PROGRAMS);
    expect(element.querySelectorAll(`tbody tr:last-child td[data-cell]`)).toHaveLength(GRID_FIELDS.length);
    expect(onRowsComplete).toHaveBeenCalledTimes(1);
  });

  it('moves the editor over the row it is sent to and focuses the cell it was sent for', async () => {
    const onFocusCell = vi.fn();
    const { element, view } = renderGrid(onFocusCell);
    await nextFrames();
    act(() => view.set({ activeRow: FIRST_ROWS + 3, pendingFocus: { row: FIRST_ROWS + 3, column: 4 } }));
    const input = element.querySelector<HTMLInputElement>(`input[data-cell="${FIRST_ROWS + 3}:4"]`);
    expect(input).not.toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input!.getAttribute('aria-label')).toContain(`Program ${FIRST_ROWS + 3}`);
    expect(view.get().pendingFocus).toBeNull();
    expect(element.querySelectorAll('input[data-cell]')).toHaveLength(GRID_FIELDS.length);
  });

  it('shows what is typed in the row typed in, and its state', async () => {
    const { element, store } = renderGrid();
    await nextFrames();
    act(() => store.dispatch({ type: 'edit', row: 1, field: GRID_FIELDS[0]!, text: '12' }));
    expect(element.querySelector('td[data-cell="1:0"]')!.textContent).toBe('12');
    expect(element.querySelector('td[data-cell="1:0"]')!.hasAttribute('data-changed')).toBe(true);
    expect(element.querySelectorAll('[data-testid="entry-row-state"]')[1]!.textContent).toBe('Not saved yet');
    expect(element.querySelectorAll('[data-testid="entry-row-state"]')[0]!.textContent).toBe('No record');
  });
});
