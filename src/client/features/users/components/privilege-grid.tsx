import { Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  LEVELS,
  clearGrid,
  grantedCount,
  gridRows,
  levelsOf,
  setLevel,
  type AccessState,
  type GridInstitution,
} from '../lib/privilege-grid-model.ts';
import { USER_UI } from '../messages.ts';
import '../../../ui/data-table.css';
import { TableScroll } from '../../../ui/table-scroll.tsx';

const E = USER_UI.edit;
const LEVEL_LABEL = USER_UI.access.level;

export interface PrivilegeGridProps {
  institutions: readonly GridInstitution[];
  access: AccessState;
  onChange: (access: AccessState) => void;
  /** A server or form error about the read, write or admin lists. */
  error?: string | undefined;
}

/**
 * Institutions × Read/Write/Admin as a real table: each row's header is the institution's name, each column's the
 * level, and every checkbox is labelled "Write on University of Victoria", so a screen reader says what it grants.
 */
export function PrivilegeGrid({ institutions, access, onChange, error }: PrivilegeGridProps) {
  const [filter, setFilter] = useState('');
  const [onlyGranted, setOnlyGranted] = useState(false);
  const rows = useMemo(() => gridRows(institutions, access, filter, onlyGranted), [institutions, access, filter, onlyGranted]);
  const count = grantedCount(access);

  return (
    <Stack gap="sm" data-testid="privilege-grid">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          id="user-grid-filter"
          label={E.gridFilter}
          description={E.gridFilterHint}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          w="18rem"
          autoComplete="off"
          type="search"
        />
        <Checkbox
          id="user-grid-only-granted"
          label={E.onlyGranted}
          checked={onlyGranted}
          onChange={(event) => setOnlyGranted(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" role="status" aria-live="polite" data-testid="granted-count">
          {E.grantedCount(count)}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => onChange(clearGrid(access))}
          disabled={count === 0}
          title={E.clearAllHint}
        >
          {E.clearAll}
        </Button>
      </Group>
      {error ? (
        <Text c="red.9" fw={600} size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <TableScroll label={E.gridCaption}>
        <Table miw={480} verticalSpacing={6} horizontalSpacing="sm" highlightOnHover className="data-table">
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0.5rem 0.75rem', fontWeight: 700 }}>
            {E.gridCaption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{E.institutionColumn}</Table.Th>
              {LEVELS.map((level) => (
                <Table.Th key={level} scope="col" ta="center" w="6rem">
                  {LEVEL_LABEL[level]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm">{onlyGranted && count === 0 ? E.gridNoneGranted : E.gridNoMatch}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((institution) => {
                const flags = levelsOf(access, institution.id);
                const inactive = institution.active_ind === false;
                return (
                  <Table.Tr key={institution.id} data-muted={inactive || undefined}>
                    <Table.Th scope="row" fw={400} style={{ color: 'var(--mantine-color-black)' }}>
                      {inactive ? USER_UI.inactiveInstitution(institution.name) : institution.name}{' '}
                      <Text span size="sm" c="gray.7">
                        ({institution.short_name})
                      </Text>
                    </Table.Th>
                    {LEVELS.map((level) => (
                      <Table.Td key={level} ta="center">
                        <Checkbox
                          aria-label={E.checkboxLabel(LEVEL_LABEL[level], institution.name)}
                          checked={flags[level]}
                          onChange={(event) => onChange(setLevel(access, institution.id, level, event.currentTarget.checked))}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
