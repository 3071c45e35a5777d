import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { formatDay } from '../lib/format-day.ts';
import { dueAgainShown } from '../lib/return-due-text.ts';
import { matchesStates, type ReturnMatrix } from '../lib/return-matrix.ts';
import type { MatrixStateFilter } from '../../../../shared/reporting-cycle.ts';
import { RETURN_UI } from '../messages.ts';
import { OverdueBadge, ReturnStateBadge } from './return-state-badge.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { SelectPeriod, SelectReturn, type MatrixSelection } from './bulk-approve-select.tsx';
import { submittedOfPeriod } from '../lib/bulk-approve.ts';
import { ratePercent, type OnTimeRate } from '../../../../shared/return-timeliness.ts';

const T = RETURN_UI.matrix;

/** The institution column stays in view while the periods scroll sideways (a phone shows one or two periods). */
const FROZEN = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
  minWidth: '9rem',
  maxWidth: '16rem',
} as const;

/** The totals line stands apart from the institutions above it. */
const TOTALS = { borderTop: '2px solid var(--mantine-color-gray-5)' } as const;

/**
 * A return's cell. One outside the chosen states is greyed: its state as plain text on grey instead of the coloured
 * badge (text dark enough to read; faded colours would fail contrast), so the matching cells stand out.
 */
function ReturnCell({ ret, dimmed, periodName }: { ret: TermReturn | undefined; dimmed: boolean; periodName: string }) {
  if (!ret)
    return (
      <Text size="sm" c="dimmed">
        {T.noReturn}
      </Text>
    );
  const label = `${RETURN_UI.states[ret.state]}: ${T.open(ret.institution_name, periodName)}`;
  const dueAgain = dueAgainShown(ret);
  return (
    <Stack gap={4} align="flex-start">
      <Anchor
        component={Link}
        to={`/returns/${ret.id}`}
        aria-label={dimmed ? `${label} (${T.notMatching})` : label}
        underline={dimmed ? 'always' : 'never'}
        c={dimmed ? 'gray.8' : undefined}
        size="sm"
      >
        {dimmed ? RETURN_UI.states[ret.state] : <ReturnStateBadge state={ret.state} />}
      </Anchor>
      <Text size="xs">{T.reportedOf(ret.reported, ret.expected)}</Text>
      {ret.overdue ? <OverdueBadge /> : null}
      {dueAgain ? <Text size="xs">{T.dueAgain(formatDay(dueAgain))}</Text> : null}
    </Stack>
  );
}

/**
 * An on-time rate (src/shared/return-timeliness.ts) in its own column, beside the institution rather than in its row
 * header, so a screen reader names each cell's row by the institution alone.
 */
function OnTimeCell({ rate, style, testId = 'on-time-rate' }: { rate: OnTimeRate; style?: CSSProperties; testId?: string }) {
  const percent = ratePercent(rate);
  return (
    <Table.Td data-testid={testId} style={{ whiteSpace: 'nowrap', ...style }}>
      <Text size="sm" fw={600}>
        {T.onTimeRate(percent)}
      </Text>
      {percent === null ? null : <Text size="xs">{T.onTimeCount(rate.onTime, rate.judged)}</Text>}
    </Table.Td>
  );
}

/** The background of a cell: red when overdue, grey when outside the chosen states. */
function cellStyle(ret: TermReturn | undefined, dimmed: boolean) {
  if (dimmed) return { background: 'var(--mantine-color-gray-1)' };
  return ret?.overdue ? { background: 'var(--mantine-color-red-0)' } : undefined;
}

/**
 * The completeness matrix: institutions down, the chosen fiscal years' periods across (named with their year when
 * there are several), a totals line per period; cells outside the chosen states greyed.
 */
export function ReturnMatrixTable({
  matrix,
  fiscalYears,
  states,
  selection,
}: {
  matrix: ReturnMatrix;
  fiscalYears: readonly string[];
  states: readonly MatrixStateFilter[];
  /** App admins select submitted returns to approve at once (bulk-approve.tsx); others see no boxes. */
  selection?: MatrixSelection;
}) {
  const severalYears = fiscalYears.length > 1;
  return (
    <TableScroll label={T.caption(fiscalYears)} testId="returns-matrix">
      <Table withTableBorder verticalSpacing="xs" className="data-table" style={{ minWidth: 'max-content' }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, paddingBottom: 4 }}>
          {T.caption(fiscalYears)}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={FROZEN}>
              {T.institution}
            </Table.Th>
            <Table.Th scope="col">{T.onTimeHeading}</Table.Th>
            {matrix.columns.map(({ period }) => (
              <Table.Th key={period.id} scope="col" style={{ minWidth: '9.5rem' }}>
                <div>{severalYears ? `${period.term} ${period.fiscal_year}` : period.term}</div>
                <Text size="xs" fw={400}>
                  {T.due(formatDay(period.due_on))}
                </Text>
                {selection ? (
                  <SelectPeriod
                    returns={submittedOfPeriod(matrix, period.id)}
                    periodName={`${period.term} ${period.fiscal_year}`}
                    selection={selection}
                  />
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.rows.map((row) => (
            <Table.Tr key={row.institutionId}>
              <Table.Th scope="row" style={{ ...FROZEN, fontWeight: 600 }}>
                {row.institutionName}
              </Table.Th>
              <OnTimeCell rate={row.timeliness} />
              {matrix.columns.map(({ period }) => {
                const ret = row.cells.get(period.id);
                const dimmed = ret !== undefined && !matchesStates(ret, states);
                const periodName = severalYears ? `${period.term} ${period.fiscal_year}` : period.term;
                return (
                  <Table.Td key={period.id} style={cellStyle(ret, dimmed)} data-dimmed={dimmed || undefined}>
                    {selection ? (
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <SelectReturn ret={ret} periodName={`${period.term} ${period.fiscal_year}`} selection={selection} />
                        <ReturnCell ret={ret} dimmed={dimmed} periodName={periodName} />
                      </Group>
                    ) : (
                      <ReturnCell ret={ret} dimmed={dimmed} periodName={periodName} />
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={{ ...FROZEN, ...TOTALS }}>
              {T.totals}
            </Table.Th>
            <OnTimeCell rate={matrix.timeliness} style={TOTALS} testId="on-time-total" />
            {matrix.columns.map(({ period, done, total, onTime }) => (
              <Table.Td
                key={period.id}
                fw={600}
                style={TOTALS}
                data-testid={severalYears ? `total-${period.term}-${period.fiscal_year}` : `total-${period.term}`}
              >
                {T.totalLine(done, total, onTime)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}
