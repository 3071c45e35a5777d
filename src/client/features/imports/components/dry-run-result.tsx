import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import {
  IMPORT_ACTIONS,
  type ConflictChoice,
  type ImportDryRun,
  type ImportRowResult,
} from '../../../../shared/schemas/import.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { ACTION_COLOURS, ActionBadge } from './action-badge.tsx';
import { IMPORT_UI } from '../messages.ts';
import './dry-run-result.css';

const R = IMPORT_UI.result;
const PAGE_SIZE = 50;

type Filter = keyof typeof R.filters;

const matches = (filter: Filter, row: ImportRowResult) =>
  filter === 'all' ||
  (filter === 'error' && row.action === 'error') ||
  (filter === 'conflict' && row.action === 'conflict') ||
  (filter === 'changes' && (row.action === 'create' || row.action === 'update')) ||
  (filter === 'unchanged' && row.action === 'unchanged');

const MONEY = new Set<string>(MONEY_FIELDS);
const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });

/** A value as the record page shows it: blank, a count with separators, money as CAD. */
const shown = (field: string, value: string | number | null) =>
  value === null || value === ''
    ? R.blank
    : MONEY.has(field) && !Number.isNaN(Number(value))
      ? cad.format(Number(value))
      : typeof value === 'number'
        ? value.toLocaleString('en-CA')
        : value;

/** How the person answers conflicts: the choice made for a row, and making one for some rows. */
export interface ConflictAnswers {
  choiceFor: (row: ImportRowResult) => ConflictChoice | undefined;
  choose: (rows: ImportRowResult[], keep: ConflictChoice) => void;
  disabled: boolean;
}

const C = R.conflict;

/** A row whose record changed after the file was made: what differs, who changed it, and the choice. */
function ConflictDetails({ row, answers }: { row: ImportRowResult; answers: ConflictAnswers }) {
  const conflict = row.conflict!;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {C.changed(conflict.changedBy, formatInstant(conflict.changedAt))}
      </Text>
      <List size="sm" spacing={2}>
        {conflict.fields.map((f) => (
          <List.Item key={f.field}>{C.field(f.label, shown(f.field, f.file), shown(f.field, f.now))}</List.Item>
        ))}
      </List>
      <Radio.Group
        label={C.choiceLabel(row.row)}
        labelProps={{ className: 'visually-hidden' }}
        value={answers.choiceFor(row) ?? null}
        onChange={(value) => answers.choose([row], value as ConflictChoice)}
      >
        <Group gap="md" mt={2}>
          <Radio value="file" label={C.keepFile} disabled={answers.disabled} />
          <Radio value="current" label={C.keepCurrent} disabled={answers.disabled} />
        </Group>
      </Radio.Group>
    </Stack>
  );
}

function RowDetails({ row, answers }: { row: ImportRowResult; answers: ConflictAnswers }) {
  if (row.action === 'conflict' && row.conflict) return <ConflictDetails row={row} answers={answers} />;
  if (row.action === 'error') {
    return (
      <List size="sm" spacing={2} c="red.9">
        {(row.errors ?? []).map((e, i) => (
          <List.Item key={`${e.field}-${i}`}>{e.message}</List.Item>
        ))}
      </List>
    );
  }
  if (row.action === 'unchanged' && row.recordId === undefined) return <Text size="sm">{R.noFigures}</Text>;
  if (row.action === 'update') {
    return (
      <List size="sm" spacing={2}>
        {(row.changes ?? []).map((c) => (
          <List.Item key={c.field}>{R.change(c.label, shown(c.field, c.before), shown(c.field, c.after))}</List.Item>
        ))}
      </List>
    );
  }
  if (row.action === 'create') {
    const values = (row.changes ?? []).filter((c) => c.field !== 'fiscal_year' && c.field !== 'term');
    return (
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>{R.newValues(values.length)}</summary>
        <List size="sm" spacing={2} mt={4}>
          {values.map((c) => (
            <List.Item key={c.field}>{`${c.label}: ${shown(c.field, c.after)}`}</List.Item>
          ))}
        </List>
      </details>
    );
  }
  return row.recordId ? (
    <Anchor component={Link} to={`/records/${row.recordId}`} size="sm">
      {R.recordLink(row.recordId)}
    </Anchor>
  ) : null;
}

function RowRecord({ row }: { row: ImportRowResult }) {
  const program = [row.institution, row.program].filter(Boolean).join(' – ');
  const when = [row.term, row.fiscal_year].filter(Boolean).join(' ');
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {program || R.unknownProgram}
      </Text>
      {when ? (
        <Text size="sm" c="dimmed">
          {when}
        </Text>
      ) : null}
    </Stack>
  );
}

const columnsFor = (answers: ConflictAnswers): DataColumn<ImportRowResult>[] => [
  { key: 'row', header: R.columns.row, cell: (r) => r.row, numeric: true, nowrap: true },
  { key: 'record', header: R.columns.record, cell: (r) => <RowRecord row={r} />, minWidth: '14rem' },
  { key: 'action', header: R.columns.action, cell: (r) => <ActionBadge action={r.action} />, nowrap: true },
  { key: 'details', header: R.columns.details, cell: (r) => <RowDetails row={r} answers={answers} />, minWidth: '20rem' },
];

