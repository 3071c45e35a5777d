import { memo, useCallback, type ChangeEvent, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { RECORD_FIELD_LABELS } from '../../../../shared/record-rules.ts';
import { FIGURE_SECTIONS } from '../../records/index.ts';
import { cellText, GRID_FIELDS, rowProblems, rowState, type EntryGrid, type EntryRow } from '../lib/entry-grid-model.ts';
import { COLUMN_HEADINGS, ENTRY_UI } from '../messages.ts';
import './entry-grid.css';

export interface CellPosition {
  row: number;
  column: number;
}

/** The position a cell or its input carries (`data-cell="row:column"`), read back by the grid's one set of handlers. */
function cellPosition(element: Element | null): CellPosition | null {
  const [row, column] = (element?.getAttribute('data-cell') ?? '').split(':').map(Number);
  return row === undefined || column === undefined || Number.isNaN(row) || Number.isNaN(column) ? null : { row, column };
}

/** The position of a cell's input, or null for anything else. */
export const positionOf = (element: EventTarget | null): CellPosition | null =>
  element instanceof HTMLInputElement ? cellPosition(element) : null;

export const cellSelector = ({ row, column }: CellPosition) => `input[data-cell="${row}:${column}"]`;

const NONE: readonly string[] = [];

const Row = memo(function Row({
  row,
  index,
  active,
  outliers,
  readOnly,
  onChange,
}: {
  row: EntryRow;
  index: number;
  /** Figures far from the program's history (the row being edited only): marked, the panel below says how far. */
  outliers: readonly string[];
  /** The row being edited: its cells are inputs; the others show their text (2,700 inputs cost the browser ~100 ms a frame). */
  active: boolean;
  readOnly: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const problems = rowProblems(row);
  const state = rowState(row);
  const problemCount = Object.keys(problems).length;
  const sending = row.sending ?? {};
  return (
    <tr data-state={state}>
      <th scope="row" className="entry-program">
        {row.programName}
      </th>
      {GRID_FIELDS.map((field, column) => {
        const problem = problems[field]?.[0];
        const changed = field in row.texts || field in sending;
        const position = `${index}:${column}`;
        return (
          <td
            key={field}
            className="entry-cell"
            data-cell={active ? undefined : position}
            data-changed={changed || undefined}
            data-invalid={problem ? true : undefined}
            data-outlier={!problem && outliers.includes(field) ? true : undefined}
            title={problem}
          >
            {active ? (
              <input
                data-cell={position}
                aria-label={ENTRY_UI.cellLabel(RECORD_FIELD_LABELS[field], row.programName)}
                aria-invalid={problem ? true : undefined}
                value={cellText(row, field)}
                onChange={onChange}
                readOnly={readOnly}
                inputMode={field.startsWith('avg') || field.startsWith('coop') ? 'decimal' : 'numeric'}
                autoComplete="off"
                spellCheck={false}
              />
            ) : (
              <span className="entry-value">{cellText(row, field)}</span>
            )}
          </td>
        );
      })}
      <td className="entry-status" data-testid="entry-row-state">
        {ENTRY_UI.state[state]}
        {problemCount > 0 && state !== 'saving' ? ` · ${ENTRY_UI.problems(problemCount)}` : ''}
      </td>
    </tr>
  );
});

/**
 * The grid of a whole term: programs as rows, figures as columns grouped as the record form groups them, the program
 * column and the headings sticky. The row being edited is inputs, the others text: a click on a cell or a key that
 * moves there makes its row the one edited (`onPick`). The keys, paste and focus are handled once, on the table (each
 * input says where it is), so typing in one row draws that row alone.
 */
export function EntryGridTable({
  grid,
  activeRow,
  outliers,
  label,
  readOnly,
  onEdit,
  onPick,
  onKeyDown,
  onPaste,
  onFocusCell,
  onLeave,
}: {
  grid: EntryGrid;
  activeRow: number;
  outliers: readonly string[];
  label: string;
  readOnly: boolean;
  onEdit: (position: CellPosition, text: string) => void;
  /** A cell of another row was clicked: edit that row, focus that cell. */
  onPick: (position: CellPosition) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, position: CellPosition) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>, position: CellPosition) => void;
  onFocusCell: (position: CellPosition, input: HTMLInputElement) => void;
  onLeave: () => void;
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
  const onBlur = (event: FocusEvent<HTMLTableElement>) => {
    // Focus leaving the grid altogether (not moving to another cell) ends the row being edited.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
  };
  return (
    <div className="entry-scroll" role="region" aria-label={label} data-testid="entry-grid">
      <table
        className="entry-grid"
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
          event.preventDefault(); // the focus goes to the cell's input once its row is drawn as inputs
          onPick(position);
        }}
      >
        <colgroup>
          <col className="entry-col-program" />
          {GRID_FIELDS.map((field) => (
            <col key={field} className="entry-col-figure" />
          ))}
          <col className="entry-col-status" />
        </colgroup>
        <thead>
          <tr>
            <th rowSpan={2} scope="col" className="entry-program entry-corner">
              {ENTRY_UI.program}
            </th>
            {FIGURE_SECTIONS.map((section) => (
              <th key={section.key} colSpan={section.fields.length} scope="colgroup" className="entry-section">
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
        <tbody>
          {grid.rows.map((row, index) => (
            <Row
              key={row.programId}
              row={row}
              index={index}
              active={index === activeRow}
              outliers={index === activeRow ? outliers : NONE}
              readOnly={readOnly}
              onChange={onChange}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
