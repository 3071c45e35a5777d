import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircle, IconCircleCheck, IconCircleDashed, IconProgress, IconRotate } from '@tabler/icons-react';
import type { ReturnState } from '../../../../shared/reporting-cycle.ts';
import { RETURN_UI } from '../messages.ts';

/** Each state has its word, an icon and a colour: the colour is never the only sign (WCAG 1.4.1). */
const LOOK: Record<ReturnState, { color: string; text: string; Icon: typeof IconCircle }> = {
  'not started': { color: 'gray', text: '#3d3d3d', Icon: IconCircleDashed },
  'in progress': { color: 'blue', text: '#16406e', Icon: IconProgress },
  submitted: { color: 'teal', text: '#0b4a40', Icon: IconCircle },
  approved: { color: 'green', text: '#1a4d2e', Icon: IconCircleCheck },
  reopened: { color: 'orange', text: '#6b3206', Icon: IconRotate },
};

const NO_SHRINK = { minWidth: 'max-content', overflow: 'visible' } as const;

export function ReturnStateBadge({ state, size = 'sm' }: { state: ReturnState; size?: 'sm' | 'md' }) {
  const { color, text, Icon } = LOOK[state];
  return (
    <Badge
      size={size}
      variant="light"
      color={color}
      tt="none"
      leftSection={<Icon size={14} aria-hidden="true" />}
      styles={{ root: NO_SHRINK, label: { color: text } }}
      data-state={state}
    >
      {RETURN_UI.states[state]}
    </Badge>
  );
}

/** "Overdue" in dark red with a warning sign, beside the state of a return past its due date. */
export function OverdueBadge() {
  return (
    <Badge
      size="sm"
      variant="filled"
      color="red.9"
      tt="none"
      leftSection={<IconAlertTriangle size={14} aria-hidden="true" />}
      styles={{ root: NO_SHRINK }}
    >
      {RETURN_UI.matrix.overdue}
    </Badge>
  );
}
