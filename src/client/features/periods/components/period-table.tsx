import { Badge, Box, Button, Table } from '@mantine/core';
import { IconCalendarDue, IconCalendarEvent, IconClock, IconHistory } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { Period } from '../../../../shared/schemas/returns.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { usePhoneWidth } from '../../../ui/use-phone-width.ts';
import { formatDay } from '../../returns/index.ts';
import { newestFirst, periodName, periodState, type PeriodState } from '../lib/period-state.ts';
import { PERIOD_UI } from '../messages.ts';
import { PeriodDatesDialog } from './period-dates-dialog.tsx';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const C = PERIOD_UI.columns;

/**
 * Each state has its word, an icon and a colour: the colour is never the only sign (WCAG 1.4.1). A period past its due
 * date is history, not an alarm: whether an institution is late is the returns matrix's to say, per institution, so
 * the dozens of past periods here stay quiet and the open and due-soon ones stand out.
 */
const LOOK: Record<PeriodState, { color: string; variant: 'light' | 'filled'; text?: string; Icon: typeof IconClock }> = {
  upcoming: { color: 'gray', variant: 'light', text: '#3d3d3d', Icon: IconCalendarEvent },
  open: { color: 'blue', variant: 'light', text: '#16406e', Icon: IconCalendarDue },
  'due soon': { color: 'orange.9', variant: 'filled', Icon: IconClock },
  'past due': { color: 'gray', variant: 'light', text: '#3d3d3d', Icon: IconHistory },
};

function PeriodStateBadge({ state }: { state: PeriodState }) {
  const { color, variant, text, Icon } = LOOK[state];
  return (
    <Badge
      size="sm"
      variant={variant}
      color={color}
      tt="none"
      leftSection={<Icon size={14} aria-hidden="true" />}
      styles={{ root: { minWidth: 'max-content', overflow: 'visible' }, label: text ? { color: text } : undefined }}
      data-state={state}
    >
      {PERIOD_UI.states[state]}
    </Badge>
  );
}

/**
 * Every period, newest first, with its dates and state on `today` (B.C.), and a button to change its dates. On a phone
 * two columns instead of five (the state under the period; the dates and the button in one cell), so that the whole
 * row, its button too, is seen without scrolling sideways.
 */
export function PeriodTable({ periods, today }: { periods: readonly Period[]; today: string }) {
  const [editing, setEditing] = useState<Period | null>(null);
  // The dialog is dropped from the page when it closes, so Mantine cannot give the focus back: the table does, to the
  // button that opened it, or a keyboard user starts again from the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const phone = usePhoneWidth();
  const heads = phone ? [C.period, C.dates] : [C.period, C.opens, C.due, C.state, { label: C.actions, hidden: true }];
  return (
    <>
      <TableScroll label={PERIOD_UI.tableCaption} testId="period-table">
        <Table striped verticalSpacing="xs" horizontalSpacing="sm" className="data-table">
          <caption className="visually-hidden">{PERIOD_UI.tableCaption}</caption>
          <ColumnHeads columns={heads} />
          <Table.Tbody>
            {newestFirst(periods).map((period) => {
              const name = periodName(period);
              const badge = <PeriodStateBadge state={periodState(period, today)} />;
              const change = (
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={PERIOD_UI.changeLabel(name)}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setEditing(period);
                  }}
                >
                  {PERIOD_UI.change}
                </Button>
              );
              return (
                <Table.Tr key={period.id} data-testid="period-row" data-period={name}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {name}
                    {phone ? <Box mt={4}>{badge}</Box> : null}
                  </Table.Th>
                  {phone ? (
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <div>
                        {C.opens} {formatDay(period.opens_on)}
                      </div>
                      <div>
                        {C.due} <span data-testid="period-due">{formatDay(period.due_on)}</span>
                      </div>
                      <Box mt={4}>{change}</Box>
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(period.opens_on)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="period-due">
                        {formatDay(period.due_on)}
                      </Table.Td>
                      <Table.Td>{badge}</Table.Td>
                      <Table.Td>{change}</Table.Td>
                    </>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {editing ? <PeriodDatesDialog key={editing.id} period={editing} onClose={close} /> : null}
    </>
  );
}
