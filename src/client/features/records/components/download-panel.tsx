import { Button, Checkbox, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { returnsCountLine, type ReturnsCount } from '../../../../shared/export-notes.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { EXPORT_UI as T } from '../export-messages.ts';

type Format = 'csv' | 'xlsx';

/**
 * The download half of an export screen: what the file will hold, whether it takes approved returns only (the page
 * keeps that choice, as what the file holds depends on it), the format, and a plain link to the streaming route, so
 * the browser's own download manager shows progress and nothing is held in the page's memory.
 */
export function DownloadPanel({
  href,
  status,
  disabled,
  approvedOnly,
  onApprovedOnly,
}: {
  href: (format: Format) => string;
  status: ReactNode;
  disabled: boolean;
  approvedOnly: boolean;
  onApprovedOnly: (approvedOnly: boolean) => void;
}) {
  const [format, setFormat] = useState<Format>('csv');
  return (
    <Paper withBorder p="lg" radius="sm" component="section" aria-labelledby="download-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="download-title">
          {T.downloadTitle}
        </Title>
        <Checkbox
          label={T.approvedOnly}
          description={T.approvedOnlyHint}
          checked={approvedOnly}
          onChange={(e) => onApprovedOnly(e.currentTarget.checked)}
        />
        <div aria-live="polite">{status}</div>
        <Radio.Group label={T.format} value={format} onChange={(v) => setFormat(v as Format)}>
          <Stack gap="xs" mt="xs">
            <Radio value="csv" label={T.csv} />
            <Radio value="xlsx" label={T.xlsx} />
          </Stack>
        </Radio.Group>
        <div>
          {disabled ? (
            <Button disabled leftSection={<IconDownload size={18} aria-hidden="true" />}>
              {T.download(format)}
            </Button>
          ) : (
            <Button component="a" href={href(format)} download leftSection={<IconDownload size={18} aria-hidden="true" />}>
              {T.download(format)}
            </Button>
          )}
        </div>
        <Text size="sm" c="dimmed">
          {T.progress}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The count above a download: "Counting…" while it loads, the failure with a way to try again, then the count. */
export function CountStatus({
  count,
  counting,
  children,
}: {
  count: { isPending: boolean; error: Error | null; refetch: () => unknown };
  counting: string;
  children: ReactNode;
}) {
  if (count.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden="true" />
        <Text>{counting}</Text>
      </Group>
    );
  }
  if (count.error) return <LoadError message={count.error.message} onRetry={() => void count.refetch()} />;
  return <>{children}</>;
}

/**
 * What is not final in the file, as its count line will say it (shared/export-notes.ts), with what the Flag column
 * means: shown before the download, so nobody learns it only from the file's last lines.
 */
export function NotFinalNote({ summary, approvedOnly }: { summary: ReturnsCount; approvedOnly: boolean }) {
  return (
    <Stack gap={4}>
      <Text data-testid="export-returns">{returnsCountLine(summary, approvedOnly)}</Text>
      <Text size="sm">{T.flagHint}</Text>
    </Stack>
  );
}
