import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TEXT } from '../../../../shared/messages.ts';
import { HOME_UI } from '../messages.ts';
import { directSignInUrl, signInUrl } from '../../../lib/sign-in.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';

/** For a visitor who has not signed in: what the product is, and the way in. */
export function SignedOutWelcome() {
  const { isDevelopment } = useSiteConfig();
  return (
    <Stack gap="xl">
      <Paper withBorder p="xl" radius="md" maw="52rem" bg="navy.0">
        <Stack gap="md">
          <Text size="lg">{TEXT.home.signedOutBody}</Text>
          <Text>{TEXT.home.signInPrompt}</Text>
          <Group gap="sm">
            <Button component="a" href={signInUrl('/')} size="md">
              {TEXT.signIn}
            </Button>
            {isDevelopment ? (
              <Button component={Link} to={directSignInUrl('/')} size="md" variant="default">
                {TEXT.signInDirect}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {HOME_UI.whatItDoes.map((item) => (
          <li key={item.title}>
            <Stack gap={4}>
              <Title order={2} fz="lg">
                {item.title}
              </Title>
              <Text size="sm">{item.body}</Text>
            </Stack>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
