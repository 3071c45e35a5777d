import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { RECORD_FIELD_LABELS, splitTotal, WORK_TERM_SPLITS, type SplitName } from '../../../../shared/record-rules.ts';
import { RECORD_UI, type OutlierFinding } from '../../records/index.ts';
import { WARNING_TEXT } from '../../../ui/warning-text.ts';
import type { RecordListItem } from '../../../../shared/schemas/record-list.ts';
import { readCell } from '../lib/cell-text.ts';
import { cellText, rowProblems, type EntryRow } from '../lib/entry-grid-model.ts';
import { ENTRY_UI } from '../messages.ts';

const S = RECORD_UI.sum;
const count = new Intl.NumberFormat('en-CA');

/** A split's running total against students placed, in the record form's words. */
function splitLine(row: EntryRow, split: SplitName): string {
  const values = Object.fromEntries(
    [...WORK_TERM_SPLITS[split].fields, 'students_placed' as const].map((f) => {
      const read = readCell(f, cellText(row, f));
      return [f, read.error === null ? read.value : null];
    }),
  );
  const total = splitTotal(values, split);
  const placed = values.students_placed;
  const label = WORK_TERM_SPLITS[split].label;
  if (typeof placed !== 'number') return `${label}: ${S.total(count.format(total))}. ${S.noPlaced}`;
  if (total === placed) return `${label}: ${S.match(count.format(placed))}`;
  const words = total < placed ? S.short : S.over;
  return `${label}: ${words(count.format(Math.abs(placed - total)), count.format(placed))}`;
}

/**
 * The focused row, spelled out: the running totals of its splits against students placed, every problem in the
 * record's own words, and, when someone else saved the record meanwhile, the choice between theirs and the row's.
 * Announced politely, so moving through a row with a screen reader hears its problems without losing its place.
 */
export function RowDetails({
  row,
  recent,
  findings,
  onKeepMine,
  onTakeTheirs,
}: {
  row: EntryRow | null;
  /** The program's six terms before this one, newest first (undefined while loading). */
  recent: RecordListItem[] | undefined;
  /** The row's figures far from its program's history, most serious first (the record form's check). */
  findings: readonly OutlierFinding[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  if (!row) {
    return (
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="entry-details">
        {ENTRY_UI.details.none}
      </Text>
    );
  }
  const problems = Object.entries(rowProblems(row));
  return (
    <Stack gap="xs" aria-live="polite" data-testid="entry-details">
      <Title order={2} size="h4">
        {ENTRY_UI.details.title(row.programName)}
      </Title>
      {row.newer ? (
        <Alert color="orange" variant="light" title={ENTRY_UI.newer.title(ENTRY_UI.newer.someone)} data-testid="entry-newer">
          <Stack gap="xs">
            <Text size="sm">{ENTRY_UI.newer.body}</Text>
            <Group gap="xs">
              <Button size="xs" onClick={onKeepMine}>
                {ENTRY_UI.newer.keepMine}
              </Button>
              <Button size="xs" variant="default" onClick={onTakeTheirs}>
                {ENTRY_UI.newer.takeTheirs}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {row.failed ? (
        <Text size="sm" c="#a51d1d" fw={600} data-testid="entry-failed">
          {row.failed.message}
        </Text>
      ) : null}
      <List size="sm" spacing={2}>
        {(Object.keys(WORK_TERM_SPLITS) as SplitName[]).map((split) => (
          <List.Item key={split}>{splitLine(row, split)}</List.Item>
        ))}
      </List>
      {findings.length > 0 ? (
        <Stack gap={4} data-testid="entry-outliers">
          <Text size="sm" fw={700} c={WARNING_TEXT}>
            {RECORD_UI.outlier.title}
          </Text>
          <List size="sm" spacing={2}>
            {findings.map((f) => (
              <List.Item key={f.field}>{f.message}</List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <RecentTerms row={row} recent={recent} />
      {problems.length > 0 ? (
        <Stack gap={4} data-testid="entry-problems">
          <Text size="sm" fw={700}>
            {ENTRY_UI.details.problemsTitle}
          </Text>
          <List size="sm" spacing={2}>
            {problems.map(([field, messages]) => (
              <List.Item key={field}>
                {RECORD_FIELD_LABELS[field as keyof typeof RECORD_FIELD_LABELS] ?? field}: {messages.join('. ')}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

const R = ENTRY_UI.recent;
const shown = (value: number | null) => (value === null ? '' : count.format(value));

/** The row beside its program's six terms before: a digit slipped shows at a glance. */
function RecentTerms({ row, recent }: { row: EntryRow; recent: RecordListItem[] | undefined }) {
  if (recent === undefined) return null;
  if (recent.length === 0) return <Text size="sm">{R.none}</Text>;
  const now = (field: 'students_enrolled' | 'students_seeking' | 'students_placed') => {
    const read = readCell(field, cellText(row, field));
    return read.error === null ? shown(read.value as number | null) : cellText(row, field);
  };
  return (
    <Table withTableBorder={false} verticalSpacing={2} fz="sm" maw="32rem" data-testid="entry-recent" captionSide="top">
      <Table.Caption ta="left" fw={700}>
        {R.title}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{R.term}</Table.Th>
          <Table.Th scope="col" ta="right">
            {R.enrolled}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {R.seeking}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {R.placed}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr fw={600}>
          <Table.Th scope="row">{R.thisTerm}</Table.Th>
          <Table.Td ta="right">{now('students_enrolled')}</Table.Td>
          <Table.Td ta="right">{now('students_seeking')}</Table.Td>
          <Table.Td ta="right">{now('students_placed')}</Table.Td>
        </Table.Tr>
        {recent.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Th scope="row" fw={400}>
              {r.term} {r.fiscal_year} {r.status === 'draft' ? R.draft : ''}
            </Table.Th>
            <Table.Td ta="right">{shown(r.students_enrolled)}</Table.Td>
            <Table.Td ta="right">{shown(r.students_seeking)}</Table.Td>
            <Table.Td ta="right">{shown(r.students_placed)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
