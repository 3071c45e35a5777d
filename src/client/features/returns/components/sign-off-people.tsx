import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { canEditInstitution, canSignOffReturn } from '../../../../shared/permissions.ts';
import { isLockedReturnState, returnName } from '../../../../shared/reporting-cycle.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { ContactPeople, useProfile } from '../../session/index.ts';
import { useReadyForSignOff, useSignOffPeople } from '../api/sign-off-people.ts';
import { formatInstant } from '../lib/format-day.ts';
import { readyAgainAt } from '../lib/ready-guard.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.signOff;

/** The server's reason when it gave one (a 409 says when they were last told), else the operation's message. */
function problemOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : RETURN_UI.errors.ready;
}

/**
 * The "Ready for sign-off" button, for those who enter the records but do not sign off (writers), while the return
 * is open and mail is configured. Refusals are shown beside it; a success is a toast, and the history updates.
 */
function ReadyButton({ ret, lastReadyAt }: { ret: TermReturn; lastReadyAt: string | null }) {
  const ready = useReadyForSignOff(ret.id);
  const [problem, setProblem] = useState<string | null>(null);
  const again = readyAgainAt(lastReadyAt, new Date());
  const send = () => {
    setProblem(null);
    ready.mutate(undefined, {
      onSuccess: (result) => notify({ level: 'success', message: T.done(result.told.map((p) => p.name)) }),
      onError: (error) => setProblem(problemOf(error)),
    });
  };
  return (
    <Stack gap="xs">
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={RETURN_UI.errors.ready} data-testid="ready-error">
          {problem}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap" align="center">
        <Button onClick={send} loading={ready.isPending} disabled={again !== null} aria-describedby="ready-hint">
          {T.ready}
        </Button>
        <Text size="sm" id="ready-hint" maw="34rem">
          {again ? T.wait(formatInstant(again.toISOString())) : T.readyHint}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * "Who signs off" on the return page (issue 29): the people who may sign the return off, by name with mail links,
 * when they were last told it is ready, and for writers the button that tells them.
 */
export function SignOffPeople({ ret }: { ret: TermReturn }) {
  const people = useSignOffPeople(ret.id);
  const { profile } = useProfile();
  const { reminders: mailOn } = useSiteConfig();
  const mayTell =
    mailOn &&
    !isLockedReturnState(ret.state) &&
    canEditInstitution(profile.privileges, ret.institution_id) &&
    !canSignOffReturn(profile.privileges, ret.institution_id);
  return (
    <Stack gap="xs" component="section" aria-labelledby="sign-off-people-title" data-testid="sign-off-people">
      <Title order={2} size="h3" id="sign-off-people-title">
        {T.title}
      </Title>
      {people.error ? (
        <LoadError message={people.error.message} onRetry={() => void people.refetch()} />
      ) : people.isPending ? (
        <Skeleton height="4rem" />
      ) : (
        <>
          <Text>
            {people.data.kind === 'institution-admins'
              ? T.institutionAdmins(people.data.institution_name ?? ret.institution_name)
              : T.appAdmins(ret.institution_name)}
          </Text>
          {people.data.people.length === 0 ? (
            <Text size="sm">{T.nobody}</Text>
          ) : (
            <ContactPeople
              people={people.data.people}
              subject={T.mailSubject(returnName(ret.institution_name, ret.fiscal_year, ret.term))}
            />
          )}
          {people.data.last_ready_at ? <Text size="sm">{T.told(formatInstant(people.data.last_ready_at))}</Text> : null}
          {mayTell && people.data.people.length > 0 ? <ReadyButton ret={ret} lastReadyAt={people.data.last_ready_at} /> : null}
        </>
      )}
    </Stack>
  );
}
