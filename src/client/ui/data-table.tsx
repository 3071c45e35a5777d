import { Group, Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortState } from './list-state.ts';
import { UI_PIECES } from './messages.ts';
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
  /** Above this height the table scrolls, its header staying in view. */
  maxHeight?: string;
  /** Rows drawn on a grey band (inactive items). */
  rowMuted?: (row: Row) => boolean;
  testId?: string;
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | undefined }) {
  const props = { size: 14, 'aria-hidden': true, stroke: 2 } as const;
  if (direction === 'asc') return <IconArrowUp {...props} />;
  if (direction === 'desc') return <IconArrowDown {...props} />;
  return <IconArrowsSort {...props} style={{ opacity: 0.55 }} />;
}

/**
 * A data table in the house style: caption for screen readers, a header that stays in view, headings that sort
 * (with `aria-sort`), numbers right-aligned, skeleton rows while loading and an empty state that says what to do.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  skeletonRows = 8,
  empty,
  minWidth = 720,
  maxHeight = 'min(70vh, 52rem)',
  rowMuted,
  testId,
}: DataTableProps<Row>) {
  const sortable = !!onSortChange && !!sort;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight} type="native" className="data-table-scroll">
      <Table
        stickyHeader
        striped={false}
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
          {loading ? (
            Array.from({ length: skeletonRows }, (_, i) => (
              <Table.Tr key={`skeleton-${i}`} aria-hidden="true">
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    <Skeleton height={14} width={column.numeric ? '50%' : '80%'} ml={column.numeric ? 'auto' : 0} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length} py="lg">
                {empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-muted={rowMuted?.(row) || undefined}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.numeric ? 'right' : 'left'}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
