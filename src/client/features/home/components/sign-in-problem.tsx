import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { HOME_UI } from '../messages.ts';

type Reason = keyof typeof HOME_UI.signInProblem;

/** The server sends a failed single sign-on back to `/?signin=<reason>`: say plainly what happened and what to do. */
export function SignInProblem() {
  const [params] = useSearchParams();
  const reason = params.get('signin');
  if (!reason || !(reason in HOME_UI.signInProblem)) return null;
  const { title, body } = HOME_UI.signInProblem[reason as Reason];
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert" mb="lg">
      {body}
    </Alert>
  );
}
