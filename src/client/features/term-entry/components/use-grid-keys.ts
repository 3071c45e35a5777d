import { useCallback, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { notify } from '../../../lib/notifications.ts';
import { cellText, GRID_FIELDS, pasteProblem } from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { isCellBlock, MAX_PASTE_CHARACTERS, parsePasteTable } from '../lib/paste-table.ts';
import { ENTRY_UI } from '../messages.ts';
import type { CellPosition } from '../lib/grid-view-store.ts';

/**
 * The grid's keys and paste, as in a spreadsheet: arrows, Enter and Home/End move (left and right only from the edge
 * of the text), Escape puts the cell back as it was when it took the focus, Ctrl+Z undoes the last paste once the
 * cell's own typing is undone. A block pasted from a spreadsheet spreads from the focused cell, or not at all.
 */
export function useGridKeys({
  store,
  goTo,
  readOnly,
  focusText,
  flush,
  announce: setAnnouncement,
}: {
  store: GridStore;
  /** Focuses a cell, drawing its row as inputs first when it is not the row being edited. */
  goTo: (position: CellPosition) => void;
  readOnly: boolean;
  /** What the focused cell showed when it took the focus (or after a paste or its undo): Escape's and Ctrl+Z's mark. */
  focusText: RefObject<string>;
  /** Rows to save at once, the focused one too (after a paste or its undo). */
  flush: RefObject<Set<number>>;
  announce: (message: string) => void;
}) {
  const moveTo = useCallback(
    (position: CellPosition) =>
      goTo({
        row: Math.max(0, Math.min(store.get().rows.length - 1, position.row)),
        column: Math.max(0, Math.min(GRID_FIELDS.length - 1, position.column)),
      }),
    [goTo, store],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, at: CellPosition) => {
    const input = event.currentTarget instanceof HTMLInputElement ? event.currentTarget : (event.target as HTMLInputElement);
    const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const go = (to: CellPosition) => {
      event.preventDefault();
      moveTo(to);
    };
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowDown':
        return go({ ...at, row: at.row + 1 });
      case 'ArrowUp':
        return go({ ...at, row: at.row - 1 });
      case 'Enter':
        return go({ ...at, row: at.row + (event.shiftKey ? -1 : 1) });
      case 'Tab': {
        // Within a row the browser moves; from its last cell to the next row's first (and back), as a spreadsheet.
        const last = GRID_FIELDS.length - 1;
        if (!event.shiftKey && at.column === last && at.row < store.get().rows.length - 1) go({ row: at.row + 1, column: 0 });
        if (event.shiftKey && at.column === 0 && at.row > 0) go({ row: at.row - 1, column: last });
        return;
      }
      case 'ArrowRight':
        if (all || input.selectionStart === input.value.length) go({ ...at, column: at.column + 1 });
        return;
      case 'ArrowLeft':
        if (all || input.selectionEnd === 0) go({ ...at, column: at.column - 1 });
        return;
      case 'Home':
        if (ctrl) go({ row: 0, column: 0 });
        else if (all || input.value === '') go({ ...at, column: 0 });
        return;
      case 'End':
        if (ctrl) go({ row: store.get().rows.length - 1, column: GRID_FIELDS.length - 1 });
        else if (all || input.value === '') go({ ...at, column: GRID_FIELDS.length - 1 });
        return;
      case 'Escape':
        event.preventDefault();
        store.dispatch({ type: 'restore', row: at.row, field: GRID_FIELDS[at.column]!, text: focusText.current });
        requestAnimationFrame(() => input.select());
        return;
      default: {
        const { undo, rows } = store.get();
        if (ctrl && !event.shiftKey && event.key.toLowerCase() === 'z' && undo) {
          const field = GRID_FIELDS[at.column]!;
          const row = rows[at.row];
          if (!row || cellText(row, field) !== focusText.current) return; // the browser undoes this cell's typing first
          event.preventDefault();
          focusText.current = undo.find((u) => u.row === at.row)?.before[field] ?? focusText.current;
          for (const { row: n } of undo) flush.current.add(n);
          store.dispatch({ type: 'undoPaste' });
          setAnnouncement(ENTRY_UI.undone);
        }
      }
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, at: CellPosition) => {
    if (readOnly) return;
    const text = event.clipboardData.getData('text/plain');
    // One value goes into the cell as the browser pastes it; a block of cells is spread from this cell.
    if (!isCellBlock(text)) return;
    event.preventDefault();
    if (text.length > MAX_PASTE_CHARACTERS) return refusePaste(ENTRY_UI.pasteTooBig);
    const block = parsePasteTable(text);
    const problem = pasteProblem(store.get(), at.row, at.column, block);
    if (problem) return refusePaste(problem);
    block.forEach((_, n) => flush.current.add(at.row + n));
    store.dispatch({ type: 'paste', row: at.row, column: at.column, block });
    const cells = block.reduce((sum, cellsOfRow) => sum + cellsOfRow.length, 0);
    setAnnouncement(ENTRY_UI.pasted(cells, block.length));
    // The pasted value is the cell's starting point now: Escape keeps it, Ctrl+Z undoes the paste.
    focusText.current = block[0]![0]!.trim();
  };
  const refusePaste = (message: string) => {
    setAnnouncement(message);
    notify({ level: 'error', message });
  };

  return { onKeyDown, onPaste };
}
