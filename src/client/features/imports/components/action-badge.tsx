import { Badge } from '@mantine/core';
import type { ImportAction } from '../../../../shared/schemas/import.ts';
import { IMPORT_UI } from '../messages.ts';

/** Colour of each action, with a dark label on the light badge so it passes WCAG AA (Mantine's own shade does not). */
export const ACTION_COLOURS: Record<ImportAction, { color: string; text: string }> = {
  create: { color: 'green', text: '#1a4d2e' },
  update: { color: 'navy', text: '#15386f' },
  unchanged: { color: 'gray', text: '#343a40' },
  conflict: { color: 'orange', text: '#7a3a00' },
  error: { color: 'red', text: '#8a1c1c' },
};

export function ActionBadge({ action }: { action: ImportAction }) {
  const { color, text } = ACTION_COLOURS[action];
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      size="md"
      styles={{ root: { minWidth: 'max-content', overflow: 'visible' }, label: { color: text } }}
      data-action={action}
    >
      {IMPORT_UI.result.actions[action]}
    </Badge>
  );
}
