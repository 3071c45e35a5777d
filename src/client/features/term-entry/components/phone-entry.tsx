import { Button, Fieldset, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { RECORD_FIELD_LABELS } from '../../../../shared/record-rules.ts';
import { FIGURE_SECTIONS } from '../../records/index.ts';
import { cellText, rowProblems, rowState } from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { ENTRY_UI } from '../messages.ts';
import { useGrid } from './use-grid-store.ts';

/** On a phone the grid is one program at a time, its figures in the record form's sections, with next and previous. */
export function PhoneEntry({
  store,
  index,
  readOnly,
  onMove,
  onFocusRow,
}: {
  store: GridStore;
  index: number;
  readOnly: boolean;
  onMove: (index: number) => void;
  /** The row takes the focus: the grid saves a row when the focus leaves it, here by next or previous. */
  onFocusRow: (index: number) => void;
}) {
  const grid = useGrid(store);
  const row = grid.rows[index];
  if (!row) return null;
  const problems = rowProblems(row);
  const last = grid.rows.length - 1;
  const nav = (
    <Group justify="space-between" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
        aria-label={ENTRY_UI.phone.previousLabel}
      >
        {ENTRY_UI.phone.previous}
      </Button>
      <Text size="sm" fw={600} ta="center">
        {ENTRY_UI.phone.position(index + 1, grid.rows.length)}
      </Text>
      <Button
        variant="default"
        size="sm"
        disabled={index === last}
        onClick={() => onMove(index + 1)}
        aria-label={ENTRY_UI.phone.nextLabel}
      >
        {ENTRY_UI.phone.next}
      </Button>
    </Group>
  );
  return (
    <div data-testid="entry-phone">
      {nav}
      <Title order={2} size="h3" mt="sm">
        {row.programName}
      </Title>
      <Text size="sm" mb="sm" data-testid="entry-row-state">
        {ENTRY_UI.state[rowState(row)]}
      </Text>
      {FIGURE_SECTIONS.map((section) => (
        <Fieldset key={section.key} legend={section.title} mb="sm" variant="unstyled">
          <SimpleGrid cols={2} spacing="xs">
            {section.fields.map((field) => (
              <TextInput
                key={field}
                label={RECORD_FIELD_LABELS[field]}
                value={cellText(row, field)}
                onChange={(event) => store.dispatch({ type: 'edit', row: index, field, text: event.currentTarget.value })}
                onFocus={() => onFocusRow(index)}
                readOnly={readOnly}
                error={problems[field]?.[0]}
                inputMode={section.money ? 'decimal' : 'numeric'}
                autoComplete="off"
                styles={{ input: { textAlign: 'right' } }}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
      {nav}
    </div>
  );
}
