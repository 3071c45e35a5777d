import { Table, VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { markOf, type DisclosureRule } from '../../../../shared/disclosure.ts';
import type { ReportColumn, SuppressionReason } from '../../../../shared/schemas/report.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import type { SortState } from '../../../ui/list-state.ts';
import { UI_PIECES } from '../../../ui/messages.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { useProgressiveCount } from '../../../ui/use-progressive-count.ts';
import { rowFlag } from '../lib/report-flags.ts';
import type { ReportRowGroup } from '../lib/report-row-groups.ts';
import { ReportFlagMark } from './report-flag.tsx';
import { ReportGroupedRows } from './report-grouped-rows.tsx';
import { BODY, Cell, numeric, OPTIONAL_CELL, ReportRows } from './report-rows.tsx';
import { suppressedCellLabel, suppressionNoteId } from '../lib/report-suppression.ts';
import { reportHead, type ReportHead } from '../lib/report-column-groups.ts';
import { leadingTextColumns, type ReportTableModel } from '../lib/report-table-model.ts';
import { ReportTableHead } from './report-table-head.tsx';
import { REPORT_UI } from '../messages.ts';
import '../../../ui/data-table.css';

const R = REPORT_UI.result;

/**
 * A figure hidden by disclosure control: the mark to the eye, "hidden" and why to a screen reader, and a link to the
 * footnote line that explains it (never the en dash, which means "no data").
 */
function HiddenCell({ reason, rule }: { reason: SuppressionReason; rule: DisclosureRule }) {
  return (
    <a href={`#${suppressionNoteId(reason)}`} className="report-suppressed" data-testid="report-hidden-cell">
      <span aria-hidden="true">{markOf(reason)}</span>
      <VisuallyHidden>{suppressedCellLabel(reason, rule)}</VisuallyHidden>
    </a>
  );
}

/** "Total (institutions shown)" as the row's name and, after a line break if need be, what it covers, smaller. */
function PinnedLabel({ label }: { label: string }) {
  const cut = label.indexOf(' (');
  if (cut < 0) return label;
  return (
    <>
      {label.slice(0, cut)} <span className="report-pinned-scope">{label.slice(cut + 1)}</span>
    </>
  );
}

/** Rows drawn per task: the first ones paint at once, the rest follow without one long task (issue 21). */
export const REPORT_ROWS_PER_TASK = 100;

export interface ReportTableProps {
  caption: string;
  columns: readonly ReportColumn[];
  model: ReportTableModel;
  sort: SortState | null;
  onSort: (key: string) => void;
  /** A long report grouped by institution (report-grouped-rows.tsx): its groups, which are open, and the toggle. */
  grouping?: { groups: readonly ReportRowGroup[]; isOpen: (label: string) => boolean; onToggle: (label: string) => void };
  /** How the columns are headed (report-column-groups.ts); each column under its own label when not given. */
  head?: ReportHead;
  /** Hide the head's optional columns on screen (they print all the same). */
  hideOptional?: boolean;
}

/**
 * A report as a table: headings sort the grouped rows (with `aria-sort`); the total of the rows shown and the
 * province row stay below them in the table's foot, in bold; numbers right-aligned and on one line; the header
 * follows the window down and a wide report scrolls sideways with its first column frozen (TableScroll). A
 * province figure hidden by disclosure control shows the mark and links to its footnote (ReportSuppressionNotes).
 */
export function ReportTable({ caption, columns, model, sort, onSort, grouping, head, hideOptional }: ReportTableProps) {
  const shownHead = useMemo(() => head ?? reportHead(columns), [head, columns]);
  // The rows are drawn from the headed columns, which say which of them are optional.
  const cellColumns = shownHead.columns;
  const headRows = shownHead.top ? 2 : 1;
  const idPrefix = `report-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const rule = useSiteConfig().disclosure;
  const lead = Math.max(1, leadingTextColumns(columns));
  const anyHidden = model.pinned.some(({ hidden }) => Object.keys(hidden).length > 0);
  const total = model.rows.length;
  // Grouped rows are drawn group by group as they are opened, not in slices.
  const shown = useProgressiveCount(grouping ? 0 : total, REPORT_ROWS_PER_TASK);
  const partial = !grouping && shown < total;
  const slices: number[] = [];
  for (let start = 0; start < shown; start += REPORT_ROWS_PER_TASK) slices.push(start);
  return (
    <TableScroll label={caption} className="report-table-scroll" testId="report-table-scroll">
      <Table
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="xs"
        tabularNums
        className="data-table report-table"
        data-testid="report-table"
        data-hide-optional={(hideOptional && shownHead.optional.length > 0) || undefined}
        // While rows are still being added: busy, and the full count (heading row, body, foot) for screen readers.
        aria-busy={partial || undefined}
        aria-rowcount={partial ? headRows + total + model.pinned.length : undefined}
      >
        <VisuallyHidden component="caption">
          {caption} {anyHidden ? `${R.tableCaptionHidden} ` : ''}
          {UI_PIECES.table.sortHint}
        </VisuallyHidden>
        <ReportTableHead head={shownHead} sort={sort} onSort={onSort} />
        {grouping ? <ReportGroupedRows columns={cellColumns} idPrefix={idPrefix} {...grouping} /> : null}
        {(grouping ? [] : slices).map((start) => (
          // Rows after the first slice wait, undrawn (hidden), until every slice is in: the table is then laid out
          // once, not once per slice (an auto-width table measures all its rows each time one is added).
          <tbody key={start} className={BODY} hidden={(start > 0 && partial) || undefined}>
            <ReportRows
              columns={cellColumns}
              rows={model.rows}
              start={start}
              end={Math.min(start + REPORT_ROWS_PER_TASK, shown)}
            />
          </tbody>
        ))}
        <Table.Tfoot>
          {model.pinned.map(({ kind, row, hidden }, i) => (
            <Table.Tr
              key={kind}
              data-testid={`report-${kind}-row`}
              // The body above is not all there yet: say where these rows stand in the whole table.
              aria-rowindex={partial ? headRows + 1 + total + i : undefined}
            >
              <Table.Th scope="row" colSpan={lead} ta="left" className="report-pinned-label">
                <PinnedLabel label={kind === 'totals' ? R.totalRow : R.provinceRow} />
                <ReportFlagMark flag={rowFlag(row)} />
              </Table.Th>
              {cellColumns.slice(lead).map((column) => {
                const reason = hidden[column.key];
                return (
                  <Table.Td
                    key={column.key}
                    ta={numeric(column) ? 'right' : 'left'}
                    className={column.optional ? OPTIONAL_CELL : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {reason ? <HiddenCell reason={reason} rule={rule} /> : <Cell column={column} value={row[column.key]} />}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}
