import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { ColumnHeads } from './column-heads.tsx';
import { FocusedAlert } from './focused-alert.tsx';
import { UI_PIECES } from './messages.ts';
import type { StaleRow } from './stale-values.ts';
import { WARNING_TEXT } from './warning-text.ts';

const S = UI_PIECES.staleEdit;

/**
 * A save refused because someone else saved meanwhile: the server's sentence, then each value the person changed
 * that differs from theirs, side by side. Nothing typed is lost: the form holds `mergeStale`'s values, and saving
 * again keeps the person's changes; "Use the saved values" takes theirs everywhere instead.
 */
export function StaleEditNotice({
  message,
  rows,
  focusKey,
  onUseTheirs,
}: {
  message: string;
  rows: readonly StaleRow[];
  /** Changes with each refusal: the notice takes focus again. */
  focusKey: unknown;
  onUseTheirs: () => void;
}) {
  return (
    <FocusedAlert
      focusKey={focusKey}
      color="orange"
      variant="outline"
      icon={<IconUsers aria-hidden="true" />}
      aria-labelledby="stale-edit-title"
      data-testid="stale-edit"
      // The body may shrink below its table's widest word: on a phone the values wrap instead of running out of the box.
      styles={{ body: { minWidth: 0 } }}
      title={
        <Title order={2} fz="h4" id="stale-edit-title" c={WARNING_TEXT}>
          {S.title}
        </Title>
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          {message} {S.merged}
        </Text>
        {rows.length === 0 ? (
          <Text size="sm">{S.same}</Text>
        ) : (
          <Table striped withTableBorder verticalSpacing="xs" style={{ overflowWrap: 'anywhere' }}>
            <Table.Caption>{S.caption}</Table.Caption>
            <ColumnHeads columns={[S.field, S.theirs, S.yours]} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid={`stale-${row.key}`}>
                  <Table.Th scope="row" fw={600}>
                    {row.label}
                  </Table.Th>
                  <Table.Td data-testid="theirs">{row.theirs}</Table.Td>
                  <Table.Td data-testid="yours">{row.yours}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="sm" justify="space-between">
          <Text size="sm">{rows.length === 0 ? S.nothingLeft : S.keepYours}</Text>
          <Button variant="default" size="sm" onClick={onUseTheirs}>
            {S.useTheirs}
          </Button>
        </Group>
      </Stack>
    </FocusedAlert>
  );
}
