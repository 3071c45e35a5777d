import { Alert, Button, Fieldset, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { RECORD_FIELD_LABELS } from '../../../../shared/record-rules.ts';
import { FIGURE_SECTIONS } from '../../records/index.ts';
import { cellText, leftRowNotice, rowProblems, rowState } from '../lib/entry-grid-model.ts';
import type { GridStore } from '../lib/grid-store.ts';
import { ENTRY_UI } from '../messages.ts';
import { useGrid } from './use-grid-store.ts';

/** Which of the two bars of next and previous was used: the notice of the program left shows under that one. */
type Bar = 'top' | 'bottom';

/**
 * On a phone the grid is one program at a time, its figures in the record form's sections, with next and previous. */
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
  /**
   * The program just left, and by which bar. Next and previous still move on from a program that breaks a rule or
   * whose save is refused, and say so at once under the button pressed, naming the program and its problem, with a way
   * back. Staying put instead would trap someone who must look a figure up and come back to it, and could not cover a
   * refusal, which comes after the move (the save is answered later); the figures are kept in the row either way, and
   * leaving the page with them unsaved asks first.
   */
  const [left, setLeft] = useState<{ row: number; bar: Bar } | null>(null);
  const row = grid.rows[index];
  if (!row) return null;
  const problems = rowProblems(row);
  const last = grid.rows.length - 1;
  const move = (to: number, bar: Bar) => {
    setLeft({ row: index, bar });
    onMove(to);
  };
  const leftRow = left && left.row !== index ? grid.rows[left.row] : undefined;
  const notice = leftRow ? leftRowNotice(leftRow) : null;
  const noticeAlert =
    leftRow && notice ? (
      <Alert color="red" variant="light" title={ENTRY_UI.phone.noticeTitle} mt="xs" data-testid="entry-phone-notice">
        <Text size="sm">
          {(notice.saved ? ENTRY_UI.phone.toFix : ENTRY_UI.phone.notSaved)(leftRow.programName, notice.problem)}
        </Text>
        <Button size="xs" variant="default" mt="xs" onClick={() => move(left!.row, left!.bar)}>
          {ENTRY_UI.phone.goBack(leftRow.programName)}
        </Button>
      </Alert>
    ) : null;
  const nav = (bar: Bar) => (
    <Group justify="space-between" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        disabled={index === 0}
        onClick={() => move(index - 1, bar)}
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
        onClick={() => move(index + 1, bar)}
        aria-label={ENTRY_UI.phone.nextLabel}
      >
        {ENTRY_UI.phone.next}
      </Button>
    </Group>
  );
  return (
    <div data-testid="entry-phone">
      {nav('top')}
      {left?.bar === 'top' ? noticeAlert : null}
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
      {nav('bottom')}
      {left?.bar === 'bottom' ? noticeAlert : null}
    </div>
  );
}
