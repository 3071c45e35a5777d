import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parseIdText } from '../../../../shared/schemas/id.ts';
import { FIELD_ORDER } from '../../../ui/field-label.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { AccessContacts, useProfile } from '../../session/index.ts';
import { DryRunResult } from '../components/dry-run-result.tsx';
import { MappingStep } from '../components/mapping-step.tsx';
import { PastImports } from '../components/past-imports.tsx';
import { useImportFlow } from '../components/use-import-flow.ts';
import { suggestMapping } from '../lib/column-mapping.ts';
import { choiceFor, conflictsOf, mayCommit, rowsToWrite } from '../lib/import-flow.ts';
import type { ImportRowResult } from '../../../../shared/schemas/import.ts';
import { IMPORT_UI } from '../messages.ts';

type Flow = ReturnType<typeof useImportFlow>;

function ErrorAlert({ children, testId }: { children: string; testId: string }) {
  return (
    <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} role="alert" data-testid={testId}>
      <Text c="red.9" fw={600} size="sm">
        {children}
      </Text>
    </Alert>
  );
}

function NoAccess({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Alert color="navy" variant="outline" icon={<IconLock aria-hidden="true" />} maw="44rem" data-testid="import-no-access">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {IMPORT_UI.noAccess.title}
          </Title>
          <Text size="sm">{IMPORT_UI.noAccess.body}</Text>
          <AccessContacts />
        </Stack>
      </Alert>
    </Page>
  );
}

/** Step 1: the file, what reading it found, or why it was refused. */
function FileStep({ flow }: { flow: Flow }) {
  const { chosen, fileError, file } = flow.state;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="import-file-title">
      <Stack gap="sm">
        <Title order={2} id="import-file-title" size="h3">
          {IMPORT_UI.file.title}
        </Title>
        <FileInput
          id="import-file"
          label={IMPORT_UI.file.label}
          description={IMPORT_UI.file.hint}
          inputWrapperOrder={FIELD_ORDER}
          placeholder={IMPORT_UI.file.placeholder}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={chosen}
          onChange={(picked) => void flow.chooseFile(picked)}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
          maw="44rem"
          disabled={flow.reading}
        />
        {flow.reading ? (
          <Text size="sm" role="status">
            {IMPORT_UI.file.reading}
          </Text>
        ) : null}
        {fileError ? <ErrorAlert testId="file-error">{fileError}</ErrorAlert> : null}
        {file && !fileError ? (
          <Text size="sm" role="status" data-testid="file-summary">
            {IMPORT_UI.file.summary(file.name, file.rows.length, file.columns.length)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The term return the import was opened from (`?return=<id>` on its link), to go back to once done; null otherwise. */
function useFromReturn(): number | null {
  const [search] = useSearchParams();
  return parseIdText(search.get('return') ?? '');
}

/** Step 4: import what the check found, or say it is done. */
function CommitStep({ flow, fromReturn }: { flow: Flow; fromReturn: number | null }) {
  const { state, startAgain } = flow;
  const { done, commitError } = state;
  const { result } = state;
  if (!result) return null;
  const toWrite = rowsToWrite(state);
  const canImport = mayCommit(state);
  const openConflicts = conflictsOf(state).open;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="import-commit-title">
      <Stack gap="sm">
        <Title order={2} id="import-commit-title" size="h3">
          {IMPORT_UI.commit.title}
        </Title>
        {done ? (
          <Alert color="green" variant="outline" icon={<IconCircleCheck aria-hidden="true" />} data-testid="import-done">
            <Stack gap="xs">
              <Text fw={700}>{IMPORT_UI.commit.doneTitle}</Text>
              <Text size="sm">{IMPORT_UI.commit.success(done.create, done.update)}</Text>
              <Group gap="lg">
                {fromReturn === null ? null : (
                  <Anchor component={Link} to={`/returns/${fromReturn}`} fw={700} data-testid="import-back-to-return">
                    {IMPORT_UI.commit.backToReturn}
                  </Anchor>
                )}
                <Anchor component={Link} to="/records">
                  {IMPORT_UI.commit.browse}
                </Anchor>
                <Anchor component="button" type="button" onClick={startAgain}>
                  {IMPORT_UI.commit.another}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <>
            {result.run.counts.error === 0 && toWrite === 0 ? <Text size="sm">{IMPORT_UI.result.allUnchanged}</Text> : null}
            {openConflicts > 0 ? (
              <Text size="sm" fw={600}>
                {IMPORT_UI.result.conflict.open(openConflicts)}
              </Text>
            ) : null}
            <Text size="sm">{IMPORT_UI.commit.hint}</Text>
            {commitError ? <ErrorAlert testId="commit-error">{commitError}</ErrorAlert> : null}
            <Group justify="flex-end">
              <Button size="md" onClick={() => void flow.runImport()} disabled={!canImport} loading={flow.committing}>
                {IMPORT_UI.commit.button(toWrite)}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/records/import`: spreadsheet import of records (issue 6). Choose a file, match its columns to record fields, check
 * it (a dry run that saves nothing), then import every row in one go. What was chosen stays through any failure.
 */
export default function ImportPage() {
  const title = routeTitle('recordImport');
  const { profile, isPending } = useProfile();
  const flow = useImportFlow();
  const fromReturn = useFromReturn();
  const { state, edit } = flow;
  const { file, fileError, result } = state;
  const answers = useMemo(
    () => ({
      choiceFor: (row: ImportRowResult) => choiceFor(state, row),
      choose: flow.chooseConflict,
      disabled: flow.committing || !!state.done,
    }),
    [state, flow.chooseConflict, flow.committing],
  );

  const refused = { download: () => void flow.downloadRefused(), downloading: flow.downloadingRefused };

  if (isPending) return <PageSkeleton />;
  const p = profile.privileges;
  if (!(p.glblAdmin || p.write.length > 0 || p.admin.length > 0)) return <NoAccess title={title} />;

  return (
    <Page title={title}>
      {fromReturn === null ? null : (
        <Anchor component={Link} to={`/returns/${fromReturn}`} size="sm" className="no-print">
          {IMPORT_UI.commit.backToReturn}
        </Anchor>
      )}
      <Text maw="48rem">{IMPORT_UI.intro}</Text>
      <FileStep flow={flow} />

      {file && !fileError ? (
        <MappingStep
          file={file}
          mapping={state.mapping}
          onMappingChange={(mapping) => edit({ mapping })}
          onReset={() => edit({ mapping: suggestMapping(file.columns) })}
          fiscalYear={state.fiscalYear}
          onFiscalYearChange={(fiscalYear) => edit({ fiscalYear })}
          term={state.term}
          onTermChange={(term) => edit({ term })}
          onCheck={() => void flow.check()}
          checking={flow.checking}
          error={state.checkError}
        />
      ) : null}

      {result && !fileError ? (
        <DryRunResult
          key={result.id}
          result={result.run}
          stale={state.stale}
          imported={!!state.done}
          answers={answers}
          refused={refused}
        />
      ) : null}

      {result && !fileError ? <CommitStep flow={flow} fromReturn={fromReturn} /> : null}

      <PastImports />
    </Page>
  );
}
