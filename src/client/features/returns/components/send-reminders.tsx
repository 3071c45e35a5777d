import { Alert, Button, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReminderSummary } from '../../../../shared/schemas/returns.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useSendReminders } from '../api/send-reminders.ts';
import { reminderResultToast, reminderReturnLabel, skippedByReason } from '../lib/reminder-summary.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.reminders;

function problemOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : RETURN_UI.errors.reminders;
}

/** The returns left out of a plan or a result, under one heading per reason. */
function LeftOut({ summary }: { summary: ReminderSummary }) {
  const groups = skippedByReason(summary);
  if (groups.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {T.leftOut}
      </Title>
      {groups.map((group) => (
        <Text key={group.reason} size="sm">
          <strong>{group.label}:</strong> {group.returns.join('; ')}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * "Send reminders (N overdue)" on the completeness matrix (app admins, when mail is configured). It first asks the
 * server who would be mailed (a dry run) and lists them for confirmation; confirming sends to exactly those returns,
 * and the result is a toast (and a note beside the button when some were left out).
 */
export function SendReminders({ fiscalYear, overdue }: { fiscalYear: string; overdue: number }) {
  const preview = useSendReminders();
  const send = useSendReminders();
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<ReminderSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const open = () => {
    setProblem(null);
    setResult(null);
    setOpened(true);
    preview.mutate({ fiscal_year: fiscalYear, dry_run: true });
  };
  const close = () => {
    setOpened(false);
    preview.reset();
  };
  const plan = preview.data;
  const confirm = () => {
    if (!plan || plan.returns.length === 0) return;
    send.mutate(
      { return_ids: plan.returns.map((r) => r.return_id) },
      {
        onSuccess: (summary) => {
          notify(reminderResultToast(summary));
          setResult(summary.skipped.length > 0 ? summary : null);
          close();
        },
        onError: (error) => {
          setProblem(problemOf(error));
          close();
        },
      },
    );
  };

  const toSend = plan?.returns.length ?? 0;
  return (
    <Stack gap="xs" align="flex-start" className="no-print">
      <Button variant="default" onClick={open} data-testid="send-reminders">
        {T.button(overdue)}
      </Button>
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={RETURN_UI.errors.reminders}>
          {problem}
        </Alert>
      ) : null}
      {result ? (
        <Alert color="gray" variant="light" title={T.resultTitle} data-testid="reminder-result" maw="48rem">
          <Stack gap="xs">
            <Text size="sm">{reminderResultToast(result).message}</Text>
            <LeftOut summary={result} />
          </Stack>
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={opened}
        title={T.title}
        confirmLabel={T.confirm(toSend)}
        cancelOnly={preview.isError || (plan !== undefined && toSend === 0)}
        cancelLabel={preview.isError || (plan !== undefined && toSend === 0) ? T.close : undefined}
        onConfirm={confirm}
        onCancel={close}
        loading={send.isPending || preview.isPending}
      >
        {preview.isError ? (
          <Alert color="red" variant="light" role="alert" title={RETURN_UI.errors.reminders}>
            {problemOf(preview.error)}
          </Alert>
        ) : preview.isPending || !plan ? (
          <Stack align="center" gap="xs" py="md">
            <Loader size="sm" aria-hidden />
            <Text size="sm" role="status">
              {T.loading}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm" data-testid="reminder-plan">
            <Text size="sm">{T.intro(fiscalYear)}</Text>
            {toSend === 0 ? (
              <Text size="sm">{T.nobody}</Text>
            ) : (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {T.toBeMailed}
                </Title>
                <List size="sm" spacing={4}>
                  {plan.returns.map((r) => (
                    <List.Item key={r.return_id}>
                      <strong>{reminderReturnLabel(r)}:</strong> {r.recipients.map((p) => `${p.name} <${p.email}>`).join(', ')}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <LeftOut summary={plan} />
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
