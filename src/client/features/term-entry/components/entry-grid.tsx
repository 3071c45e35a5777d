import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { RECORD_FIELD_LABELS } from '../../../../shared/record-rules.ts';
import { FIGURE_SECTIONS } from '../../records/index.ts';
import type { GridField } from '../lib/cell-text.ts';
import { cellText, GRID_FIELDS, rowProblems, rowState, type EntryRow } from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { NO_OUTLIERS, outliersOf, type CellPosition, type GridViewStore } from '../lib/grid-view-store.ts';
import { COLUMN_HEADINGS, ENTRY_UI } from '../messages.ts';
import './entry-grid.css';
import { useStorePart } from './use-grid-store.ts';

/** The position a cell or its input carries (`data-cell="row:column"`), read back by the grid's one set of handlers. */
function cellPosition(element: Element | null): CellPosition | null {
  const [row, column] = (element?.getAttribute('data-cell') ?? '').split(':').map(Number);
  return row === undefined || column === undefined || Number.isNaN(row) || Number.isNaN(column) ? null : { row, column };
}

/** The position of a cell's input, or null for anything else. */
export const positionOf = (element: EventTarget | null): CellPosition | null =>
  element instanceof HTMLInputElement ? cellPosition(element) : null;

export const cellSelector = ({ row, column }: CellPosition) => `input[data-cell="${row}:${column}"]`;

/** What a cell says of itself, on the cell and on the editor's input over it: changed, refused, far from history. */
function cellMarks(row: EntryRow, field: GridField, problem: string | undefined, outliers: readonly string[]) {
  return {
    'data-changed': field in row.texts || (row.sending !== null && field in row.sending) || undefined,
    'data-outlier': (!problem && outliers.includes(field)) || undefined,
  };
}

/**
 * A row as text. It is drawn again only when its own row changes (a save, a paste, typing in it) or its marks far from
 * history do: moving the focus moves the editor over the rows and leaves them as they are.
 */
const Row = memo(function Row({
  row,
  index,
  outliers,
}: {
  row: EntryRow;
  index: number;
  /** Figures far from the program's history (the row being edited only): marked, the panel below says how far. */
  outliers: readonly string[];
}) {
  const problems = rowProblems(row);
  return (
    <tr data-state={rowState(row)}>
      <th scope="row" className="entry-program">
        {row.programName}
      </th>
      {GRID_FIELDS.map((field, column) => {
        const problem = problems[field]?.[0];
        // The text sits in the cell itself, with no element around it: a term of 100 programs is 2,700 cells.
        return (
          <td
            key={field}
            className="entry-cell"
            data-cell={`${index}:${column}`}
            data-invalid={problem ? true : undefined}
            title={problem}
            {...cellMarks(row, field, problem, outliers)}
          >
            {cellText(row, field)}
          </td>
        );
      })}
      <RowStatus row={row} />
    </tr>
  );
});

/** What the status column says of a row: its state, and how many problems it has. */
function RowStatus({ row }: { row: EntryRow }) {
  const state = rowState(row);
  const problemCount = Object.keys(rowProblems(row)).length;
  return (
    <td className="entry-status" data-testid="entry-row-state">
      {ENTRY_UI.state[state]}
      {problemCount > 0 && state !== 'saving' ? ` · ${ENTRY_UI.problems(problemCount)}` : ''}
    </td>
  );
}

/**
 * A row below the first screen, in the grid's first frame: its program and status, its figures' cells still to come
 * (one empty cell as wide as them). It becomes a whole row in the frames that follow (see `Rows`).
 */
function PendingRow({ row }: { row: EntryRow }) {
  return (
    <tr data-state={rowState(row)}>
      <th scope="row" className="entry-program">
        {row.programName}
      </th>
      <td className="entry-pending" colSpan={GRID_FIELDS.length} />
      <RowStatus row={row} />
    </tr>
  );
}

/**
 * Lays the editor over the row being edited: its place and height read from the row once it moves there, and again
 * whenever the rows change size (a row's status wrapping, rows out of view drawn at their real height).
 */
