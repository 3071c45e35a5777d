import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { formatDay } from '../lib/format-day.ts';
import type { ReturnMatrix } from '../lib/return-matrix.ts';
import { RETURN_UI } from '../messages.ts';
import { OverdueBadge, ReturnStateBadge } from './return-state-badge.tsx';
import { ScrollRegion } from './scroll-region.tsx';

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

function ReturnCell({ ret }: { ret: TermReturn | undefined }) {
  if (!ret)
    return (
      <Text size="sm" c="dimmed">
        {T.noReturn}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start">
      <Anchor
        component={Link}
        to={`/returns/${ret.id}`}
        aria-label={`${RETURN_UI.states[ret.state]}: ${T.open(ret.institution_name, ret.term)}`}
        underline="never"
      >
        <ReturnStateBadge state={ret.state} />
      </Anchor>
      <Text size="xs">{T.reportedOf(ret.reported, ret.expected)}</Text>
      {ret.overdue ? <OverdueBadge /> : null}
    </Stack>
  );
}

/** The completeness matrix: institutions down, the fiscal year's periods across, a totals line per period. */
export function ReturnMatrixTable({ matrix, fiscalYear }: { matrix: ReturnMatrix; fiscalYear: string }) {
  return (
    <ScrollRegion label={T.caption(fiscalYear)} testId="returns-matrix">
      <Table withTableBorder verticalSpacing="xs" className="data-table" style={{ minWidth: 'max-content' }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, paddingBottom: 4 }}>
          {T.caption(fiscalYear)}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={FROZEN}>
              {T.institution}
            </Table.Th>
            {matrix.columns.map(({ period }) => (
              <Table.Th key={period.id} scope="col" style={{ minWidth: '9.5rem' }}>
                <div>{period.term}</div>
                <Text size="xs" fw={400}>
                  {T.due(formatDay(period.due_on))}
                </Text>
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
              {matrix.columns.map(({ period }) => (
                <Table.Td
                  key={period.id}
                  style={row.cells.get(period.id)?.overdue ? { background: 'var(--mantine-color-red-0)' } : undefined}
                >
                  <ReturnCell ret={row.cells.get(period.id)} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={{ ...FROZEN, ...TOTALS }}>
              {T.totals}
            </Table.Th>
            {matrix.columns.map(({ period, done, total }) => (
              <Table.Td key={period.id} fw={600} style={TOTALS} data-testid={`total-${period.term}`}>
                {T.totalLine(done, total)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}
