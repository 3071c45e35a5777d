import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Institution, InstitutionRoleHolder } from '../../../../shared/schemas/institution.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutionRoles } from '../api/get-institution-roles.ts';
import { INSTITUTION_UI } from '../messages.ts';

const T = INSTITUTION_UI.roles;

const COLUMNS: DataColumn<InstitutionRoleHolder>[] = [
  { key: 'prefName', header: T.columns.prefName, cell: (u) => u.prefName || u.username },
  { key: 'username', header: T.columns.username, cell: (u) => u.username, nowrap: true },
  {
    key: 'email',
    header: T.columns.email,
    cell: (u) => (u.email ? <Anchor href={`mailto:${u.email}`}>{u.email}</Anchor> : null),
  },
  {
    key: 'levels',
    header: T.columns.levels,
    cell: (u) => u.levels.map((level) => T.levels[level] ?? level).join(', '),
  },
];

/** Who holds read, write or admin on the institution (GET /api/institutions/roles/{id}). */
export function InstitutionRoleHolders({ institution }: { institution: Institution }) {
  const roles = useInstitutionRoles(institution.id);
  useErrorToast(roles.error);
  return (
    <Stack gap="sm" component="section" aria-labelledby="institution-roles-title">
      <Stack gap={2}>
        <Title order={2} fz="h3" id="institution-roles-title">
          {T.title}
        </Title>
        <Text size="sm">{T.hint}</Text>
      </Stack>
      {roles.isError ? (
        <LoadError message={roles.error.message} detail={T.loadFailed} onRetry={() => void roles.refetch()} />
      ) : (
        <DataTable
          caption={T.caption(institution.name)}
          columns={COLUMNS}
          rows={roles.data ?? []}
          rowKey={(u) => u.id}
          loading={roles.isPending}
          skeletonRows={2}
          minWidth={560}
          testId="institution-roles"
          empty={<Text>{T.none}</Text>}
        />
      )}
    </Stack>
  );
}
