import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { DISCIPLINES, WIL_TYPES } from '../../../../shared/constants.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage, useListView } from '../../../ui/list-page.tsx';
import { compareValues } from '../../../ui/list-state.ts';
import { routeTitle } from '../../../ui/route-title.ts';
import { RowLink } from '../../../ui/row-link.tsx';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../api/get-programs.ts';
import { PROGRAM_LIST, selectPrograms, type InstitutionNames } from '../lib/program-list.ts';
import { PROGRAM_UI } from '../messages.ts';

const T = PROGRAM_UI.list;
const C = PROGRAM_UI.columns;

function columns(institutions: ReadonlyMap<number, InstitutionNames>): DataColumn<Program>[] {
  return [
    { key: 'name', header: C.name, cell: (p) => <RowLink to={`/programs/${p.id}`}>{p.name}</RowLink>, minWidth: '13rem' },
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
  const list = useListView(PROGRAM_LIST);
  const { state } = list;

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
  const tableColumns = useMemo(() => columns(byId), [byId]);

  return (
    <ListPage
      screen={{ title: routeTitle('programs'), words: T, what: PROGRAM_UI.what, idPrefix: 'programs' }}
      add={{ label: T.add, to: '/programs/create' }}
      filters={[
        {
          name: 'institutionId',
          id: 'programs-institution',
          label: T.institution,
          allLabel: T.allInstitutions,
          options: institutionOptions,
        },
        { name: 'discipline', label: T.discipline, allLabel: T.allDisciplines, options: DISCIPLINES },
        { name: 'wilType', id: 'programs-wil-type', label: T.wilType, allLabel: T.allWilTypes, options: WIL_TYPES },
      ]}
      list={list}
      selected={selected}
      query={programs}
      loading={programs.isPending || institutions.isPending}
      table={{
        columns: tableColumns,
        rowKey: (p) => p.id,
        rowMuted: (p) => !p.active_ind,
        minWidth: 980,
        testId: 'programs-table',
      }}
      notice={institutions.isError && !programs.isError ? <Text size="sm">{T.institutionsFailed}</Text> : null}
    />
  );
}
