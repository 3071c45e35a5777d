import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { COMMON_WORDS } from './common-words.ts';

/** Shown while a screen's code or data is on its way. */
export function PageSkeleton() {
  return (
    <Stack gap="md" py="xl" aria-busy="true">
      <VisuallyHidden role="status">{COMMON_WORDS.loading}</VisuallyHidden>
      <Skeleton height={14} width={180} />
      <Skeleton height={34} width="45%" />
      <Skeleton height={16} width="80%" mt="md" />
      <Skeleton height={16} width="72%" />
      <Skeleton height={120} mt="md" />
    </Stack>
  );
}
