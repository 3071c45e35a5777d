import { Alert, Button, CloseButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BulkApproveOutcome } from '../../../../shared/schemas/returns.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useApproveMany } from '../api/approve-many.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { useApprovalFlags } from '../api/get-approval-flags.ts';
import { figureFlagTexts, returnFlags, returnLabel, splitOutcomes, type BulkSelection } from '../lib/bulk-approve.ts';

const T = BULK_APPROVE_UI;

/** Dark amber, 7:1 on white, as the record form's warnings and the return page's marks. */
const WARNING = '#7a3300';

/**
 * The returns about to be approved: institution and period, programs, what the matrix says of each (late, sent back,
 * reapproval) and what its figures flag (far from history, a large change since last year), asked of the server
 * when the confirmation opens. Each return's notes are a list of their own, so a phone wraps them line by line.
 */
function ChosenList({ selection, opened }: { selection: BulkSelection; opened: boolean }) {
  const flags = useApprovalFlags(opened ? [...selection.keys()] : []);
  const byId = new Map(flags.data?.returns.map((f) => [f.id, f]));
  return (
    <Stack gap="xs">
      {flags.isPending && opened ? (
        <Text size="sm" role="status">
          {T.figures.checking}
        </Text>
      ) : null}
      {flags.isError ? (
        <Text size="sm" role="alert" c={WARNING}>
          {T.figures.failed}
        </Text>
      ) : null}
      <List size="sm" spacing={8} aria-label={T.listLabel} data-testid="bulk-approve-list">
        {[...selection.values()].map((ret) => {
          const notes = returnFlags(ret);
          const figures = byId.get(ret.id);
          const figureNotes = figures ? figureFlagTexts(figures) : [];
          const flagged = figures !== undefined && (figures.far.length > 0 || figures.changed.length > 0);
          return (
            <List.Item key={ret.id} data-testid={`bulk-approve-item-${ret.id}`}>
              <strong>{returnLabel(ret)}</strong>: {T.programs(ret.submitted, ret.expected)}
              {notes.length > 0 ? (
                <Text component="span" size="sm" c="orange.9">
                  {' '}
                  ({notes.join('; ')})
                </Text>
              ) : null}
              {figureNotes.length > 0 ? (
                <List
                  size="sm"
                  withPadding
                  aria-label={T.figures.listLabel(returnLabel(ret))}
                  data-testid="bulk-approve-figure-flags"
                  data-flagged={flagged || undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {figureNotes.map((note) => (
                    <List.Item key={note} c={flagged ? WARNING : 'gray.7'}>
                      {note}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/** What happened: which returns were approved, which were not and why (the server's words). */
function Outcome({
  outcomes,
  chosen,
  onDismiss,
}: {
  outcomes: BulkApproveOutcome[];
  chosen: BulkSelection;
  onDismiss: () => void;
}) {
  const { approved, refused } = splitOutcomes(outcomes, chosen);
  return (
    <Alert
      color="gray"
      variant="light"
      role="status"
      title={T.resultTitle}
      data-testid="bulk-approve-result"
      maw="48rem"
      withCloseButton={false}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {T.approvedCount(approved.length)}
            {refused.length > 0 ? `; ${T.refusedCount(refused.length)}` : ''}
          </Text>
          {approved.length > 0 ? (
            <div>
              <Title order={3} size="h6">
                {T.approvedHeading}
              </Title>
              <List size="sm">
                {approved.map((a) => (
                  <List.Item key={a.id}>{a.label}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {refused.length > 0 ? (
            <div>
              <Title order={3} size="h6">
                {T.refusedHeading}
              </Title>
              <List size="sm">
                {refused.map((r) => (
                  <List.Item key={r.id}>
                    <strong>{r.label}:</strong> {r.message}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
        </Stack>
        <CloseButton aria-label={T.dismiss} onClick={onDismiss} />
      </Group>
    </Alert>
  );
}

/**
 * "Approve N returns" over the completeness matrix (app admins): the count of returns ticked in the matrix, one
 * confirmation listing them with their flags, then the result. Each return is sent with the version it had when it
 * was ticked, so one that changed since is refused with its reason rather than approved unseen.
 */
export function BulkApprove({ selection, onClear }: { selection: BulkSelection; onClear: () => void }) {
  const approve = useApproveMany();
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<{ outcomes: BulkApproveOutcome[]; chosen: BulkSelection } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const count = selection.size;

  const confirm = () => {
    const chosen = selection;
    approve.mutate(
      { returns: [...chosen.values()].map((r) => ({ id: r.id, version: r.version })) },
      {
        onSuccess: ({ results }) => {
          setResult({ outcomes: results, chosen });
          setProblem(null);
          setOpened(false);
          onClear();
        },
        onError: (error) => {
          setProblem(isApiError(error) ? (error.serverMessage ?? error.message) : T.failed);
          setOpened(false);
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="bulk-approve" className="no-print">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {count > 0 ? T.selected(count) : T.hint}
        </Text>
        {count > 0 ? (
          <>
            <Button onClick={() => setOpened(true)} data-testid="bulk-approve-open">
              {T.approve(count)}
            </Button>
            <Button variant="subtle" onClick={onClear}>
              {T.clear}
            </Button>
          </>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={T.failed} maw="48rem">
          {problem}
        </Alert>
      ) : null}
      {result ? <Outcome outcomes={result.outcomes} chosen={result.chosen} onDismiss={() => setResult(null)} /> : null}
      <ConfirmDialog
        opened={opened}
        title={T.title(count)}
        confirmLabel={T.confirm(count)}
        onConfirm={confirm}
        onCancel={() => setOpened(false)}
        loading={approve.isPending}
        size="lg"
      >
        <Stack gap="sm">
          <Text size="sm">{T.intro}</Text>
          <ChosenList selection={selection} opened={opened} />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
