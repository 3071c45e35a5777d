import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import type { RecordHistoryEntry } from '../../../../shared/schemas/record-history.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useRecordHistory } from '../api/get-record-history.ts';
import { formatCount, formatMoney } from '../lib/sections.ts';
import { RECORD_UI } from '../messages.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const H = RECORD_UI.history;
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** A value of the history as people read it. */
export function historyValue(field: string, value: string | number | null): string {
  if (value === null || value === '') return RECORD_UI.view.empty;
  if (typeof value === 'number') return formatCount(value);
  if ((MONEY_FIELDS as readonly string[]).includes(field)) return formatMoney(value);
  if (field === 'status') return RECORD_UI.view.status[value as 'draft' | 'submitted'] ?? value;
  return value;
}

function whoOf(entry: RecordHistoryEntry): string {
  if (entry.prefName && entry.username && entry.prefName !== entry.username) return `${entry.prefName} (${entry.username})`;
  return entry.prefName ?? entry.username ?? H.unknownUser;
}

function Entry({ entry }: { entry: RecordHistoryEntry }) {
  const action = H.actions[entry.action] ?? entry.action;
  const when = formatInstant(entry.changed_at);
  const titleId = `history-${entry.id}`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      aria-labelledby={titleId}
      data-testid="history-entry"
      style={{ listStyle: 'none' }}
    >
      <Stack gap="xs">
        <Group gap="sm" id={titleId}>
          <Badge variant="light" color="navy" tt="none">
            {action}
          </Badge>
          <Text fw={600}>{H.by(whoOf(entry))}</Text>
          <Text c="dimmed" size="sm">
            <time dateTime={entry.changed_at}>{when}</time>
          </Text>
        </Group>
        {entry.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {H.noValueChanges}
          </Text>
        ) : (
          // No scroll box: three columns fit a phone once their text wraps, and a box wider than the phone was a
          // scrolled region that keyboard users could not reach (axe's scrollable-region-focusable at 390 px).
          <Table verticalSpacing={4} striped style={{ overflowWrap: 'anywhere' }}>
            <VisuallyHidden component="caption">{H.caption(action, when)}</VisuallyHidden>
            <ColumnHeads columns={[H.field, { label: H.before, align: 'right' }, { label: H.after, align: 'right' }]} />
            <Table.Tbody>
              {entry.changes.map((change) => (
                <Table.Tr key={change.field} data-testid={`history-change-${change.field}`}>
                  <Table.Th scope="row" fw={400}>
                    {change.label}
                  </Table.Th>
                  <Table.Td ta="right" style={NUMERIC}>
                    {historyValue(change.field, change.before)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC} fw={600}>
                    {historyValue(change.field, change.after)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** The record's audit history, newest first: who, when, what, and each value before → after. */
export function RecordHistory({ recordId }: { recordId: number }) {
  const history = useRecordHistory(recordId);
  useErrorToast(history.error);
  return (
    <Stack gap="sm" component="section" aria-labelledby="history-title" maw="60rem" data-testid="record-history">
      <Title order={2} id="history-title">
        {H.title}
      </Title>
      <Text size="sm" c="dimmed">
        {H.intro}
      </Text>
      {history.isPending ? (
        <Skeleton height={80} />
      ) : history.isError ? (
        <LoadError message={history.error.message} detail={H.loadFailed} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <Text>{H.none}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0}>
          {history.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
