import { Button, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { RECORD_FIELD_LABELS, type RecordField } from '../../../../shared/record-rules.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import type { ConflictChoice, ConflictField } from '../lib/conflict.ts';
import { formatCount, formatMoney } from '../lib/sections.ts';
import { RECORD_UI } from '../messages.ts';
import { WARNING_TEXT } from '../../../ui/warning-text.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';
import { FocusedAlert } from '../../../ui/focused-alert.tsx';

const C = RECORD_UI.conflict;
const MONEY = new Set(['avg_hourly_wage', 'coop_fee_domestic', 'coop_fee_international']);

/** A form value as the panel shows it. */
function show(field: string, value: unknown): string {
  if (value === '' || value === null || value === undefined) return C.empty;
  if (typeof value === 'number') return formatCount(value);
  if (MONEY.has(field)) return formatMoney(String(value));
  return String(value);
}

export interface ConflictPanelProps {
  current: RecordWire;
  fields: readonly ConflictField[];
  choices: Record<string, ConflictChoice>;
  onChoose: (field: string, choice: ConflictChoice) => void;
  onChooseAll: (choice: ConflictChoice) => void;
  onSave: () => void;
  saving: boolean;
  /** Who saved the newer version, in words. */
  savedBy: string;
}

/**
 * A stale save, resolved without losing anything: each differing value, the person's beside the other person's,
 * with a choice per value (or all one way), then a save against the newer version.
 */
export function ConflictPanel({ current, fields, choices, onChoose, onChooseAll, onSave, saving, savedBy }: ConflictPanelProps) {
  const when = formatInstant(current.updated_at);
  return (
    <FocusedAlert
      focusKey={current.version}
      color="orange"
      variant="outline"
      icon={<IconUsers aria-hidden="true" />}
      aria-labelledby="conflict-title"
      data-testid="conflict-panel"
      title={
        <Title order={2} fz="h4" id="conflict-title" c={WARNING_TEXT}>
          {C.title}
        </Title>
      }
    >
      <Stack gap="md">
        <Text size="sm">{C.body(savedBy, when)}</Text>
        {fields.length === 0 ? (
          <Text size="sm">{C.noDifferences}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder verticalSpacing="xs">
              <Table.Caption>{C.caption}</Table.Caption>
              <ColumnHeads columns={[C.field, { label: C.mine, align: 'right' }, { label: C.theirs, align: 'right' }, C.keep]} />
              <Table.Tbody>
                {fields.map((f) => {
                  const label = RECORD_FIELD_LABELS[f.field as RecordField] ?? f.field;
                  return (
                    <Table.Tr key={f.field} data-testid={`conflict-${f.field}`}>
                      <Table.Th scope="row" fw={600}>
                        {label}
                      </Table.Th>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="mine">
                        {show(f.field, f.mine)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="theirs">
                        {show(f.field, f.theirs)}
                      </Table.Td>
                      <Table.Td>
                        <Radio.Group
                          value={choices[f.field] ?? 'mine'}
                          onChange={(value) => onChoose(f.field, value as ConflictChoice)}
                          aria-label={`${C.keep}: ${label}`}
                          name={`conflict-${f.field}`}
                        >
                          <Group gap="md" wrap="nowrap">
                            <Radio value="mine" label={C.keepMine} />
                            <Radio value="theirs" label={C.keepTheirs} />
                          </Group>
                        </Radio.Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {fields.length > 0 ? (
              <>
                <Button variant="default" onClick={() => onChooseAll('mine')}>
                  {C.allMine}
                </Button>
                <Button variant="default" onClick={() => onChooseAll('theirs')}>
                  {C.allTheirs}
                </Button>
              </>
            ) : null}
          </Group>
          <Button onClick={onSave} loading={saving}>
            {C.save}
          </Button>
        </Group>
      </Stack>
    </FocusedAlert>
  );
}
