import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { COMMON_WORDS } from './common-words.ts';

/** A read that failed, said in place with its catalogue message and what was not loaded, and a way to try again. */
export function LoadError({ message, detail, onRetry }: { message: string; detail?: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden="true" />} data-testid="load-error">
      <Stack gap="xs" align="flex-start">
        <Text fw={700} c="red.9">
          {message}
        </Text>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Button variant="default" size="xs" onClick={onRetry}>
          {COMMON_WORDS.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