/** Conflicts above the table: what they are, how many still need a choice, and a choice for all of them at once. */
function ConflictSummary({ rows, answers }: { rows: ImportRowResult[]; answers: ConflictAnswers }) {
  const open = rows.filter((r) => answers.choiceFor(r) === undefined).length;
  const allButton = {
    variant: 'default',
    size: 'sm',
    h: 'auto',
    py: 6,
    disabled: answers.disabled,
    styles: { label: { whiteSpace: 'normal' as const } },
  };
  return (
    <Alert
      color="orange"
      variant="outline"
      icon={<IconAlertTriangle aria-hidden="true" />}
      data-testid="import-conflicts"
      // The body may shrink below its buttons' width on a phone; their labels wrap instead.
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {C.title(rows.length)}
        </Text>
        <Text size="sm">{C.explain}</Text>
        {open > 0 ? (
          <Text size="sm" fw={600} role="status">
            {C.open(open)}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button {...allButton} onClick={() => answers.choose(rows, 'file')}>
            {C.keepFileAll}
          </Button>
          <Button {...allButton} onClick={() => answers.choose(rows, 'current')}>
            {C.keepCurrentAll}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const firstFilter = (result: ImportDryRun): Filter =>
  result.counts.error > 0 ? 'error' : result.counts.conflict > 0 ? 'conflict' : 'all';

/** Step 3: the counts, then the dry run row by row (filtered and paged), with nothing saved yet. */
export function DryRunResult({
  result,
  stale,
  imported,
  answers,
  refused,
}: {
  result: ImportDryRun;
  stale: boolean;
  imported: boolean;
  answers: ConflictAnswers;
  /** Saving the refused rows as a file to correct. */
  refused?: { download: () => void; downloading: boolean };
}) {
  const [filter, setFilter] = useState<Filter>(firstFilter(result));
  const phone = useMediaQuery('(max-width: 40em)') ?? false;
  const conflicts = useMemo(() => result.rows.filter((r) => r.action === 'conflict'), [result.rows]);
  const columns = useMemo(() => columnsFor(answers), [answers]);
  const [page, setPage] = useState(1);
  const rows = useMemo(() => result.rows.filter((r) => matches(filter, r)), [result.rows, filter]);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const pageRows = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const { counts } = result;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="import-result-title" data-testid="import-result">
      <Stack gap="md">
        <Title order={2} id="import-result-title" size="h3">
          {R.title}
        </Title>
        <Text size="sm">{imported ? R.imported : R.nothingSaved}</Text>
        {stale ? (
          <Alert color="orange" variant="outline" icon={<IconInfoCircle aria-hidden="true" />}>
            <Text size="sm">{R.stale}</Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" role="list" aria-label={R.countsLabel} data-testid="import-counts">
          {IMPORT_ACTIONS.map((action) => (
            <Box
              key={action}
              role="listitem"
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-gray-4)',
                borderLeft: `6px solid var(--mantine-color-${counts[action] === 0 ? 'gray' : ACTION_COLOURS[action].color}-${counts[action] === 0 ? 3 : 6})`,
                borderRadius: 'var(--mantine-radius-sm)',
              }}
              data-count={action}
            >
              <Text fw={700} size="sm">
                {R.counts[action](counts[action])}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        {counts.error > 0 ? (
          <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            <Stack gap="xs">
              <Text c="red.9" fw={600} size="sm">
                {R.fixErrors(counts.error)}
              </Text>
              {refused ? (
                <Group gap="sm">
                  <Button
                    variant="default"
                    size="sm"
                    h="auto"
                    py={6}
                    styles={{ label: { whiteSpace: 'normal' } }}
                    leftSection={<IconDownload size={16} aria-hidden="true" />}
                    loading={refused.downloading}
                    onClick={refused.download}
                  >
                    {R.refusedFile(counts.error)}
                  </Button>
                  <Text size="sm">{R.refusedFileHint}</Text>
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {conflicts.length > 0 ? <ConflictSummary rows={conflicts} answers={answers} /> : null}
        <SegmentedControl
          aria-label={R.show}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
          data={(Object.keys(R.filters) as Filter[]).map((key) => ({ value: key, label: R.filters[key] }))}
          // Five choices do not fit a phone's width side by side.
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
        />
        <Box className="import-rows">
          <DataTable
            caption={R.caption}
            columns={columns}
            rows={pageRows}
            rowKey={(r) => r.row}
            empty={<Text size="sm">{R.noneMatch}</Text>}
            minWidth={760}
            testId="import-rows"
          />
        </Box>
        <TablePager
          what={R.what}
          page={current}
          pageCount={pageCount}
          total={rows.length}
          from={rows.length === 0 ? 0 : (current - 1) * PAGE_SIZE + 1}
          to={Math.min(current * PAGE_SIZE, rows.length)}
          onPageChange={(to) => setPage((now) => to(Math.min(now, pageCount)))}
        />
      </Stack>
    </Paper>
  );
}
