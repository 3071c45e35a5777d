import { Button, Grid, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { RECORD_STATUSES, TERMS } from '../../../../shared/constants.ts';
import { hasCriteria, type RecordQuery } from '../../../../shared/find-criteria-url.ts';
import { canEditSomeInstitution, readableInstitutions } from '../../../../shared/permissions.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../../programs/index.ts';
import { useProfile } from '../../session/index.ts';
import { useRecords } from '../api/get-records.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { CriteriaProblems } from '../components/criteria-problems.tsx';
import { RecordTable } from '../components/record-table.tsx';
import { useRecordView, type RecordViewChange } from '../components/use-record-view.ts';
import { institutionChoices, keepProgramsOf, programChoices, type Choice } from '../lib/record-choices.ts';
import { fiscalYearChoices } from '../lib/record-format.ts';
import { browseIntro } from '../lib/browse-intro.ts';
import { SEVERAL, singleChoice, withCriteria, withoutCriteria } from '../lib/record-view-model.ts';

const T = RECORD_BROWSE_UI.browse;
const words = { inactive: (label: string) => `${label} (inactive)` };

/**
 * The options of a single-choice filter: "all", the choices, "n chosen" when the URL chose several, and a URL's
 * choice that is not on the list (an id of another institution, say) by its id, so the filter never pretends to be off.
 */
function options(
  all: string,
  choices: readonly (string | Choice)[],
  chosen?: readonly (string | number)[],
  unknown?: (value: string) => string,
) {
  const extra: { value: string; label: string; disabled?: boolean }[] = [];
  if (chosen && chosen.length > 1) extra.push({ value: SEVERAL, label: T.several(chosen.length), disabled: true });
  const one = chosen?.length === 1 ? String(chosen[0]) : null;
  if (one !== null && unknown && !choices.some((c) => (typeof c === 'string' ? c : c.value) === one)) {
    extra.push({ value: one, label: unknown(one) });
  }
  return [{ value: '', label: all }, ...extra, ...choices];
}

function BrowseFilters({ view, onChange }: { view: RecordQuery; onChange: RecordViewChange }) {
  const { profile } = useProfile();
  const institutions = useInstitutions();
  const programs = usePrograms();
  const c = view.criteria;
  const chosenInstitutions = useMemo(() => c.institutionIds ?? [], [c.institutionIds]);

  const institutionOptions = useMemo(
    () => institutionChoices(institutions.data ?? [], profile.privileges, words),
    [institutions.data, profile.privileges],
  );
  const programOptions = useMemo(
    () => programChoices(programs.data ?? [], institutions.data ?? [], profile.privileges, chosenInstitutions, words),
    [programs.data, institutions.data, profile.privileges, chosenInstitutions],
  );
  const years = useMemo(
    () => fiscalYearChoices(new Date(), [c.fiscalYearFrom, c.fiscalYearTo]),
    [c.fiscalYearFrom, c.fiscalYearTo],
  );
  // A range can only be chosen from low to high: each end offers the years the other end allows.
  const fromYears = c.fiscalYearTo ? years.filter((y) => y <= c.fiscalYearTo!) : years;
  const toYears = c.fiscalYearFrom ? years.filter((y) => y >= c.fiscalYearFrom!) : years;
  const set = (changes: Parameters<typeof withCriteria>[1]) => onChange((current) => withCriteria(current, changes));
  const listFailed = institutions.isError || programs.isError;

  return (
    <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
      <Grid columns={24} gap="sm" align="flex-end">
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 5 }}>
          <NativeSelect
            id="records-institution"
            label={T.institution}
            value={singleChoice(c.institutionIds)}
            data={options(T.allInstitutions, institutionOptions, c.institutionIds, RECORD_BROWSE_UI.unknownInstitution)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              const institutionIds = value ? [Number(value)] : [];
              onChange((current) =>
                withCriteria(current, {
                  institutionIds,
                  programIds: keepProgramsOf(current.criteria.programIds ?? [], programs.data ?? [], institutionIds),
                }),
              );
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 5 }}>
          <NativeSelect
            id="records-program"
            label={T.program}
            value={singleChoice(c.programIds)}
            data={options(T.allPrograms, programOptions, c.programIds, T.unknownProgram)}
            onChange={(e) => set({ programIds: e.currentTarget.value ? [Number(e.currentTarget.value)] : [] })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 4 }}>
          <NativeSelect
            id="records-fiscal-year-from"
            label={T.fiscalYearFrom}
            value={c.fiscalYearFrom ?? ''}
            data={options(T.anyYear, fromYears, undefined)}
            onChange={(e) => set({ fiscalYearFrom: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 4 }}>
          <NativeSelect
            id="records-fiscal-year-to"
            label={T.fiscalYearTo}
            value={c.fiscalYearTo ?? ''}
            data={options(T.anyYear, toYears, undefined)}
            onChange={(e) => set({ fiscalYearTo: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 3 }}>
          <NativeSelect
            id="records-term"
            label={T.term}
            value={singleChoice(c.terms)}
            data={options(T.allTerms, TERMS, c.terms)}
            onChange={(e) => set({ terms: e.currentTarget.value ? [e.currentTarget.value as (typeof TERMS)[number]] : [] })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12, md: 8, lg: 3 }}>
          <NativeSelect
            id="records-status"
            label={T.status}
            value={c.status ?? ''}
            data={options(
              T.anyStatus,
              RECORD_STATUSES.map((s) => ({ value: s, label: RECORD_BROWSE_UI.status[s] ?? s })),
              undefined,
            )}
            onChange={(e) =>
              set({ status: (e.currentTarget.value || undefined) as (typeof RECORD_STATUSES)[number] | undefined })
            }
          />
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c="dimmed">
          {listFailed ? T.listsFailed : T.moreCriteria}
        </Text>
        {hasCriteria(c) ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(withoutCriteria(view))}>
            {T.clearFilters}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function BrowseList({ view, onChange, canAdd }: { view: RecordQuery; onChange: RecordViewChange; canAdd: boolean }) {
  const records = useRecords(view);
  useErrorToast(records.error);
  const filtered = hasCriteria(view.criteria);
  if (records.isError && !records.data) {
    return <LoadError message={records.error.message} detail={T.loadFailed} onRetry={() => void records.refetch()} />;
  }
  return (
    <RecordTable
      caption={T.caption}
      view={view}
      data={records.data}
      loading={records.isPending}
      updating={records.isPlaceholderData || (records.isFetching && !records.isPending)}
      onViewChange={onChange}
      testId="records-table"
      empty={
        <Stack gap={4} align="center" py="md">
          <Text fw={700}>{filtered ? T.noMatchTitle : T.noneTitle}</Text>
          <Text size="sm">{filtered ? T.noMatchBody : canAdd ? T.noneBody : T.noneBodyReadOnly}</Text>
        </Stack>
      }
    />
  );
}

/** `/records`: the records of the institutions the user may read, paged and sorted by the server, the view in the URL. */
export default function RecordsPage() {
  const { profile } = useProfile();
  const { read, change } = useRecordView();
  const canAdd = canEditSomeInstitution(profile.privileges);
  const readsAll = readableInstitutions(profile.privileges) === 'all';

  return (
    <Page title={routeTitle('records')}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{browseIntro({ readsAll, canEdit: canAdd })}</Text>
        <Group gap="sm">
          <Button component={Link} to="/records/find" variant="default" leftSection={<IconSearch size={18} aria-hidden="true" />}>
            {T.find}
          </Button>
          {canAdd ? (
            <>
              <Button
                component={Link}
                to="/records/import"
                variant="default"
                leftSection={<IconUpload size={18} aria-hidden="true" />}
              >
                {T.import}
              </Button>
              <Button component={Link} to="/records/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
                {T.add}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>

      {read.ok ? (
        <>
          <BrowseFilters view={read.query} onChange={change} />
          <BrowseList view={read.query} onChange={change} canAdd={canAdd} />
        </>
      ) : (
        <CriteriaProblems
          title={T.badView}
          body={T.badViewBody}
          issues={read.issues}
          actions={
            <Button component={Link} to="/records" variant="default" size="xs">
              {T.clearFilters}
            </Button>
          }
        />
      )}
    </Page>
  );
}
