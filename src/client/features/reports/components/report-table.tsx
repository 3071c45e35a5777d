import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, useId, type ReactNode } from 'react';
import { markOf, type DisclosureRule } from '../../../../shared/disclosure.ts';
import type { ReportColumn, SuppressionReason } from '../../../../shared/schemas/report.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import type { SortState } from '../../../ui/list-state.ts';
import { SortIcon } from '../../../ui/data-table.tsx';
import { UI_PIECES } from '../../../ui/messages.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { useProgressiveCount } from '../../../ui/use-progressive-count.ts';
import { rowFlag } from '../lib/report-flags.ts';
import type { ReportRowGroup } from '../lib/report-row-groups.ts';
import { ReportFlagMark } from './report-flag.tsx';
import { ReportGroupedRows } from './report-grouped-rows.tsx';
import { BODY, Cell, numeric, ReportRows } from './report-rows.tsx';
import { suppressedCellLabel, suppressionNoteId } from '../lib/report-suppression.ts';
import { headingMinWidth, leadingTextColumns, type ReportTableModel } from '../lib/report-table-model.ts';
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

/**
 * A heading that may end a line after a slash ("Mainland/<wbr>Southwest"), which browsers otherwise keep whole: a
 * narrow column, and a wide report on paper, stay narrow. The accessible name is unchanged.
 */
function headingWithBreaks(label: string): ReactNode {
  const parts = label.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
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
}

/**
 * A report as a table: headings sort the grouped rows (with `aria-sort`); the total of the rows shown and the
 * province row stay below them in the table's foot, in bold; numbers right-aligned and on one line; the header
 * follows the window down and a wide report scrolls sideways with its first column frozen (TableScroll). A
 * province figure hidden by disclosure control shows the mark and links to its footnote (ReportSuppressionNotes).
 */
export function ReportTable({ caption, columns, model, sort, onSort, grouping }: ReportTableProps) {
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
        horizontalSpacing="sm"
        tabularNums
        className="data-table report-table"
        data-testid="report-table"
        // While rows are still being added: busy, and the full count (heading row, body, foot) for screen readers.
        aria-busy={partial || undefined}
        aria-rowcount={partial ? 1 + total + model.pinned.length : undefined}
      >
        <VisuallyHidden component="caption">
          {caption} {anyHidden ? `${R.tableCaptionHidden} ` : ''}
          {UI_PIECES.table.sortHint}
        </VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  ta={numeric(column) ? 'right' : 'left'}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                  style={{ verticalAlign: 'bottom', minWidth: headingMinWidth(column) }}
                >
                  <UnstyledButton
                    onClick={() => onSort(column.key)}
                    className="data-table-sort"
                    data-active={direction ? true : undefined}
                  >
                    <Group gap={4} wrap="nowrap" justify={numeric(column) ? 'flex-end' : 'flex-start'} component="span">
                      <span>{headingWithBreaks(column.label)}</span>
                      <SortIcon direction={direction} />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        {grouping ? <ReportGroupedRows columns={columns} idPrefix={idPrefix} {...grouping} /> : null}
        {(grouping ? [] : slices).map((start) => (
          // Rows after the first slice wait, undrawn (hidden), until every slice is in: the table is then laid out
          // once, not once per slice (an auto-width table measures all its rows each time one is added).
          <tbody key={start} className={BODY} hidden={(start > 0 && partial) || undefined}>
            <ReportRows columns={columns} rows={model.rows} start={start} end={Math.min(start + REPORT_ROWS_PER_TASK, shown)} />
          </tbody>
        ))}
        <Table.Tfoot>
          {model.pinned.map(({ kind, row, hidden }, i) => (
            <Table.Tr
              key={kind}
              data-testid={`report-${kind}-row`}
              // The body above is not all there yet: say where these rows stand in the whole table.
              aria-rowindex={partial ? 2 + total + i : undefined}
            >
              <Table.Th scope="row" colSpan={lead} ta="left" style={{ whiteSpace: 'nowrap' }}>
                {kind === 'totals' ? R.totalRow : R.provinceRow}
                <ReportFlagMark flag={rowFlag(row)} />
              </Table.Th>
              {columns.slice(lead).map((column) => {
                const reason = hidden[column.key];
                return (
                  <Table.Td key={column.key} ta={numeric(column) ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
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
