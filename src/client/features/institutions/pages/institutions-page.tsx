import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { type DataColumn } from '../../../ui/data-table.tsx';
import { FilterSelect, ListPage } from '../../../ui/list-page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useListSearch } from '../../../ui/use-list-search.ts';
import { useInstitutions } from '../api/get-institutions.ts';
import {
  INSTITUTIONS_PAGE_SIZE,
  INSTITUTION_LIST_DEFAULTS,
  hasInstitutionFilters,
  readInstitutionListState,
  selectInstitutions,
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

  return (
    <ListPage
      title={routeTitle('institutions')}
      words={T}
      what={INSTITUTION_UI.what}
      idPrefix="institutions"
      addAction={
        <Button component={Link} to="/institutions/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {T.add}
        </Button>
      }
      filters={
        <>
          <FilterSelect
            id="institutions-type"
            label={T.type}
            value={state.type}
            allLabel={T.allTypes}
            options={INSTITUTION_TYPES}
            onChange={(type) => update({ type })}
          />
          <FilterSelect
            id="institutions-region"
            label={T.region}
            value={state.region}
            allLabel={T.allRegions}
            options={REGIONS}
            onChange={(region) => update({ region })}
          />
        </>
      }
      filterKeys={['type', 'region']}
      gridCols={{ base: 1, sm: 2, md: 4 }}
      state={state}
      update={update}
      filtered={hasInstitutionFilters(state)}
      selected={selected}
      pageSize={INSTITUTIONS_PAGE_SIZE}
      query={institutions}
      loading={institutions.isPending}
      table={{ columns: COLUMNS, rowKey: (i) => i.id, rowMuted: (i) => !i.active_ind, testId: 'institutions-table' }}
    />
  );
}
