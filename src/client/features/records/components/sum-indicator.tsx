import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { SplitStatus } from '../lib/sums.ts';
import { formatCount } from '../lib/sections.ts';
import { RECORD_UI } from '../messages.ts';

const S = RECORD_UI.sum;

/**
 * The running total of a work-term split beside the split, compared with students placed as the person types.
 * Announced politely to screen readers; colour is never the only sign (an icon and words say it too).
 */
export function SumIndicator({ status, title }: { status: SplitStatus; title: string }) {
  const placed = status.placed === null ? '' : formatCount(status.placed);
  const difference = formatCount(status.difference);
  const { icon, colour, text } =
    status.state === 'match'
      ? { icon: IconCircleCheck, colour: '#1a4d2e', text: S.match(placed) }
      : status.state === 'short'
        ? { icon: IconAlertTriangle, colour: '#8f1d1d', text: S.short(difference, placed) }
        : status.state === 'over'
          ? { icon: IconAlertTriangle, colour: '#8f1d1d', text: S.over(difference, placed) }
          : { icon: IconInfoCircle, colour: '#3d4247', text: S.noPlaced };
  const Icon = icon;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      role="status"
      aria-live="polite"
      aria-label={S.label(title)}
      data-testid={`sum-${status.split}`}
      data-state={status.state}
      px="sm"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background:
          status.state === 'match'
            ? 'var(--mantine-color-green-0)'
            : status.state === 'noPlaced'
              ? 'var(--mantine-color-gray-0)'
              : 'var(--mantine-color-red-0)',
      }}
    >
      <Icon size={18} aria-hidden="true" color={colour} />
      <Text fw={700} size="sm" c={colour} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {S.total(formatCount(status.total))}
      </Text>
      <Text size="sm" c={colour}>
        · {text}
      </Text>
    </Group>
  );
}
