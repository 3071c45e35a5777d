import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { sortRows } from '../../../ui/list-state.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { RowLink } from '../../../ui/row-link.tsx';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { usePrograms } from '../api/get-programs.ts';
import { PROGRAM_UI } from '../messages.ts';

const T = PROGRAM_UI.ofInstitution;

const COLUMNS: DataColumn<Program>[] = [
  { key: 'name', header: T.columns.name, cell: (p) => <RowLink to={`/programs/${p.id}`}>{p.name}</RowLink>, minWidth: '15rem' },
  { key: 'discipline', header: T.columns.discipline, cell: (p) => p.discipline },
  { key: 'credential', header: T.columns.credential, cell: (p) => p.credential },
  { key: 'wil_type', header: T.columns.wil_type, cell: (p) => p.wil_type },
  { key: 'status', header: T.columns.status, cell: (p) => <ActiveBadge active={p.active_ind} />, nowrap: true },
];

/** The institution's valid programs (active first, then by name), each linking to its page. */
export function InstitutionPrograms({ institution }: { institution: Institution }) {
  const programs = usePrograms();
  useErrorToast(programs.error);
  const rows = useMemo(
    () =>
      sortRows(
        (programs.data ?? []).filter((p) => p.institution_id === institution.id),
        (p) => p.active_ind,
        'asc',
        (p) => p.name,
      ),
    [programs.data, institution.id],
  );
  const active = rows.filter((p) => p.active_ind).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="institution-programs-title">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="h3" id="institution-programs-title">
            {T.title}
          </Title>
          {programs.isSuccess && rows.length > 0 ? <Text size="sm">{T.count(active, rows.length - active)}</Text> : null}
        </Stack>
        {institution.active_ind ? (
          <Button
            component={Link}
            to={`/programs/create?institutionId=${institution.id}`}
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            {T.add}
          </Button>
        ) : null}
      </Group>
      {programs.isError ? (
        <LoadError message={programs.error.message} detail={T.loadFailed} onRetry={() => void programs.refetch()} />
      ) : (
        <DataTable
          caption={T.caption(institution.name)}
          columns={COLUMNS}
          rows={rows}
          rowKey={(p) => p.id}
          loading={programs.isPending}
          skeletonRows={4}
          rowMuted={(p) => !p.active_ind}
          minWidth={640}
          testId="institution-programs"
          empty={<Text>{T.none}</Text>}
        />
      )}
    </Stack>
  );
}
