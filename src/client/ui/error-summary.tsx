import { Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { FocusedAlert } from './focused-alert.tsx';
import { COMMON_WORDS } from './common-words.ts';

export interface SummaryItem {
  message: string;
  /** The id of the field at fault; the item links to it. */
  fieldId?: string;
  /** Several fields with the same fault, said once: the message, then a link to each field. */
  links?: readonly { label: string; fieldId: string }[];
}

function focusField(event: MouseEvent, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView({ block: 'center' });
}

/**
 * The GOV.UK error summary: at the top of a form, focused when it appears, each item linking to its field.
 */
export function ErrorSummary({
  title = COMMON_WORDS.errorSummaryTitle,
  items,
  focusKey,
}: {
  title?: string;
  items: readonly SummaryItem[];
  /**
   * A form whose summary follows the typing (it shrinks as fields are fixed) passes the number of its save attempts:
   * the summary then takes focus on each attempt, not on each change of its items, which would pull the focus out of
   * the field being fixed.
   */
  focusKey?: number;
}) {
  if (items.length === 0) return null;
  return (
    <FocusedAlert
      focusKey={focusKey ?? items}
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
              <Anchor href={`#${item.fieldId}`} c="red.9" fw={600} onClick={(event) => focusField(event, item.fieldId!)}>
                {item.message}
              </Anchor>
            ) : item.links ? (
              <Text c="red.9" fw={600} component="div">
                {item.message}{' '}
                {item.links.map((link, index) => (
                  <span key={link.fieldId}>
                    {index > 0 ? ', ' : null}
                    <Anchor href={`#${link.fieldId}`} c="red.9" fw={400} onClick={(event) => focusField(event, link.fieldId)}>
                      {link.label}
                    </Anchor>
                  </span>
                ))}
              </Text>
            ) : (
              <Text c="red.9" fw={600}>
                {item.message}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </FocusedAlert>
  );
}
