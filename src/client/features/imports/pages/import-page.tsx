import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TERMS } from '../../../../shared/constants.ts';
import type { ImportCounts, ImportDryRun, ImportFile, ImportMapping, ImportRequest } from '../../../../shared/schemas/import.ts';
import { scrubText } from '../../../../shared/schemas/text.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { FIELD_ORDER } from '../../../ui/field-label.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useProfile } from '../../session/index.ts';
import { useCommitImport } from '../api/commit-import.ts';
import { useDryRunImport } from '../api/dry-run-import.ts';
import { useParseImportFile } from '../api/parse-import-file.ts';
import { DryRunResult } from '../components/dry-run-result.tsx';
import { MappingStep } from '../components/mapping-step.tsx';
import {
  loadRememberedMapping,
  mappingProblems,
  rememberMapping,
  saveRememberedMapping,
  suggestMapping,
} from '../lib/column-mapping.ts';
import { checkImportFile } from '../lib/import-file.ts';
import { IMPORT_UI } from '../messages.ts';

/** The server's own words when it gave them (a bad file, a refused mapping), else the operation's message. */
function failureText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage && error.status !== 403 ? error.serverMessage : error.message;
  return error instanceof Error ? error.message : String(error);
}

function ErrorAlert({ children, testId }: { children: string; testId: string }) {
  return (
    <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} role="alert" data-testid={testId}>
      <Text c="red.9" fw={600} size="sm">
        {children}
      </Text>
    </Alert>
  );
}

/**
 * `/records/import`: spreadsheet import of records (issue 6). Choose a file, match its columns to record fields, check
 * it (a dry run that saves nothing), then import every row in one go. What was chosen stays through any failure.
 */
export default function ImportPage() {
  const title = routeTitle('recordImport');
  const { profile, isPending } = useProfile();
  const parse = useParseImportFile();
  const dryRun = useDryRunImport();
  const commit = useCommitImport();

  const [chosen, setChosen] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [file, setFile] = useState<(ImportFile & { name: string }) | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [fiscalYear, setFiscalYear] = useState('');
  const [term, setTerm] = useState('');
  const [checkError, setCheckError] = useState<string | null>(null);
  const [result, setResult] = useState<{ run: ImportDryRun; request: ImportRequest; id: number } | null>(null);
  const [stale, setStale] = useState(false);
  const [commitError, setCommitError] = useState<string | null>(null);
  const [done, setDone] = useState<ImportCounts | null>(null);

  if (isPending) return <PageSkeleton />;
  const p = profile.privileges;
  const mayImport = p.glblAdmin || p.write.length > 0 || p.admin.length > 0;
  if (!mayImport) {
    return (
      <Page title={title}>
        <Alert color="navy" variant="outline" icon={<IconLock aria-hidden="true" />} maw="44rem" data-testid="import-no-access">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {IMPORT_UI.noAccess.title}
            </Title>
            <Text size="sm">{IMPORT_UI.noAccess.body}</Text>
          </Stack>
        </Alert>
      </Page>
    );
  }

  const markStale = () => {
    if (result) setStale(true);
    setCommitError(null);
  };

  const chooseFile = async (picked: File | null) => {
    setChosen(picked);
    setFileError(null);
    setDone(null);
    if (!picked) return;
    const check = checkImportFile(picked);
    if (!check.ok) {
      setFileError(check.message);
      return;
    }
    try {
      const read = await parse.mutateAsync({ file: picked, contentType: check.contentType });
      const sameHeadings = file && file.columns.join('\u0000') === read.columns.join('\u0000');
      setFile({ ...read, name: picked.name });
      // A corrected file with the same headings keeps the matches chosen for it; another file starts from its headings.
      if (!sameHeadings) setMapping(suggestMapping(read.columns, loadRememberedMapping()));
      setResult(null);
      setStale(false);
      setCheckError(null);
      setCommitError(null);
    } catch (error) {
      setFileError(failureText(error));
    }
  };

  const request = (): ImportRequest | null => {
    if (!file) return null;
    // The name is kept in the audit history only: a character the API refuses in it is replaced, never a reason to stop.
    const body: ImportRequest = { mapping, rows: file.rows, fileName: scrubText(file.name, { max: 255 }) };
    if (fiscalYear.trim()) body.fiscalYear = fiscalYear.trim();
    const t = TERMS.find((x) => x === term);
    if (t) body.term = t;
    return body;
  };

  const check = async () => {
    const body = request();
    if (!body || !file) return;
    setCommitError(null);
    const problems = mappingProblems(mapping, { fiscalYear, term }, IMPORT_UI.mapping.problems);
    if (problems.length > 0) {
      setCheckError(problems.join(' '));
      return;
    }
    setCheckError(null);
    saveRememberedMapping(rememberMapping(file.columns, mapping));
    try {
      const run = await dryRun.mutateAsync(body);
      setResult({ run, request: body, id: Date.now() });
      setStale(false);
      window.requestAnimationFrame(() => document.getElementById('import-result-title')?.scrollIntoView({ block: 'start' }));
    } catch (error) {
      setCheckError(failureText(error));
    }
  };

  const runImport = async () => {
    if (!result) return;
    setCommitError(null);
    try {
      const { counts } = await commit.mutateAsync({ ...result.request, fingerprint: result.run.fingerprint });
      setDone(counts);
      notify({ level: 'success', message: IMPORT_UI.commit.success(counts.create, counts.update) });
    } catch (error) {
      setCommitError(failureText(error));
      // Something changed since the check (or a row went wrong): show what the file would do now.
      try {
        const run = await dryRun.mutateAsync(result.request);
        setResult({ run, request: result.request, id: Date.now() });
      } catch {
        // The commit's message already says what went wrong.
      }
    }
  };

  const startAgain = () => {
    setChosen(null);
    setFile(null);
    setResult(null);
    setDone(null);
    setStale(false);
    setFileError(null);
  };

  const toWrite = result ? result.run.counts.create + result.run.counts.update : 0;
  const canImport = !!result && !stale && result.run.counts.error === 0 && toWrite > 0 && !done;

  return (
    <Page title={title}>
      <Text maw="48rem">{IMPORT_UI.intro}</Text>

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
            onChange={(picked) => void chooseFile(picked)}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
            maw="44rem"
            disabled={parse.isPending}
          />
          {parse.isPending ? (
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

      {file && !fileError ? (
        <MappingStep
          file={file}
          mapping={mapping}
          onMappingChange={(next) => {
            setMapping(next);
            markStale();
          }}
          onReset={() => {
            setMapping(suggestMapping(file.columns));
            markStale();
          }}
          fiscalYear={fiscalYear}
          onFiscalYearChange={(value) => {
            setFiscalYear(value);
            markStale();
          }}
          term={term}
          onTermChange={(value) => {
            setTerm(value);
            markStale();
          }}
          onCheck={() => void check()}
          checking={dryRun.isPending}
          error={checkError}
        />
      ) : null}

      {result && !fileError ? <DryRunResult key={result.id} result={result.run} stale={stale} imported={!!done} /> : null}

      {result && !fileError ? (
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
                <Text size="sm">{IMPORT_UI.commit.hint}</Text>
                {commitError ? <ErrorAlert testId="commit-error">{commitError}</ErrorAlert> : null}
                <Group justify="flex-end">
                  <Button size="md" onClick={() => void runImport()} disabled={!canImport} loading={commit.isPending}>
                    {IMPORT_UI.commit.button(toWrite)}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      ) : null}
    </Page>
  );
}