function useEditorPlace(body: RefObject<HTMLTableSectionElement | null>, activeRow: number) {
  const editor = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const row = body.current?.rows[activeRow];
    if (!row || !body.current) return;
    const place = () => {
      const style = editor.current?.style;
      if (!style) return;
      style.transform = `translateY(${row.offsetTop}px)`;
      style.height = `${row.offsetHeight}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(body.current);
    observer.observe(row);
    return () => observer.disconnect();
  }, [body, activeRow]);
  return editor;
}

/**
 * The row being edited, as inputs laid over its cells: one set of 27 inputs for the whole grid, moved from row to row
 * with the focus (decision 041). Moving it changes their values and labels, not the elements, and no row is drawn
 * again. It covers the row's program cell too (a copy, hidden from screen readers), which stays at the left edge
 * like the column under it, so the inputs never show through it when the grid is scrolled sideways.
 */
const Editor = memo(function Editor({
  store,
  view,
  readOnly,
  onChange,
  body,
  onFocusCell,
}: {
  store: GridStore;
  view: GridViewStore;
  readOnly: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The table's rows, to lay the editor over the one edited. */
  body: RefObject<HTMLTableSectionElement | null>;
  onFocusCell: (position: CellPosition, input: HTMLInputElement) => void;
}) {
  const index = useStorePart(view, (at) => at.activeRow);
  const row = useStorePart(store, (grid) => grid.rows[index] ?? null);
  const outliers = useStorePart(view, (at) => outliersOf(at, at.activeRow));
  const editor = useEditorPlace(body, index);
  // The editor is over the row now: the cell it was moved for takes the focus.
  useLayoutEffect(() => {
    const pending = view.get().pendingFocus;
    if (!pending || pending.row !== index) return;
    view.set({ pendingFocus: null });
    const input = editor.current?.querySelector<HTMLInputElement>(cellSelector(pending));
    if (!input) return;
    // Down a column the input is the one already focused, moved to the next row: no focus event says so.
    if (input === document.activeElement) onFocusCell(pending, input);
    else input.focus();
  }, [view, index, editor, onFocusCell]);
  if (!row) return null;
  const problems = rowProblems(row);
  return (
    <div className="entry-editor" ref={editor}>
      <div className="entry-program" aria-hidden="true">
        {row.programName}
      </div>
      {GRID_FIELDS.map((field, column) => {
        const problem = problems[field]?.[0];
        return (
          <input
            key={field}
            className="entry-input"
            data-cell={`${index}:${column}`}
            aria-label={ENTRY_UI.cellLabel(RECORD_FIELD_LABELS[field], row.programName)}
            aria-invalid={problem ? true : undefined}
            title={problem}
            {...cellMarks(row, field, problem, outliers)}
            value={cellText(row, field)}
            onChange={onChange}
            readOnly={readOnly}
            inputMode={field.startsWith('avg') || field.startsWith('coop') ? 'decimal' : 'numeric'}
            autoComplete="off"
            spellCheck={false}
          />
        );
      })}
    </div>
  );
});

/**
 * Rows drawn whole in the grid's first frame: more than its box shows (at most 48rem high, some 23 rows), so the first
 * screen is whole from the start.
 */
export const FIRST_ROWS = 30;

/**
 * The rows below the first screen become whole after the first frame is painted, in a render that yields to the
 * browser between rows (a transition), so the first screen is not kept waiting on 2,000 cells nobody sees yet.
 * `onComplete` is told once they are drawn.
 */
function useRestOfRows(onComplete: () => void): boolean {
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the first paint: the first draw is measured at its first timer, this one comes after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => (timer = setTimeout(() => startTransition(() => setWhole(true)), 0)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (whole) onComplete();
  }, [whole, onComplete]);
  return whole;
}

/**
 * The rows, one per program, apart from the table around them: a change of the figures or of the marks draws the rows
 * that changed and nothing else of the grid.
 */
const Rows = memo(function Rows({ store, view, onComplete }: { store: GridStore; view: GridViewStore; onComplete: () => void }) {
  const rows = useStorePart(store, (grid) => grid.rows);
  const marked = useStorePart(view, (at) => (at.outliers.row === at.activeRow ? at.activeRow : -1));
  const outliers = useStorePart(view, (at) => outliersOf(at, marked));
  const whole = useRestOfRows(onComplete);
  return rows.map((row, index) =>
    whole || index < FIRST_ROWS ? (
      <Row key={row.programId} row={row} index={index} outliers={index === marked ? outliers : NO_OUTLIERS} />
    ) : (
      <PendingRow key={row.programId} row={row} />
    ),
  );
});

/**
 * The grid of a whole term: programs as rows, figures as columns grouped as the record form groups them, the program
 * column and the headings sticky. Every cell is text; the row being edited has the editor laid over it, and a click on
 * a cell of another row or a key that moves there makes that row the one edited (`onPick`). The keys, paste and focus
 * are handled once, around the grid (each input says where it is), so typing in one row draws that row alone. The
 * table itself is not drawn again when the focus moves or a row changes: the editor and the rows read their parts.
 */
export function EntryGridTable({
  store,
  view,
  label,
  readOnly,
  onEdit,
  onPick,
  onKeyDown,
  onPaste,
  onFocusCell,
  onLeave,
  onRowsComplete,
}: {
  store: GridStore;
  view: GridViewStore;
  label: string;
  readOnly: boolean;
  onEdit: (position: CellPosition, text: string) => void;
  /** A cell of another row was clicked: edit that row, focus that cell. */
  onPick: (position: CellPosition) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, position: CellPosition) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>, position: CellPosition) => void;
  onFocusCell: (position: CellPosition, input: HTMLInputElement) => void;
  onLeave: () => void;
  /** Every row is drawn whole (the rows below the first screen come after the first frame). */
  onRowsComplete: () => void;
}) {
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const at = positionOf(event.currentTarget);
      if (at) onEdit(at, event.currentTarget.value);
    },
    [onEdit],
  );
  const at = (handler: (event: never, position: CellPosition) => void) => (event: { target: EventTarget }) => {
    const position = positionOf(event.target);
    if (position) handler(event as never, position);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus leaving the grid altogether (not moving to another cell) ends the row being edited.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
  };
  const body = useRef<HTMLTableSectionElement>(null);
  return (
    <div
      className="entry-scroll"
      role="region"
      aria-label={label}
      data-testid="entry-grid"
      style={{ '--entry-figures': GRID_FIELDS.length } as CSSProperties}
      onKeyDown={at(onKeyDown)}
      onPaste={at(onPaste)}
      onFocus={(event) => {
        const input: EventTarget = event.target;
        const position = positionOf(input);
        if (position && input instanceof HTMLInputElement) onFocusCell(position, input);
      }}
      onBlur={onBlur}
      onMouseDown={(event) => {
        if (event.target instanceof HTMLInputElement) return;
        const position = cellPosition((event.target as Element).closest('td[data-cell]'));
        if (!position) return;
        event.preventDefault(); // the focus goes to the cell's input once the editor is over its row
        onPick(position);
      }}
    >
      <table className="entry-grid">
        <thead>
          <tr>
            <th rowSpan={2} scope="col" className="entry-program entry-corner">
              {ENTRY_UI.program}
            </th>
            {FIGURE_SECTIONS.map((section) => (
              <th
                key={section.key}
                colSpan={section.fields.length}
                scope="colgroup"
                className="entry-section"
                style={{ gridColumn: `span ${section.fields.length}` }}
              >
                {section.title}
              </th>
            ))}
            <th rowSpan={2} scope="col" className="entry-status-head">
              {ENTRY_UI.status}
            </th>
          </tr>
          <tr>
            {GRID_FIELDS.map((field) => (
              <th key={field} scope="col" className="entry-heading" title={RECORD_FIELD_LABELS[field]}>
                {COLUMN_HEADINGS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          <Rows store={store} view={view} onComplete={onRowsComplete} />
        </tbody>
      </table>
      <Editor store={store} view={view} readOnly={readOnly} onChange={onChange} body={body} onFocusCell={onFocusCell} />
    </div>
  );
}
