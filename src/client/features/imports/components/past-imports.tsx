import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { PastImport } from '../../../../shared/schemas/import.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { keptFileHref, usePastImports } from '../api/list-imports.ts';
import { IMPORT_UI } from '../messages.ts';

const P = IMPORT_UI.past;

const COLUMNS: DataColumn<PastImport>[] = [
  { key: 'at', header: P.columns.at, cell: (i) => formatInstant(i.at), nowrap: true },
  { key: 'by', header: P.columns.by, cell: (i) => i.by ?? P.unknownUser },
  {
    key: 'file',
    header: P.columns.file,
    cell: (i) =>
      i.file ? (
        <Anchor href={keptFileHref(i.file.id)} download={i.file.name} size="sm">
          {P.download(i.file.name)}
        </Anchor>
      ) : (
        (i.fileName ?? P.noName)
      ),
    minWidth: '12rem',
  },
  { key: 'what', header: P.columns.what, cell: (i) => P.what(i.counts.created, i.counts.updated) },
  {
    key: 'choices',
    header: P.columns.choices,
    cell: (i) => (i.overwritten + i.keptCurrent === 0 ? P.noChoices : P.choices(i.overwritten, i.keptCurrent)),
  },
];

/** The latest imports the person may know of, each with its file when they may download it (issue 28). */
export function PastImports() {
  const past = usePastImports();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="past-imports-title">
      <Stack gap="sm">
        <Title order={2} id="past-imports-title" size="h3">
          {P.title}
        </Title>
        <Text size="sm" maw="48rem">
          {P.intro}
        </Text>
        {past.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {IMPORT_UI.errors.past}
          </Text>
        ) : (
          <DataTable
            caption={P.caption}
            columns={COLUMNS}
            rows={past.data ?? []}
            rowKey={(i) => i.id}
            loading={past.isPending}
            skeletonRows={3}
            empty={
              <Text size="sm" data-testid="past-imports-none">
                {P.none}
              </Text>
            }
            minWidth={720}
            testId="past-imports"
          />
        )}
      </Stack>
    </Paper>
  );
}
