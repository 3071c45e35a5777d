import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { TEXT } from '../../../../shared/messages.ts';
import { AccessContacts } from '../../session/index.ts';
import { AccountDetails } from './account-details.tsx';

/** A signed-in user with no privileges yet: says so, and who to ask, by name with a mail link (decision 030). */
export function NoAccessPanel({ profile }: { profile: Profile }) {
  return (
    <Stack gap="lg" maw="46rem">
      <Alert color="navy" variant="light" icon={<IconLock aria-hidden="true" />} data-testid="no-access-panel">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {TEXT.home.noAccessTitle}
          </Title>
          <Text>{TEXT.home.noAccessBody}</Text>
          <AccessContacts />
        </Stack>
      </Alert>
      <AccountDetails profile={profile} />
    </Stack>
  );
}
