import { Table, Text } from '@mantine/core';
import type { Release } from '../../../../shared/schemas/releases.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { RELEASE_UI } from '../messages.ts';

const C = RELEASE_UI.columns;

/** Every release, newest first: its number, when (B.C. time), by whom, its periods (final or provisional) and note. */
export function ReleaseList({ releases }: { releases: readonly Release[] }) {
  if (releases.length === 0) return <Text>{RELEASE_UI.none}</Text>;
  return (
    <TableScroll label={RELEASE_UI.calendarCaption} testId="release-list">
      <Table striped verticalSpacing="xs" horizontalSpacing="sm" className="data-table">
        <caption className="visually-hidden">{RELEASE_UI.calendarCaption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.number}</Table.Th>
            <Table.Th scope="col">{C.on}</Table.Th>
            <Table.Th scope="col">{C.by}</Table.Th>
            <Table.Th scope="col">{C.periods}</Table.Th>
            <Table.Th scope="col">{C.note}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {releases.map((r) => (
            <Table.Tr key={r.number} data-testid="release-row">
              <Table.Th scope="row">{r.number}</Table.Th>
              <Table.Td>{formatInstant(r.released_at)}</Table.Td>
              <Table.Td>{r.released_by ?? RELEASE_UI.bySchedule}</Table.Td>
              <Table.Td style={{ minWidth: '14rem' }}>
                {(['final', 'provisional'] as const).map((kind) => {
                  const names = r.periods
                    .filter((p) => p.final === (kind === 'final'))
                    .map((p) => RELEASE_UI.periodName(p.term, p.fiscal_year));
                  return names.length > 0 ? (
                    <Text key={kind} size="sm">
                      <strong>{kind === 'final' ? RELEASE_UI.finalPeriods : RELEASE_UI.provisionalPeriods}</strong>{' '}
                      {names.join(', ')}
                    </Text>
                  ) : null;
                })}
              </Table.Td>
              <Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
