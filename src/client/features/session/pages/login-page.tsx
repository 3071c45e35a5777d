import { Alert, Anchor, Button, Group, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isSignedIn } from '../../../../shared/permissions.ts';
import { safeReturnPath } from '../../../../shared/return-path.ts';
import { ERRORS, TEXT } from '../../../../shared/messages.ts';
import { COMMON_WORDS } from '../../../ui/common-words.ts';
import { SESSION_UI } from '../messages.ts';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { Page } from '../../../ui/page.tsx';
import { notify } from '../../../lib/notifications.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';
import { signInUrl } from '../../../lib/sign-in.ts';
import { useDirectLogin } from '../api/direct-login.ts';
import { useDirectLoginUsers } from '../api/get-direct-login-users.ts';
import { useProfile } from '../api/get-profile.ts';
import { FIELD_ID, loginErrors } from '../lib/login-errors.ts';

/** `/login`, development only: sign in directly as one of the demo users. */
export default function LoginPage() {
  const site = useSiteConfig();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('returnPath'));
  const navigate = useNavigate();
  const { profile } = useProfile();
  const users = useDirectLoginUsers();
  const login = useDirectLogin();
  const [username, setUsername] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const errors = loginErrors(clientError, login.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username) {
      setClientError(TEXT.login.required);
      return;
    }
    setClientError(null);
    login.mutate(username, {
      onSuccess: (signedIn) => {
        notify({ level: 'success', message: TEXT.signedInAs(signedIn.prefName || signedIn.username) });
        void navigate(returnPath, { replace: true });
      },
    });
  }

  return (
    <Page title={TEXT.login.title}>
      <Stack gap="lg" maw="40rem">
        <ErrorSummary
          title={errors.summary.length > 0 && !clientError ? ERRORS.directSignIn : undefined}
          items={errors.summary}
        />
        <Alert color="navy" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          <Text size="sm">{TEXT.login.devNotice}</Text>
        </Alert>
        {isSignedIn(profile) ? <Text>{SESSION_UI.signedInAlready(profile.prefName || profile.username)}</Text> : null}

        <Paper component="form" withBorder p="lg" radius="md" onSubmit={submit} noValidate aria-labelledby="page-title">
          <Stack gap="lg">
            {users.isPending ? (
              <Stack gap="sm" aria-busy="true">
                <Text size="sm">{COMMON_WORDS.loading}</Text>
                {[1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} height={40} />
                ))}
              </Stack>
            ) : users.isError ? (
              <Alert color="red" variant="outline" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text fw={600}>{users.error.message}</Text>
                  <Button variant="default" size="xs" onClick={() => void users.refetch()}>
                    {COMMON_WORDS.retry}
                  </Button>
                </Stack>
              </Alert>
            ) : users.data.length === 0 ? (
              <Text>{SESSION_UI.noUsers}</Text>
            ) : (
              <Radio.Group
                name="username"
                value={username}
                onChange={(value) => {
                  setUsername(value);
                  setClientError(null);
                }}
                label={
                  <>
                    {TEXT.login.userLabel}{' '}
                    <Text span size="sm" fw={400}>
                      {COMMON_WORDS.required}
                    </Text>
                  </>
                }
                description={TEXT.login.userHint}
                error={errors.field}
                inputWrapperOrder={['label', 'description', 'error', 'input']}
                size="md"
              >
                <Stack gap="sm" mt="sm">
                  {users.data.map((user, index) => (
                    <Radio
                      key={user.username}
                      id={index === 0 ? FIELD_ID : `${FIELD_ID}-${index}`}
                      value={user.username}
                      label={`${user.prefName} (${user.username})`}
                      description={user.summary}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={login.isPending} disabled={!users.isSuccess || users.data.length === 0}>
                {TEXT.login.submit}
              </Button>
            </Group>
          </Stack>
        </Paper>

        {/* Without a configured provider, /api/login only leads back here. */}
        {site.singleSignOn && (
          <Text size="sm">
            {SESSION_UI.ssoHint} <Anchor href={signInUrl(returnPath)}>{TEXT.login.sso}</Anchor>
          </Text>
        )}
      </Stack>
    </Page>
  );
}
