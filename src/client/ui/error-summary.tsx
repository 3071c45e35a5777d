import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { COMMON_WORDS } from './common-words.ts';

export interface SummaryItem {
  message: string;
  /** The id of the field at fault; the item links to it. */
  fieldId?: string;
}

/**
 * The GOV.UK error summary: at the top of a form, focused when it appears, each item linking to its field.
 */
export function ErrorSummary({
  title = COMMON_WORDS.errorSummaryTitle,
  items,
}: {
  title?: string;
  items: readonly SummaryItem[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (items.length > 0) ref.current?.focus();
  }, [items]);
  if (items.length === 0) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="red"
      variant="outline"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={
        <Text component="h2" fw={700} fz="md" c="red.9">
          {title}
        </Text>
      }
    >
      <List spacing={4}>
        {items.map((item) => (
          <List.Item key={`${item.fieldId ?? ''}:${item.message}`}>
            {item.fieldId ? (
              <Anchor
                href={`#${item.fieldId}`}
                c="red.9"
                fw={600}
                onClick={(event) => {
                  const field = document.getElementById(item.fieldId!);
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: 'center' });
                }}
              >
                {item.message}
              </Anchor>
            ) : (
              <Text c="red.9" fw={600}>
                {item.message}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
