import { Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ROLES } from '../../../../shared/schemas/profile.ts';
import type { User } from '../../../../shared/schemas/user.ts';
import { type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage, useListView } from '../../../ui/list-page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { RowLink } from '../../../ui/row-link.tsx';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useUserRoles } from '../api/get-user-roles.ts';
import { useUsers } from '../api/get-users.ts';
import { AddUserDialog } from '../components/add-user-dialog.tsx';
import { RoleBadges } from '../components/role-badges.tsx';
import { institutionOptions } from '../lib/institution-options.ts';
import { USER_LIST, accessSummary, selectUsers, type InstitutionName } from '../lib/user-list.ts';
import { USER_UI } from '../messages.ts';

const T = USER_UI.list;
const C = USER_UI.columns;

function columns(institutions: ReadonlyMap<number, InstitutionName>): DataColumn<User>[] {
  return [
    { key: 'username', header: C.username, cell: (u) => <RowLink to={`/admin/${u.id}`}>{u.username}</RowLink>, nowrap: true },
    { key: 'prefName', header: C.prefName, cell: (u) => u.prefName, minWidth: '9rem' },
    { key: 'email', header: C.email, cell: (u) => u.email },
    { key: 'institution', header: C.institution, cell: (u) => u.institution, nowrap: true },
    { key: 'roles', header: C.roles, cell: (u) => <RoleBadges roles={u.roles} />, minWidth: '9rem' },
    { key: 'access', header: C.access, cell: (u) => accessSummary(u, institutions), sortable: false, minWidth: '10rem' },
    { key: 'status', header: C.status, cell: (u) => <ActiveBadge active={u.active} />, nowrap: true },
  ];
}

/** `/admin`: every user with their roles and access, searched, filtered, sorted and paged, the view kept in the URL. */
export default function UsersPage() {
  const users = useUsers();
  const institutions = useInstitutions();
  const roles = useUserRoles();
  useErrorToast(users.error);
  useErrorToast(institutions.error);
  useErrorToast(roles.error);
  const [adding, setAdding] = useState(false);
  const list = useListView(USER_LIST);
  const { state } = list;

  const byId = useMemo(() => new Map((institutions.data ?? []).map((i) => [i.id, i])), [institutions.data]);
  const cols = useMemo(() => columns(byId), [byId]);
  const selected = useMemo(() => selectUsers(users.data ?? [], state), [users.data, state]);
  const roleChoices = roles.data?.map((r) => r.role) ?? ROLES;

  return (
    <ListPage
      screen={{ title: routeTitle('admin'), words: T, what: USER_UI.what, idPrefix: 'users' }}
      add={{ label: T.add, icon: <IconUserPlus size={18} aria-hidden="true" />, onClick: () => setAdding(true) }}
      filters={[
        {
          name: 'institution',
          label: T.institution,
          description: T.institutionHint,
          allLabel: T.allInstitutions,
          options: institutionOptions(institutions.data ?? [], state.institution),
        },
        {
          name: 'role',
          label: T.role,
          description: T.roleHint,
          allLabel: T.allRoles,
          options: roleChoices.map((role) => ({ value: role, label: USER_UI.roles[role] })),
        },
      ]}
      list={list}
      selected={selected}
      query={users}
      loading={users.isPending}
      table={{ columns: cols, rowKey: (u) => u.id, rowMuted: (u) => !u.active, minWidth: 960, testId: 'users-table' }}
      notice={
        institutions.isError ? (
          <Text size="sm" c="gray.8">
            {T.institutionsFailed}
          </Text>
        ) : null
      }
    >
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} institutions={institutions.data ?? []} />
    </ListPage>
  );
}
