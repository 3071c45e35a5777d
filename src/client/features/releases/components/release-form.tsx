import { Button, Checkbox, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { releasedAsFinal, somethingToRelease } from '../../../../shared/release-candidates.ts';
import type { ReleaseCandidate } from '../../../../shared/schemas/releases.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { usePhoneWidth } from '../../../ui/use-phone-width.ts';
import { useCreateRelease, useReleaseCandidates } from '../api/releases.ts';
import { RELEASE_UI } from '../messages.ts';
import { RequiredLabel } from '../../../ui/field-label.tsx';

const A = RELEASE_UI.admin;
const keyOf = (c: Pick<ReleaseCandidate, 'fiscal_year' | 'term'>) => `${c.fiscal_year} ${c.term}`;

interface CandidateTableProps {
  candidates: readonly ReleaseCandidate[];
  caption: string;
  testId: string;
  chosen: ReadonlySet<string>;
  toggle: (key: string) => void;
}

/**
 * Periods as a release would take them now, each with a box to choose it. On a phone two columns instead of five (the
 * period and its box; what a release would take, each line named), so nothing is hidden off to the right (as the
 * Periods table does).
 */
function CandidateTable({ candidates, caption, testId, chosen, toggle }: CandidateTableProps) {
  const C = A.columns;
  const phone = usePhoneWidth();
  return (
    <TableScroll label={caption} testId={testId}>
      <Table striped verticalSpacing="xs" horizontalSpacing="sm" className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeads columns={phone ? [C.period, C.release] : [C.period, C.returns, C.latest, C.changes, C.now]} />
        <Table.Tbody>
          {candidates.map((c) => {
            const name = RELEASE_UI.periodName(c.term, c.fiscal_year);
            const cells: [string, string][] = [
              [C.returns, `${c.returns_approved} / ${c.returns}`],
              [C.latest, c.latest ? A.latest(c.latest.number, c.latest.final) : A.never],
              [C.changes, A.changes(c.changes.added, c.changes.changed, c.changes.removed, c.changes.institutions)],
              [C.now, A.releasedNowAs(releasedAsFinal(c))],
            ];
            return (
              <Table.Tr key={keyOf(c)} data-testid="release-candidate" data-period={name}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  <Checkbox label={name} checked={chosen.has(keyOf(c))} onChange={() => toggle(keyOf(c))} />
                </Table.Th>
                {phone ? (
                  <Table.Td>
                    {cells.map(([label, value]) => (
                      <div key={label}>
                        {label}: {value}
                      </div>
                    ))}
                  </Table.Td>
                ) : (
                  cells.map(([label, value]) => <Table.Td key={label}>{value}</Table.Td>)
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * App admins: the periods as a release would take them now, chosen with a note and released together. Periods with
 * something new come first; the rest (most of them, once past years are released final) are folded away, still
 * choosable: a release of an unchanged period only repeats its figures.
 */
export function ReleaseForm() {
  const candidates = useReleaseCandidates(true);
  const create = useCreateRelease();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [showRest, setShowRest] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const restId = useId();
  if (candidates.isPending) return null;
  if (candidates.error) return <LoadError message={RELEASE_UI.errors.candidates} onRetry={() => void candidates.refetch()} />;
  const news: ReleaseCandidate[] = [];
  const rest: ReleaseCandidate[] = [];
  for (const candidate of candidates.data) (somethingToRelease(candidate) ? news : rest).push(candidate);
  const toggle = (key: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  /** Folding the unchanged periods away lets go of any chosen among them: nothing hidden is released. */
  const foldRest = () => {
    if (showRest) setChosen((now) => new Set([...now].filter((key) => !rest.some((c) => keyOf(c) === key))));
    setShowRest(!showRest);
  };
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
      {news.length > 0 ? (
        <CandidateTable candidates={news} caption={A.caption} testId="release-candidates" chosen={chosen} toggle={toggle} />
      ) : (
        <Text data-testid="release-nothing-new">{A.nothingNew}</Text>
      )}
      {rest.length > 0 ? (
        <div>
          <Button
            variant="subtle"
            px={4}
            aria-expanded={showRest}
            aria-controls={restId}
            onClick={foldRest}
            leftSection={
              showRest ? <IconChevronDown size={18} aria-hidden="true" /> : <IconChevronRight size={18} aria-hidden="true" />
            }
            styles={{
              root: { height: 'auto', minHeight: 36 },
              label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.4 },
            }}
          >
            {showRest ? A.hideRest(rest.length) : A.showRest(rest.length)}
          </Button>
          <div id={restId} hidden={!showRest}>
            {showRest ? (
              <CandidateTable
                candidates={rest}
                caption={A.restCaption}
                testId="release-candidates-unchanged"
                chosen={chosen}
                toggle={toggle}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      <Textarea
        label={<RequiredLabel>{A.note}</RequiredLabel>}
        description={A.noteHelp}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        required
        withAsterisk={false}
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
