import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ROLES } from '../../../../shared/schemas/profile.ts';
import type { User } from '../../../../shared/schemas/user.ts';
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
import { useInstitutions } from '../../institutions/index.ts';
import { useUserRoles } from '../api/get-user-roles.ts';
import { useUsers } from '../api/get-users.ts';
import { AddUserDialog } from '../components/add-user-dialog.tsx';
import { RoleBadges } from '../components/role-badges.tsx';
import { institutionOptions } from '../lib/institution-options.ts';
import {
  USERS_PAGE_SIZE,
  USER_LIST_DEFAULTS,
  accessSummary,
  hasUserFilters,
  readUserListState,
  selectUsers,
  type InstitutionName,
  type UserSortKey,
} from '../lib/user-list.ts';
import { USER_UI } from '../messages.ts';

const T = USER_UI.list;
const C = USER_UI.columns;

function columns(institutions: ReadonlyMap<number, InstitutionName>): DataColumn<User>[] {
  return [
    {
      key: 'username',
      header: C.username,
      cell: (u) => (
        <Anchor component={Link} to={`/admin/${u.id}`} fw={600}>
          {u.username}
        </Anchor>
      ),
      nowrap: true,
    },
    { key: 'prefName', header: C.prefName, cell: (u) => u.prefName, minWidth: '9rem' },
    { key: 'email', header: C.email, cell: (u) => u.email },
    { key: 'institution', header: C.institution, cell: (u) => u.institution, nowrap: true },
    { key: 'roles', header: C.roles, cell: (u) => <RoleBadges roles={u.roles} />, minWidth: '9rem' },
    { key: 'access', header: C.access, cell: (u) => accessSummary(u, institutions), sortable: false, minWidth: '12rem' },
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
  const { state, update } = useListSearch(readUserListState, USER_LIST_DEFAULTS);

  const byId = useMemo(() => new Map((institutions.data ?? []).map((i) => [i.id, i])), [institutions.data]);
  const cols = useMemo(() => columns(byId), [byId]);
  const selected = useMemo(() => selectUsers(users.data ?? [], state), [users.data, state]);
  const slice = paginate(selected, state.page, USERS_PAGE_SIZE);
  const filtered = hasUserFilters(state);
  const roleChoices = roles.data?.map((r) => r.role) ?? ROLES;

  return (
    <Page title={routeTitle('admin')}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw="48rem">{T.intro}</Text>
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
          {T.add}
        </Button>
      </Group>

      <Paper component="form" role="search" aria-label={T.filtersTitle} withBorder p="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm" style={{ alignItems: 'end' }}>
          <ListSearchInput
            id="users-search"
            label={T.search}
            description={T.searchHint}
            value={state.q}
            onCommit={(q) => update({ q })}
          />
          <NativeSelect
            id="users-institution"
            label={T.institution}
            description={T.institutionHint}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            value={state.institution === null ? '' : String(state.institution)}
            data={[{ value: '', label: T.allInstitutions }, ...institutionOptions(institutions.data ?? [], state.institution)]}
            onChange={(e) => update({ institution: e.currentTarget.value })}
          />
          <NativeSelect
            id="users-role"
            label={T.role}
            description={T.roleHint}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            value={state.role ?? ''}
            data={[{ value: '', label: T.allRoles }, ...roleChoices.map((role) => ({ value: role, label: USER_UI.roles[role] }))]}
            onChange={(e) => update({ role: e.currentTarget.value })}
          />
          <NativeSelect
            id="users-status"
            label={T.status}
            description={T.statusHint}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
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
              onClick={() => update({ q: null, institution: null, role: null, status: null })}
            >
              {T.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Paper>

      {institutions.isError ? (
        <Text size="sm" c="gray.8">
          {T.institutionsFailed}
        </Text>
      ) : null}

      {users.isError ? (
        <LoadError message={users.error.message} detail={T.loadFailed} onRetry={() => void users.refetch()} />
      ) : (
        <Stack gap="sm">
          <DataTable
            caption={T.caption}
            columns={cols}
            rows={slice.rows}
            rowKey={(u) => u.id}
            sort={state.sort}
            onSortChange={(key) => update({ sort: formatSort(toggleSort(state.sort, key as UserSortKey)) })}
            loading={users.isPending}
            rowMuted={(u) => !u.active}
            minWidth={960}
            testId="users-table"
            empty={
              <Stack gap={4} align="center" py="md">
                <Text fw={700}>{filtered ? T.noMatchTitle : T.noneTitle}</Text>
                <Text size="sm">{filtered ? T.noMatchBody : T.noneBody}</Text>
              </Stack>
            }
          />
          {users.isPending ? null : (
            <TablePager
              what={USER_UI.what}
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

      <AddUserDialog opened={adding} onClose={() => setAdding(false)} institutions={institutions.data ?? []} />
    </Page>
  );
}
