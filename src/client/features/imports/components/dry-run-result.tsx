import { Alert, Anchor, Box, List, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import { IMPORT_ACTIONS, type ImportDryRun, type ImportRowResult } from '../../../../shared/schemas/import.ts';
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

function RowDetails({ row }: { row: ImportRowResult }) {
  if (row.action === 'error') {
    return (
      <List size="sm" spacing={2} c="red.9">
        {(row.errors ?? []).map((e, i) => (
          <List.Item key={`${e.field}-${i}`}>{e.message}</List.Item>
        ))}
      </List>
    );
  }
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

const COLUMNS: DataColumn<ImportRowResult>[] = [
  { key: 'row', header: R.columns.row, cell: (r) => r.row, numeric: true, nowrap: true },
  { key: 'record', header: R.columns.record, cell: (r) => <RowRecord row={r} />, minWidth: '14rem' },
  { key: 'action', header: R.columns.action, cell: (r) => <ActionBadge action={r.action} />, nowrap: true },
  { key: 'details', header: R.columns.details, cell: (r) => <RowDetails row={r} />, minWidth: '20rem' },
];

/** Step 3: the counts, then the dry run row by row (filtered and paged), with nothing saved yet. */
export function DryRunResult({ result, stale, imported }: { result: ImportDryRun; stale: boolean; imported: boolean }) {
  const [filter, setFilter] = useState<Filter>(result.counts.error > 0 ? 'error' : 'all');
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
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="list" aria-label={R.countsLabel} data-testid="import-counts">
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
            <Text c="red.9" fw={600} size="sm">
              {R.fixErrors(counts.error)}
            </Text>
          </Alert>
        ) : null}
        <SegmentedControl
          aria-label={R.show}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
          data={(Object.keys(R.filters) as Filter[]).map((key) => ({ value: key, label: R.filters[key] }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <Box className="import-rows">
          <DataTable
            caption={R.caption}
            columns={COLUMNS}
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
          onPageChange={setPage}
        />
      </Stack>
    </Paper>
  );
}
