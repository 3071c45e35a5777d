import { Alert, Button, CloseButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BulkApproveOutcome } from '../../../../shared/schemas/returns.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useApproveMany } from '../api/approve-many.ts';
import { BULK_APPROVE_UI } from '../bulk-approve-messages.ts';
import { returnFlags, returnLabel, splitOutcomes, type BulkSelection } from '../lib/bulk-approve.ts';

const T = BULK_APPROVE_UI;

/** The returns about to be approved: institution and period, programs, and what the approver should know. */
function ChosenList({ selection }: { selection: BulkSelection }) {
  return (
    <List size="sm" spacing={6} aria-label={T.listLabel} data-testid="bulk-approve-list">
      {[...selection.values()].map((ret) => {
        const flags = returnFlags(ret);
        return (
          <List.Item key={ret.id}>
            <strong>{returnLabel(ret)}</strong>: {T.programs(ret.submitted, ret.expected)}
            {flags.length > 0 ? (
              <Text component="span" size="sm" c="orange.9">
                {' '}
                ({flags.join('; ')})
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
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
    <Stack gap="xs" data-testid="bulk-approve">
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
      >
        <Stack gap="sm">
          <Text size="sm">{T.intro}</Text>
          <ChosenList selection={selection} />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
