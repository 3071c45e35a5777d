import { Group, Skeleton, Stack, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ColumnChooser, useShownColumns } from './column-chooser.tsx';
import type { SortState } from './list-state.ts';
import { UI_PIECES } from './messages.ts';
import { TableScroll } from './table-scroll.tsx';
import './data-table.css';

export interface DataColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Whether the heading sorts the table (when the table sorts at all). Default true. */
  sortable?: boolean;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  /** Keep the cell on one line (codes, badges). */
  nowrap?: boolean;
  /** A floor for the column's width, so long names do not wrap word by word. */
  minWidth?: string;
}

export interface DataTableProps<Row> {
  /** What the table lists, read by screen readers as its caption. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: SortState;
  onSortChange?: (key: string) => void;
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown in place of the rows when there are none: say what to do next. */
  empty?: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  /**
   * Offers a choice of columns, remembered in this browser under this name. The first column, which says what the
   * row is, is always shown.
   */
  chooseColumns?: string;
  /** Rows drawn on a grey band (inactive items). */
  rowMuted?: (row: Row) => boolean;
  testId?: string;
}

/** The arrow by a heading: which way the column sorts, or that it can (plain to see, not a faint hint). */
export function SortIcon({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  const props = { size: 16, 'aria-hidden': true, stroke: 2.25 } as const;
  if (direction === 'asc') return <IconArrowUp {...props} />;
  if (direction === 'desc') return <IconArrowDown {...props} />;
  return <IconArrowsSort {...props} className="data-table-sort-idle" />;
}

/**
 * A data table in the house style: caption for screen readers, a header that follows the window down, headings that
 * sort (with `aria-sort`), numbers right-aligned and on one line, a frozen first column when the table scrolls
 * sideways, skeleton rows while loading and an empty state that says what to do.
 */
export function DataTable<Row>({
  caption,
  columns: allColumns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  skeletonRows = 8,
  empty,
  minWidth = 720,
  chooseColumns,
  rowMuted,
  testId,
}: DataTableProps<Row>) {
  const sortable = !!onSortChange && !!sort;
  const [shown, setHidden] = useShownColumns(chooseColumns, allColumns);
  const columns = shown;
  // Nothing to show: the empty state on its own, as wide as the page. In a cell across the table's columns it was as
  // wide as the table (720 px and more), so on a phone its words ran off the screen under headings over nothing.
  if (!loading && rows.length === 0) {
    return (
      <div className="data-table-empty" data-testid={testId}>
        <VisuallyHidden>{caption}</VisuallyHidden>
        {empty}
      </div>
    );
  }
  const table = (
    <TableScroll label={caption} testId={testId ? `${testId}-scroll` : undefined}>
      <Table
        striped={false}
        miw={minWidth}
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="sm"
        tabularNums
        aria-busy={loading || undefined}
        data-testid={testId}
        className="data-table"
      >
        <VisuallyHidden component="caption">
          {caption}
          {sortable ? `. ${UI_PIECES.table.sortHint}` : ''}
        </VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const canSort = sortable && column.sortable !== false;
              const direction = sort && sort.key === column.key ? sort.direction : undefined;
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  ta={column.numeric ? 'right' : 'left'}
                  aria-sort={
                    canSort ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined
                  }
                  data-numeric={column.numeric || undefined}
                  style={{ whiteSpace: 'nowrap', minWidth: column.minWidth }}
                >
                  {canSort ? (
                    <UnstyledButton
                      onClick={() => onSortChange(column.key)}
                      className="data-table-sort"
                      data-active={direction ? true : undefined}
                    >
                      <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'} component="span">
                        <span>{column.header}</span>
                        <SortIcon direction={direction} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} aria-hidden="true">
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={14} width={column.numeric ? '50%' : '80%'} ml={column.numeric ? 'auto' : 0} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-muted={rowMuted?.(row) || undefined}>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      ta={column.numeric ? 'right' : 'left'}
                      data-numeric={column.numeric || undefined}
                      style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
  if (!chooseColumns) return table;
  return (
    <Stack gap={6}>
      <Group justify="flex-end">
        <ColumnChooser columns={allColumns} shown={shown} onChange={setHidden} testId={testId} />
      </Group>
      {table}
    </Stack>
  );
}
