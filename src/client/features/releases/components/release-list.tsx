import { Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Release } from '../../../../shared/schemas/releases.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { periodRuns } from '../lib/period-runs.ts';
import { RELEASE_UI } from '../messages.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const C = RELEASE_UI.columns;

/** A release's periods, final ones and provisional ones, each as runs of consecutive terms. */
function ReleasePeriods({ release }: { release: Release }) {
  return (['final', 'provisional'] as const).map((kind) => {
    const runs = periodRuns(release.periods.filter((p) => p.final === (kind === 'final'))).map((run) =>
      RELEASE_UI.periodRun(
        RELEASE_UI.periodName(run[0]!.term, run[0]!.fiscal_year),
        RELEASE_UI.periodName(run.at(-1)!.term, run.at(-1)!.fiscal_year),
        run.length,
      ),
    );
    return runs.length > 0 ? (
      <Text key={kind} size="sm">
        <strong>{kind === 'final' ? RELEASE_UI.finalPeriods : RELEASE_UI.provisionalPeriods}</strong> {runs.join('; ')}
      </Text>
    ) : null;
  });
}

/**
 * Every release, newest first: its number, when (B.C. time), by whom, its periods (final or provisional) and note. A
 * table where there is room; on a phone one card per release, so the periods and the note are read without scrolling
 * sideways.
 */
export function ReleaseList({ releases }: { releases: readonly Release[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (releases.length === 0) return <Text>{RELEASE_UI.none}</Text>;
  if (phone)
    return (
      <Stack
        gap="sm"
        component="ol"
        aria-label={RELEASE_UI.calendarCaption}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        data-testid="release-list"
      >
        {releases.map((r) => (
          <Card key={r.number} component="li" withBorder padding="sm" data-testid="release-row">
            <Text fw={700}>{RELEASE_UI.releaseNumber(r.number)}</Text>
            <Text size="sm" c="dimmed">
              {RELEASE_UI.releasedBy(formatInstant(r.released_at), r.released_by ?? RELEASE_UI.bySchedule)}
            </Text>
            <ReleasePeriods release={r} />
            {r.note ? (
              <Text size="sm" mt={4}>
                {r.note}
              </Text>
            ) : null}
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableScroll label={RELEASE_UI.calendarCaption} testId="release-list">
      <Table striped verticalSpacing="xs" horizontalSpacing="sm" className="data-table">
        <caption className="visually-hidden">{RELEASE_UI.calendarCaption}</caption>
        <ColumnHeads columns={[C.number, C.on, C.by, C.periods, C.note]} />
        <Table.Tbody>
          {releases.map((r) => (
            <Table.Tr key={r.number} data-testid="release-row">
              <Table.Th scope="row">{r.number}</Table.Th>
              <Table.Td>{formatInstant(r.released_at)}</Table.Td>
              <Table.Td>{r.released_by ?? RELEASE_UI.bySchedule}</Table.Td>
              <Table.Td style={{ minWidth: '14rem' }}>
                <ReleasePeriods release={r} />
              </Table.Td>
              <Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
