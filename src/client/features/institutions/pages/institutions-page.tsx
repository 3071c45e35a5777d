import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { formatSort, paginate, toggleSort } from '../../../ui/list-state.ts';
import { ListSearchInput } from '../../../ui/list-search-input.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useListSearch } from '../../../ui/use-list-search.ts';
import { useInstitutions } from '../api/get-institutions.ts';
import {
  INSTITUTIONS_PAGE_SIZE,
  INSTITUTION_LIST_DEFAULTS,
  hasInstitutionFilters,
  readInstitutionListState,
  selectInstitutions,
  type InstitutionSortKey,
} from '../lib/institution-list.ts';
import { INSTITUTION_UI } from '../messages.ts';

const T = INSTITUTION_UI.list;
const C = INSTITUTION_UI.columns;

const COLUMNS: DataColumn<Institution>[] = [
  {
    key: 'name',
    header: C.name,
    cell: (i) => (
      <Anchor component={Link} to={`/institutions/${i.id}`} fw={600}>
        {i.name}
      </Anchor>
    ),
    minWidth: '15rem',
  },
  { key: 'short_name', header: C.short_name, cell: (i) => i.short_name, nowrap: true },
  { key: 'name_code', header: C.name_code, cell: (i) => i.name_code, nowrap: true },
  { key: 'institution_type', header: C.institution_type, cell: (i) => i.institution_type },
  { key: 'region', header: C.region, cell: (i) => i.region },
  { key: 'status', header: C.status, cell: (i) => <ActiveBadge active={i.active_ind} />, nowrap: true },
];

/** `/institutions`: every institution, sorted, filtered and paged, with the view kept in the URL. */
export default function InstitutionsPage() {
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const { state, update } = useListSearch(readInstitutionListState, INSTITUTION_LIST_DEFAULTS);
  const selected = useMemo(() => selectInstitutions(institutions.data ?? [], state), [institutions.data, state]);
  const slice = paginate(selected, state.page, INSTITUTIONS_PAGE_SIZE);
  const filtered = hasInstitutionFilters(state);

  return (
    <Page title={routeTitle('institutions')}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{T.intro}</Text>
        <Button component={Link} to="/institutions/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {T.add}
        </Button>
      </Group>

      <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'end' }}>
          <ListSearchInput
            id="institutions-search"
            label={T.search}
            description={T.searchHint}
            value={state.q}
            onCommit={(q) => update({ q })}
          />
          <NativeSelect
            id="institutions-type"
            label={T.type}
            value={state.type ?? ''}
            data={[{ value: '', label: T.allTypes }, ...INSTITUTION_TYPES]}
            onChange={(e) => update({ type: e.currentTarget.value })}
          />
          <NativeSelect
            id="institutions-region"
            label={T.region}
            value={state.region ?? ''}
            data={[{ value: '', label: T.allRegions }, ...REGIONS]}
            onChange={(e) => update({ region: e.currentTarget.value })}
          />
          <NativeSelect
            id="institutions-status"
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
              onClick={() => update({ q: null, type: null, region: null, status: null })}
            >
              {T.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Paper>

      {institutions.isError ? (
        <LoadError message={institutions.error.message} detail={T.loadFailed} onRetry={() => void institutions.refetch()} />
      ) : (
        <Stack gap="sm">
          <DataTable
            caption={T.caption}
            columns={COLUMNS}
            rows={slice.rows}
            rowKey={(i) => i.id}
            sort={state.sort}
            onSortChange={(key) => update({ sort: formatSort(toggleSort(state.sort, key as InstitutionSortKey)) })}
            loading={institutions.isPending}
            rowMuted={(i) => !i.active_ind}
            testId="institutions-table"
            empty={
              <Stack gap={4} align="center" py="md">
                <Text fw={700}>{filtered ? T.noMatchTitle : T.noneTitle}</Text>
                <Text size="sm">{filtered ? T.noMatchBody : T.noneBody}</Text>
              </Stack>
            }
          />
          {institutions.isPending ? null : (
            <TablePager
              what={INSTITUTION_UI.what}
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
