import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';
import type { ReportRowGroup } from '../lib/report-row-groups.ts';
import { REPORT_UI } from '../messages.ts';
import { BODY, HEAD, ReportRows, ROW } from './report-rows.tsx';

const R = REPORT_UI.result;

/**
 * A long report's rows by institution: each group a `<tbody>` headed by a button that opens or closes it
 * (`aria-expanded`, Enter or Space from the keyboard), its rows drawn only when open, so a report of 781 rows starts
 * as a list of institutions (issue 30). The columns stay those of the one table, so figures still line up.
 */
export function ReportGroupedRows({
  columns,
  groups,
  isOpen,
  onToggle,
  idPrefix,
}: {
  columns: readonly (ReportColumn & { optional?: boolean })[];
  groups: readonly ReportRowGroup[];
  isOpen: (label: string) => boolean;
  onToggle: (label: string) => void;
  idPrefix: string;
}) {
  return groups.map((group, index) => {
    const open = isOpen(group.label);
    const rowsId = `${idPrefix}-group-${index}`;
    const Chevron = open ? IconChevronDown : IconChevronRight;
    return [
      <tbody key={`head-${group.label}`} className={BODY}>
        <tr className={`${ROW} report-group-head`}>
          <th colSpan={columns.length} scope="colgroup" className={HEAD} style={{ textAlign: 'left' }}>
            <UnstyledButton
              className="report-group-toggle"
              aria-expanded={open}
              aria-controls={rowsId}
              onClick={() => onToggle(group.label)}
              data-testid="report-group-toggle"
            >
              <Chevron size={18} aria-hidden="true" />
              <span>{group.label || R.noInstitution}</span>
              <span className="report-group-count">{R.groupRows(group.rows.length)}</span>
            </UnstyledButton>
          </th>
        </tr>
      </tbody>,
      <tbody key={`rows-${group.label}`} id={rowsId} className={BODY} hidden={!open || undefined}>
        {open ? <ReportRows columns={columns} rows={group.rows} start={0} end={group.rows.length} /> : null}
      </tbody>,
    ];
  });
}
