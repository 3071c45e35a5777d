import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column's heading in a hand-built table: a label, or a label with how its column is laid out. */
export type ColumnHead =
  | ReactNode
  | {
      label: ReactNode;
      /** Numbers are right-aligned, and so is their heading. */
      align?: 'right';
      width?: string;
      /** Read by screen readers only (a column of buttons). */
      hidden?: boolean;
    };

const isHead = (c: ColumnHead): c is Exclude<ColumnHead, ReactNode> & object =>
  typeof c === 'object' && c !== null && 'label' in c;

/**
 * The heading row of a table drawn by hand (where `DataTable` does not fit): every heading is a column header for
 * screen readers (`scope="col"`), whatever table it heads.
 */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => {
          const head = isHead(column) ? column : { label: column };
          return (
            <Table.Th key={i} scope="col" ta={head.align} w={head.width}>
              {head.hidden ? <span className="visually-hidden">{head.label}</span> : head.label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
