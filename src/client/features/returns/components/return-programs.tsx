import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReturnProgram, TermReturn } from '../../../../shared/schemas/returns.ts';
import { RETURN_UI } from '../messages.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const T = RETURN_UI.detail;

/** Where "Add a record" leads: the new-record form with the program, fiscal year and term chosen already. */
export const newRecordLink = (ret: TermReturn, programId: number) =>
  `/records/create?${new URLSearchParams({
    institutionId: String(ret.institution_id),
    programId: String(programId),
    fiscalYear: ret.fiscal_year,
    term: ret.term,
  }).toString()}`;

const NO_SHRINK = { minWidth: 'max-content', overflow: 'visible' } as const;

function RecordState({ program }: { program: ReturnProgram }) {
  if (program.record_status === null) {
    return (
      <Badge variant="outline" color="red.9" tt="none" styles={{ root: NO_SHRINK }}>
        {T.noRecord}
      </Badge>
    );
  }
  const submitted = program.record_status === 'submitted';
  return (
    <Badge
      variant="light"
      color={submitted ? 'green' : 'yellow'}
      tt="none"
      styles={{ root: NO_SHRINK, label: { color: submitted ? '#1a4d2e' : '#5c4300' } }}
    >
      {submitted ? T.submitted : T.draft}
    </Badge>
  );
}

/** Each expected program with its record of the term: open it, or add one when the user may and the return is open. */
export function ReturnPrograms({
  ret,
  programs,
  mayAdd,
}: {
  ret: TermReturn;
  programs: readonly ReturnProgram[];
  mayAdd: boolean;
}) {
  const addColumn = mayAdd && programs.some((p) => p.record_id === null);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {T.programsTitle}
      </Title>
      <Text size="sm">{T.programsHint}</Text>
      {programs.length === 0 ? (
        <Text>{T.noPrograms}</Text>
      ) : (
        <TableScroll label={T.programsTitle}>
          <Table verticalSpacing="xs" className="data-table" data-testid="return-programs">
            <ColumnHeads columns={[T.program, T.record, ...(addColumn ? [{ label: T.actionsTitle, hidden: true }] : [])]} />
            <Table.Tbody>
              {programs.map((p) => (
                <Table.Tr key={p.program_id}>
                  <Table.Td>
                    {/* The program's name opens its record of the term: one short column on a phone. */}
                    {p.record_id !== null ? (
                      <Anchor component={Link} to={`/records/${p.record_id}`}>
                        {p.program_name}
                      </Anchor>
                    ) : (
                      p.program_name
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RecordState program={p} />
                  </Table.Td>
                  {addColumn ? (
                    <Table.Td>
                      {p.record_id === null ? (
                        <Anchor
                          component={Link}
                          to={newRecordLink(ret, p.program_id)}
                          aria-label={`${T.addRecord}: ${p.program_name}`}
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          {T.addRecord}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
