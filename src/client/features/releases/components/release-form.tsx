import { Button, Checkbox, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ReleaseCandidate } from '../../../../shared/schemas/releases.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { useCreateRelease, useReleaseCandidates } from '../api/releases.ts';
import { RELEASE_UI } from '../messages.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const A = RELEASE_UI.admin;
const keyOf = (c: Pick<ReleaseCandidate, 'fiscal_year' | 'term'>) => `${c.fiscal_year} ${c.term}`;

/** App admins: the periods as a release would take them now, chosen with a note and released together. */
export function ReleaseForm() {
  const candidates = useReleaseCandidates(true);
  const create = useCreateRelease();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (candidates.isPending) return null;
  if (candidates.error) return <LoadError message={RELEASE_UI.errors.candidates} onRetry={() => void candidates.refetch()} />;
  const toggle = (key: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const submit = () => {
    const periods = candidates.data
      .filter((c) => chosen.has(keyOf(c)))
      .map((c) => ({ fiscal_year: c.fiscal_year, term: c.term }));
    if (periods.length === 0) return setError(A.chooseOne);
    setError(null);
    create.mutate(
      { periods, note },
      {
        onSuccess: (release) => {
          notifications.show({ color: 'green', message: A.released(release.number) });
          setChosen(new Set());
          setNote('');
        },
        onError: (err) => setError(isApiError(err) ? err.message : A.failed),
      },
    );
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="release-form-title">
      <Title order={2} fz="h3" id="release-form-title">
        {A.title}
      </Title>
      <Text>{A.help}</Text>
      <TableScroll label={A.caption} testId="release-candidates">
        <Table striped verticalSpacing="xs" horizontalSpacing="sm" className="data-table">
          <caption className="visually-hidden">{A.caption}</caption>
          <ColumnHeads columns={[A.columns.period, A.columns.returns, A.columns.latest, A.columns.changes]} />
          <Table.Tbody>
            {candidates.data.map((c) => {
              const name = RELEASE_UI.periodName(c.term, c.fiscal_year);
              return (
                <Table.Tr key={keyOf(c)} data-testid="release-candidate" data-period={name}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    <Checkbox label={name} checked={chosen.has(keyOf(c))} onChange={() => toggle(keyOf(c))} />
                  </Table.Th>
                  <Table.Td>
                    {c.returns_approved} / {c.returns}
                  </Table.Td>
                  <Table.Td>{c.latest ? A.latest(c.latest.number, c.latest.final) : A.never}</Table.Td>
                  <Table.Td>{A.changes(c.changes.added, c.changes.changed, c.changes.removed, c.changes.institutions)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Textarea
        label={A.note}
        description={A.noteHelp}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        required
        autosize
        minRows={2}
        maxLength={2000}
        error={error ?? undefined}
      />
      <div>
        <Button onClick={submit} loading={create.isPending}>
          {A.submit}
        </Button>
      </div>
    </Stack>
  );
}
