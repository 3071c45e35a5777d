import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DISCIPLINES, WIL_TYPES } from '../../../../shared/constants.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { compareValues, formatSort, paginate, toggleSort } from '../../../ui/list-state.ts';
import { ListSearchInput } from '../../../ui/list-search-input.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useListSearch } from '../../../ui/use-list-search.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../api/get-programs.ts';
import {
  PROGRAMS_PAGE_SIZE,
  PROGRAM_LIST_DEFAULTS,
  hasProgramFilters,
  readProgramListState,
  selectPrograms,
  type InstitutionNames,
  type ProgramSortKey,
} from '../lib/program-list.ts';
import { PROGRAM_UI } from '../messages.ts';

const T = PROGRAM_UI.list;
const C = PROGRAM_UI.columns;

function columns(institutions: ReadonlyMap<number, InstitutionNames>): DataColumn<Program>[] {
  return [
    {
      key: 'name',
      header: C.name,
      cell: (p) => (
        <Anchor component={Link} to={`/programs/${p.id}`} fw={600}>
          {p.name}
        </Anchor>
      ),
      minWidth: '15rem',
    },
    {
      key: 'institution',
      header: C.institution,
      cell: (p) => institutions.get(p.institution_id)?.short_name ?? T.unknownInstitution(p.institution_id),
      nowrap: true,
    },
    { key: 'discipline', header: C.discipline, cell: (p) => p.discipline },
    { key: 'credential', header: C.credential, cell: (p) => p.credential },
    { key: 'wil_type', header: C.wil_type, cell: (p) => p.wil_type },
    { key: 'coop_model', header: C.coop_model, cell: (p) => p.coop_model ?? '' },
    { key: 'cip_code', header: C.cip_code, cell: (p) => p.cip_code ?? '', nowrap: true },
    { key: 'status', header: C.status, cell: (p) => <ActiveBadge active={p.active_ind} />, nowrap: true },
  ];
}

/** `/programs`: every valid program, sorted, filtered and paged, with the view kept in the URL. */
export default function ProgramsPage() {
  const programs = usePrograms();
  const institutions = useInstitutions();
  useErrorToast(programs.error);
  useErrorToast(institutions.error);
  const { state, update } = useListSearch(readProgramListState, PROGRAM_LIST_DEFAULTS);

  const byId = useMemo(() => new Map((institutions.data ?? []).map((i) => [i.id, i])), [institutions.data]);
  const institutionOptions = useMemo(
    () =>
      [...(institutions.data ?? [])]
        .sort((a, b) => compareValues(a.short_name, b.short_name))
        .map((i) => {
          const label = `${i.short_name} – ${i.name}`;
          return { value: String(i.id), label: i.active_ind ? label : PROGRAM_UI.inactiveInstitution(label) };
        }),
    [institutions.data],
  );
  const selected = useMemo(() => selectPrograms(programs.data ?? [], byId, state), [programs.data, byId, state]);
  const slice = paginate(selected, state.page, PROGRAMS_PAGE_SIZE);
  const filtered = hasProgramFilters(state);
  const tableColumns = useMemo(() => columns(byId), [byId]);
  const loading = programs.isPending || institutions.isPending;

  return (
    <Page title={routeTitle('programs')}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{T.intro}</Text>
        <Button component={Link} to="/programs/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {T.add}
        </Button>
      </Group>

      <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'end' }}>
          <ListSearchInput
            id="programs-search"
            label={T.search}
            description={T.searchHint}
            value={state.q}
            onCommit={(q) => update({ q })}
          />
          <NativeSelect
            id="programs-institution"
            label={T.institution}
            value={state.institutionId === null ? '' : String(state.institutionId)}
            data={[{ value: '', label: T.allInstitutions }, ...institutionOptions]}
            onChange={(e) => update({ institutionId: e.currentTarget.value })}
          />
          <NativeSelect
            id="programs-discipline"
            label={T.discipline}
            value={state.discipline ?? ''}
            data={[{ value: '', label: T.allDisciplines }, ...DISCIPLINES]}
            onChange={(e) => update({ discipline: e.currentTarget.value })}
          />
          <NativeSelect
            id="programs-wil-type"
            label={T.wilType}
            value={state.wilType ?? ''}
            data={[{ value: '', label: T.allWilTypes }, ...WIL_TYPES]}
            onChange={(e) => update({ wilType: e.currentTarget.value })}
          />
          <NativeSelect
            id="programs-status"
            label={T.status}
            value={state.status}
            data={(['active', 'inactive', 'all'] as const).map((value) => ({ value, label: T.statusOptions[value] }))}
            onChange={(e) => update({ status: e.currentTarget.value })}
          />
        </SimpleGrid>
        {filtered ? (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => update({ q: null, institutionId: null, discipline: null, wilType: null, status: null })}
            >
              {T.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Paper>

      {institutions.isError && !programs.isError ? <Text size="sm">{T.institutionsFailed}</Text> : null}

      {programs.isError ? (
        <LoadError message={programs.error.message} detail={T.loadFailed} onRetry={() => void programs.refetch()} />
      ) : (
        <Stack gap="sm">
          <DataTable
            caption={T.caption}
            columns={tableColumns}
            rows={slice.rows}
            rowKey={(p) => p.id}
            sort={state.sort}
            onSortChange={(key) => update({ sort: formatSort(toggleSort(state.sort, key as ProgramSortKey)) })}
            loading={loading}
            rowMuted={(p) => !p.active_ind}
            minWidth={980}
            testId="programs-table"
            empty={
              <Stack gap={4} align="center" py="md">
                <Text fw={700}>{filtered ? T.noMatchTitle : T.noneTitle}</Text>
                <Text size="sm">{filtered ? T.noMatchBody : T.noneBody}</Text>
              </Stack>
            }
          />
          {loading ? null : (
            <TablePager
              what={PROGRAM_UI.what}
              page={slice.page}
              pageCount={slice.pageCount}
              total={slice.total}
              from={slice.from}
              to={slice.to}
              onPageChange={(page) => update({ page: String(page) }, { push: true })}
            />
          )}
        </Stack>
      )}
    </Page>
  );
}
