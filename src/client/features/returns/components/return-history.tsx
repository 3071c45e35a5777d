import { Stack, Table, Text, Title } from '@mantine/core';
import { onBehalfLine } from '../../../../shared/return-acting.ts';
import { asSentence } from '../../../../shared/sentence.ts';
import type { ReturnEvent } from '../../../../shared/schemas/returns.ts';
import { formatDay } from '../lib/format-day.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { RETURN_UI } from '../messages.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const T = RETURN_UI.detail;

/** Why: the event's reason, whom an app admin acted for and why, and the new due date a send-back or reopening set. */
function whyOf(e: ReturnEvent, institution: string): string {
  const parts = [
    e.reason === null ? null : asSentence(e.reason),
    e.on_behalf_reason === null ? null : asSentence(onBehalfLine(institution, e.user_name, e.on_behalf_reason)),
    e.due_again_on === null ? null : T.historyDueAgain(formatDay(e.due_again_on)),
  ];
  return parts.filter((p) => p !== null).join(' ');
}

/** The return's history, newest first: who did what, when, the state it moved from and to, and why. */
export function ReturnHistory({ history, institution }: { history: readonly ReturnEvent[]; institution: string }) {
  const newestFirst = [...history].reverse();
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {T.historyTitle}
      </Title>
      {newestFirst.length === 0 ? (
        <Text>{T.noHistory}</Text>
      ) : (
        <TableScroll label={T.historyTitle}>
          <Table verticalSpacing="xs" data-testid="return-history">
            <ColumnHeads columns={[T.when, T.who, T.action, T.change, T.reason]} />
            <Table.Tbody>
              {newestFirst.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(e.at)}</Table.Td>
                  <Table.Td>{e.user_name ?? T.someone}</Table.Td>
                  <Table.Td>{RETURN_UI.historyActions[e.action] ?? e.action}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {e.from_state === e.to_state
                      ? RETURN_UI.states[e.to_state]
                      : `${RETURN_UI.states[e.from_state]} → ${RETURN_UI.states[e.to_state]}`}
                  </Table.Td>
                  <Table.Td style={{ minWidth: '12rem' }}>{whyOf(e, institution)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
