import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { Page } from '../../ui/page.tsx';
import { TEXT, UI } from '../messages.ts';
import type { RouteHandle } from '../router.tsx';

/** A screen whose route and access rules exist, built in a later release: says so plainly, no made-up data. */
export default function ComingPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.appRoute?.title ?? TEXT.coming;
  return (
    <Page title={title}>
      <Alert color="navy" variant="light" icon={<IconTools aria-hidden="true" />} maw="46rem" data-testid="coming-panel">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {TEXT.coming}
          </Title>
          <Text>{TEXT.comingBody}</Text>
          <Text>{UI.coming.whatNext}</Text>
        </Stack>
      </Alert>
    </Page>
  );
}
