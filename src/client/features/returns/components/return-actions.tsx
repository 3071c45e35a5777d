import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { actsOnBehalf } from '../../../../shared/return-acting.ts';
import { defaultDueAgainOn, earliestDueAgainOn } from '../../../../shared/return-due.ts';
import { bcToday } from '../../../../shared/term-calendar.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useProfile } from '../../session/index.ts';
import { useReturnAction } from '../api/take-return-action.ts';
import { asksReason, dueAgainProblem, noActionsText, REASON_ACTIONS, type ReturnPageAction } from '../lib/return-actions.ts';
import { formatDay } from '../lib/format-day.ts';
import { ReturnActionFields } from './return-action-fields.tsx';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.actions;

/** What went wrong, in the server's words when it gave some (a 409 says the state the return is in). */
function problemOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : RETURN_UI.errors.action;
}

/**
 * The Actions heading, and a call that puts the focus on it: the button that opened a dialog is often gone once its
 * action is done (Sign off, Approve), and the dialog would give the focus back to nothing, so to the top of the page.
 */
function useActionsHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  return { heading, focusActions: () => requestAnimationFrame(() => heading.current?.focus()) };
}

/**
 * The dialog's fields, and a call that puts the focus on the first one to correct, where its error is read out: left
 * on the dialog's button, a blank reason's error went unnoticed.
 */
function useFieldFocus() {
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const dueField = useRef<HTMLInputElement>(null);
  const focusFirstWrong = (reasonMissing: boolean) => (reasonMissing ? reasonField : dueField).current?.focus();
  return { reasonField, dueField, focusFirstWrong };
}

interface ReturnActionsProps {
  ret: TermReturn;
  actions: readonly ReturnPageAction[];
  /** What approving rests on, shown in the approval's confirmation (the return page's figures). */
  approveSummary?: ReactNode;
}

/**
 * The buttons of the actions the user may take, each asking first (send back and reopen also ask why and the new due
 * date; an app admin zero-filling or signing off for an institution says why); a refusal is shown here, beside the
 * buttons, and the page's data is asked again whatever the answer.
 */
export function ReturnActions({ ret, actions, approveSummary }: ReturnActionsProps) {
  const { profile } = useProfile();
  const mutation = useReturnAction(ret.id);
  const [asking, setAsking] = useState<ReturnPageAction | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [dueAgain, setDueAgain] = useState('');
  const [dueError, setDueError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const needsReason = asking !== null && asksReason(asking, ret.institution_id, profile.privileges);
  const setsDue = asking !== null && REASON_ACTIONS.includes(asking);
  const onBehalf = asking !== null && !setsDue && needsReason && actsOnBehalf(profile.privileges, ret.institution_id);
  const today = bcToday();
  const { reasonField, dueField, focusFirstWrong } = useFieldFocus();

  const open = (action: ReturnPageAction) => {
    setProblem(null);
    setDueAgain(defaultDueAgainOn(today, ret.due_on));
    setAsking(action);
  };
  const close = () => {
    setAsking(null);
    setReason('');
    setReasonError(null);
    setDueError(null);
  };
  const { heading, focusActions } = useActionsHeading();
  const confirm = () => {
    if (!asking) return;
    const missingReason = needsReason && reason.trim() === '';
    const badDue = setsDue ? dueAgainProblem(dueAgain, today, ret.due_on) : null;
    setReasonError(missingReason ? T.reasonRequired : null);
    setDueError(badDue);
    if (missingReason || badDue) return focusFirstWrong(missingReason);
    const action = asking;
    mutation.mutate(
      {
        action,
        version: ret.version,
        ...(needsReason ? { reason: reason.trim() } : {}),
        ...(setsDue ? { due_again_on: dueAgain } : {}),
      },
      {
        onSuccess: () => {
          setProblem(null);
          notify({ level: 'success', message: T[action].done });
          close();
        },
        onError: (error) => {
          setProblem(problemOf(error));
          close();
        },
        onSettled: focusActions,
      },
    );
  };

  const missing = ret.expected - ret.reported;
  const words = asking ? T[asking] : null;
  // Buttons only: a printed return (for a sign-off meeting) leaves them out.
  return (
    <Stack gap="xs" className="no-print">
      <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outlineOffset: 2 }}>
        {RETURN_UI.detail.actionsTitle}
      </Title>
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={RETURN_UI.errors.action} data-testid="return-action-error">
          {problem}
        </Alert>
      ) : null}
      {actions.length === 0 ? (
        <Text maw="48rem">{noActionsText(ret, profile.privileges)}</Text>
      ) : (
        <Group gap="sm" wrap="wrap">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'submit' || action === 'approve' ? 'filled' : 'default'}
              onClick={() => open(action)}
            >
              {T[action].label}
            </Button>
          ))}
        </Group>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.confirm ?? ''}
        onConfirm={confirm}
        onCancel={close}
        loading={mutation.isPending}
      >
        <Stack gap="sm">
          <Text>{asking === 'fill-zeros' ? T['fill-zeros'].body(missing) : asking ? T[asking].body : ''}</Text>
          {asking === 'approve' ? approveSummary : null}
          <ReturnActionFields
            onBehalfOf={onBehalf ? ret.institution_name : null}
            askReason={needsReason}
            reason={reason}
            reasonError={reasonError}
            onReason={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            reasonRef={reasonField}
            dueAgain={setsDue ? dueAgain : null}
            dueRef={dueField}
            dueError={dueError}
            earliestDue={earliestDueAgainOn(today, ret.due_on)}
            dueHint={T.dueAgainHint(formatDay(ret.due_on), defaultDueAgainOn(today, ret.due_on) === ret.due_on)}
            onDueAgain={(day) => {
              setDueAgain(day);
              setDueError(null);
            }}
          />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
