import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { RETURN_UI } from '../messages.ts';
import { RequiredLabel } from '../../../ui/field-label.tsx';

const T = RETURN_UI.actions;

export interface ActionFieldsProps {
  /** The institution an app admin acts for, when they do (a reason is then asked and the dialog says so). */
  onBehalfOf: string | null;
  askReason: boolean;
  reason: string;
  reasonError: string | null;
  onReason: (reason: string) => void;
  /** The reason's box, which takes the focus when the reason is missing. */
  reasonRef?: RefObject<HTMLTextAreaElement | null>;
  /** The new due date of a send-back or reopening, or null for other actions. */
  dueAgain: string | null;
  dueError: string | null;
  dueRef?: RefObject<HTMLInputElement | null>;
  /** The earliest day the date field offers: today in B.C., or the period's due date when later. */
  earliestDue: string;
  /** Where the prefilled day comes from (two weeks from today, or the period's due date). */
  dueHint: string;
  onDueAgain: (day: string) => void;
}

/** What a return action's dialog asks beyond its confirmation: why, and for a send-back or reopening the new due date. */
export function ReturnActionFields(props: ActionFieldsProps) {
  const { onBehalfOf, askReason, reason, reasonError, dueAgain } = props;
  return (
    <Stack gap="sm">
      {onBehalfOf ? (
        <Alert color="yellow" variant="light" data-testid="on-behalf-notice">
          <Text size="sm">{T.onBehalf(onBehalfOf)}</Text>
        </Alert>
      ) : null}
      {askReason ? (
        <Textarea
          label={<RequiredLabel>{onBehalfOf ? T.onBehalfReason(onBehalfOf) : T.reason}</RequiredLabel>}
          required
          withAsterisk={false}
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          ref={props.reasonRef}
          error={reasonError}
          onChange={(event) => props.onReason(event.currentTarget.value)}
        />
      ) : null}
      {dueAgain !== null ? (
        <TextInput
          type="date"
          label={<RequiredLabel>{T.dueAgainOn}</RequiredLabel>}
          description={props.dueHint}
          required
          withAsterisk={false}
          ref={props.dueRef}
          min={props.earliestDue}
          value={dueAgain}
          error={props.dueError}
          onChange={(event) => props.onDueAgain(event.currentTarget.value)}
        />
      ) : null}
    </Stack>
  );
}
