import { Table } from '@mantine/core';
import { memo } from 'react';
import type { ReportColumn, ReportRow } from '../../../../shared/schemas/report.ts';
import { formatCell } from '../lib/report-format.ts';
import { rowFlag } from '../lib/report-flags.ts';
import { REPORT_UI } from '../messages.ts';
import { ReportFlagMark } from './report-flag.tsx';

const R = REPORT_UI.result;

/** A cell's text; "no data" is an en dash to the eye and words to a screen reader. */
export function Cell({ column, value }: { column: ReportColumn; value: ReportRow[string] | undefined }) {
  const text = formatCell(column, value);
  if (text !== null) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{R.noData}</span>
    </>
  );
}

export const numeric = (c: ReportColumn) => c.kind !== 'text';

// The body's rows are plain elements with Mantine's table classes: a report can have thousands of cells, and
// Mantine's Table.Td (props, context and style resolution per cell) made drawing them the page's longest task.
export const ROW = `mantine-Table-tr ${Table.classes.tr}`;
export const HEAD = `mantine-Table-th ${Table.classes.th}`;
const DATA = `mantine-Table-td ${Table.classes.td}`;
/** The class of a secondary column's cells (report-column-groups.ts): hidden on screen until asked for (reports.css), printed always. */
export const OPTIONAL_CELL = 'report-optional';
const OPTIONAL_DATA = `${DATA} ${OPTIONAL_CELL}`;
export const BODY = `mantine-Table-tbody ${Table.classes.tbody}`;
const LEFT = { textAlign: 'left', whiteSpace: 'nowrap' } as const;
const RIGHT = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Rows `start` to `end` of the body, one `<tbody>`; slices already drawn are not drawn again as the rest are added. */
export const ReportRows = memo(function ReportRows({
  columns,
  rows,
  start,
  end,
}: {
  columns: readonly (ReportColumn & { optional?: boolean })[];
  rows: readonly ReportRow[];
  start: number;
  end: number;
}) {
  return rows.slice(start, end).map((row, i) => (
    <tr key={start + i} className={ROW} data-with-row-border data-hover>
      {columns.map((column, c) =>
        c === 0 ? (
          <th key={column.key} scope="row" className={HEAD} style={LEFT}>
            <Cell column={column} value={row[column.key]} />
            <ReportFlagMark flag={rowFlag(row)} />
          </th>
        ) : (
          <td key={column.key} className={column.optional ? OPTIONAL_DATA : DATA} style={numeric(column) ? RIGHT : LEFT}>
            <Cell column={column} value={row[column.key]} />
          </td>
        ),
      )}
    </tr>
  ));
});
