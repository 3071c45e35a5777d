import { useMemo } from 'react';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage, useListView } from '../../../ui/list-page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { RowLink } from '../../../ui/row-link.tsx';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../api/get-institutions.ts';
import { INSTITUTION_LIST, selectInstitutions } from '../lib/institution-list.ts';
import { INSTITUTION_UI } from '../messages.ts';

const T = INSTITUTION_UI.list;
const C = INSTITUTION_UI.columns;

const COLUMNS: DataColumn<Institution>[] = [
  { key: 'name', header: C.name, cell: (i) => <RowLink to={`/institutions/${i.id}`}>{i.name}</RowLink>, minWidth: '15rem' },
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
  const list = useListView(INSTITUTION_LIST);
  const { state } = list;
  const selected = useMemo(() => selectInstitutions(institutions.data ?? [], state), [institutions.data, state]);

  return (
    <ListPage
      screen={{ title: routeTitle('institutions'), words: T, what: INSTITUTION_UI.what, idPrefix: 'institutions' }}
      add={{ label: T.add, to: '/institutions/create' }}
      filters={[
        { name: 'type', label: T.type, allLabel: T.allTypes, options: INSTITUTION_TYPES },
        { name: 'region', label: T.region, allLabel: T.allRegions, options: REGIONS },
      ]}
      list={list}
      selected={selected}
      query={institutions}
      loading={institutions.isPending}
      table={{ columns: COLUMNS, rowKey: (i) => i.id, rowMuted: (i) => !i.active_ind, testId: 'institutions-table' }}
    />
  );
}
