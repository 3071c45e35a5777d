import { Table } from '@mantine/core';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { HOME_UI } from '../messages.ts';

/** Who the user is signed in as: what to quote when asking for access. */
export function AccountDetails({ profile }: { profile: Profile }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder maw="34rem" aria-label={HOME_UI.accountTitle}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={180}>{HOME_UI.username}</Table.Th>
          <Table.Td>{profile.username}</Table.Td>
        </Table.Tr>
        {profile.email ? (
          <Table.Tr>
            <Table.Th>{HOME_UI.email}</Table.Th>
            <Table.Td>{profile.email}</Table.Td>
          </Table.Tr>
        ) : null}
        {profile.institution ? (
          <Table.Tr>
            <Table.Th>{HOME_UI.homeInstitutionLabel}</Table.Th>
            <Table.Td>{profile.institution}</Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}
