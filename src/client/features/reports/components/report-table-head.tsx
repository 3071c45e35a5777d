import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortState } from '../../../ui/list-state.ts';
import { SortIcon } from '../../../ui/data-table.tsx';
import type { HeadedColumn, ReportHead } from '../lib/report-column-groups.ts';
import { headingLines, headingMinWidth } from '../lib/report-table-model.ts';
import { numeric, OPTIONAL_CELL } from './report-rows.tsx';

/**
 * A heading in its two parts (headingLines), each kept whole, the sort arrow after the last word: a narrow column sets
 * it on two lines and a wide one on one; a two-line heading carries its arrow on a line of its own words instead of
 * a column of its own, which at 1366 px made a wide report a screen and a half wide (issue 30). A break after a slash
 * ("Mainland/<wbr>Southwest") is allowed explicitly, as browsers otherwise keep such a word whole.
 */
function HeadingText({ text, icon }: { text: string; icon: ReactNode }) {
  const [first, second] = headingLines(text);
  const end = (words: string) => (
    <span className="report-heading-part">
      {words}
      {icon}
    </span>
  );
  if (second === undefined) return <span className="report-heading">{end(first)}</span>;
  return (
    <span className="report-heading">
      <span className="report-heading-part">{first.trimEnd()}</span>
      {first.endsWith(' ') ? ' ' : <wbr />}
      {end(second)}
    </span>
  );
}

/**
 * A column's heading: a button that sorts by it (`aria-sort` on the cell). Its visible words are the short heading;
 * when they are not the column's whole label, the button is named by the label (the downloads' heading), so a
 * screen reader reads "Domestic fee: lowest" where the eye sees "Lowest" under "Domestic fee".
 */
function SortHeading({
  column,
  sort,
  onSort,
  rowSpan,
}: {
  column: HeadedColumn;
  sort: SortState | null;
  onSort: (key: string) => void;
  rowSpan?: number;
}) {
  const direction = sort?.key === column.key ? sort.direction : undefined;
  return (
    <Table.Th
      scope="col"
      rowSpan={rowSpan}
      ta={numeric(column) ? 'right' : 'left'}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={column.optional ? OPTIONAL_CELL : undefined}
      style={{ verticalAlign: 'bottom', minWidth: headingMinWidth(column) }}
    >
      <UnstyledButton
        onClick={() => onSort(column.key)}
        className="data-table-sort report-sort"
        data-active={direction ? true : undefined}
        aria-label={column.name === column.short ? undefined : column.name}
      >
        <HeadingText text={column.short} icon={<SortIcon direction={direction} />} />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The table's heading: one row, or two when groups of columns stand under a heading that spans them (issue 30). A
 * spanning heading is a column heading over every column it spans (`scope="col"` with `colspan`, which HTML applies
 * to each of them), so a cell is read with both its group and its own heading; a column in no group heads both rows.
 */
export function ReportTableHead({
  head,
  sort,
  onSort,
}: {
  head: ReportHead;
  sort: SortState | null;
  onSort: (key: string) => void;
}) {
  if (!head.top) {
    return (
      <Table.Thead>
        <Table.Tr>
          {head.columns.map((column) => (
            <SortHeading key={column.key} column={column} sort={sort} onSort={onSort} />
          ))}
        </Table.Tr>
      </Table.Thead>
    );
  }
  return (
    <Table.Thead className="report-head-grouped">
      <Table.Tr>
        {head.top.map((top) =>
          top.kind === 'column' ? (
            <SortHeading key={top.column.key} column={top.column} sort={sort} onSort={onSort} rowSpan={2} />
          ) : (
            <Table.Th
              key={top.label}
              scope="col"
              colSpan={top.columns.length}
              className={`report-head-group${top.optional ? ` ${OPTIONAL_CELL}` : ''}`}
            >
              {top.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
      <Table.Tr className="report-head-sub">
        {head.top.flatMap((top) =>
          top.kind === 'group'
            ? top.columns.map((column) => <SortHeading key={column.key} column={column} sort={sort} onSort={onSort} />)
            : [],
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
