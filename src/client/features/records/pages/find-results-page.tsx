import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEdit, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { recordQueryToSearch, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../../programs/index.ts';
import { useProfile } from '../../session/index.ts';
import { useFindRecords } from '../api/find-records.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { CriteriaProblems } from '../components/criteria-problems.tsx';
import { RecordTable } from '../components/record-table.tsx';
import { useRecordView, type RecordViewChange } from '../components/use-record-view.ts';
import { summarizeCriteria } from '../lib/criteria-summary.ts';
import { isAppAdmin } from '../../../../shared/permissions.ts';

const T = RECORD_BROWSE_UI.results;

/**
 * App admins export what they found: the export page takes the same criteria in its URL (not the page or sort, which
 * an export does not have) and counts again before the download; here the count of the results says what it will hold.
 */
function ExportResults({ view }: { view: RecordQuery }) {
  const { profile } = useProfile();
  const found = useFindRecords(view);
  if (!isAppAdmin(profile.privileges)) return null;
  const search = recordQueryToSearch({ criteria: view.criteria }).toString();
  const total = found.data?.total;
  return (
    <Stack gap={2} align="flex-start">
      <Button
        component={Link}
        to={`/records/recordExport${search ? `?${search}` : ''}`}
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden="true" />}
        aria-describedby="export-results-count"
        data-testid="export-results"
      >
        {T.exportResults}
      </Button>
      <Text size="xs" id="export-results-count" data-testid="export-results-count">
        {total === undefined ? '' : T.exportCount(total)}
      </Text>
    </Stack>
  );
}

/** The search in words, beside the way to change it. */
function CriteriaSummary({ view, editTo }: { view: RecordQuery; editTo: string }) {
  const institutions = useInstitutions();
  const programs = usePrograms();
  const lines = useMemo(() => {
    const institutionNames = new Map((institutions.data ?? []).map((i) => [i.id, i.short_name]));
    const programNames = new Map(
      (programs.data ?? []).map((p) => [p.id, `${institutionNames.get(p.institution_id) ?? p.institution_id} – ${p.name}`]),
    );
    return summarizeCriteria(view.criteria, {
      institution: (id) => institutionNames.get(id),
      program: (id) => programNames.get(id),
    });
  }, [view.criteria, institutions.data, programs.data]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="criteria-title" data-testid="criteria-summary">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs" style={{ flex: 1, minWidth: '16rem' }}>
          <Title order={2} fz="h4" id="criteria-title">
            {T.criteriaTitle}
          </Title>
          {lines.length === 0 ? (
            <Text size="sm">{T.everything}</Text>
          ) : (
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
              {lines.map((line) => (
                <Group key={line.label} gap={6} wrap="nowrap" align="baseline">
                  <Text component="dt" size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {line.label}:
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {line.value}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <Group gap="sm" align="flex-start">
          <Button component={Link} to={editTo} leftSection={<IconEdit size={18} aria-hidden="true" />}>
            {T.editSearch}
          </Button>
          <Button component={Link} to="/records/find" variant="default" leftSection={<IconSearch size={18} aria-hidden="true" />}>
            {T.newSearch}
          </Button>
          <ExportResults view={view} />
        </Group>
      </Group>
    </Paper>
  );
}

function Results({ view, onChange }: { view: RecordQuery; onChange: RecordViewChange }) {
  const found = useFindRecords(view);
  useErrorToast(found.error);
  if (found.isError && !found.data) {
    return <LoadError message={found.error.message} detail={T.loadFailed} onRetry={() => void found.refetch()} />;
  }
  return (
    <RecordTable
      caption={T.caption}
      view={view}
      data={found.data}
      loading={found.isPending}
      updating={found.isPlaceholderData || (found.isFetching && !found.isPending)}
      onViewChange={onChange}
      testId="find-results-table"
      empty={
        <Stack gap={4} align="center" py="md">
          <Text fw={700}>{T.noMatchTitle}</Text>
          <Text size="sm">{T.noMatchBody}</Text>
        </Stack>
      }
    />
  );
}

/**
 * `/records/find/findResults?<criteria>`: the search the URL holds, run with `POST /api/records/find`, so a bookmark or
 * a shared link shows the same results; sorting and paging change the URL. A URL whose search is not valid says why.
 */
export default function FindResultsPage() {
  const { read, change, params } = useRecordView();
  // Edit search keeps the criteria, page size and sort; a URL that cannot be read goes to the form as it is.
  const editSearch = read.ok ? recordQueryToSearch({ ...read.query, page: 1 }).toString() : params.toString();
  const editTo = `/records/find${editSearch ? `?${editSearch}` : ''}`;

  return (
    <Page title={routeTitle('recordFindResults')}>
      {read.ok ? (
        <>
          <CriteriaSummary view={read.query} editTo={editTo} />
          <Results view={read.query} onChange={change} />
        </>
      ) : (
        <CriteriaProblems
          title={T.badTitle}
          body={T.badBody}
          issues={read.issues}
          actions={
            <Group gap="sm">
              <Button component={Link} to={editTo} size="xs">
                {T.editSearch}
              </Button>
              <Button component={Link} to="/records/find" variant="default" size="xs">
                {T.startAgain}
              </Button>
            </Group>
          }
        />
      )}
    </Page>
  );
}
