import { Badge } from '@mantine/core';
import { UI_PIECES } from './messages.ts';

/** A badge is never cut short to "Acti…" in a narrow table column. */
const NO_SHRINK = { minWidth: 'max-content', overflow: 'visible' } as const;

/** Dark green: 8:1 on the light green badge (Mantine's green.9 reaches only 3.9:1 there). */
const ACTIVE_TEXT = '#1a4d2e';

/** "Active" or "Inactive" for soft-deleted items; inactive stands out in dark grey, active stays quiet. */
export function ActiveBadge({ active, size = 'sm' }: { active: boolean; size?: 'sm' | 'md' | 'lg' }) {
  return active ? (
    <Badge size={size} variant="light" color="green" tt="none" styles={{ root: NO_SHRINK, label: { color: ACTIVE_TEXT } }}>
      {UI_PIECES.status.active}
    </Badge>
  ) : (
    <Badge size={size} variant="filled" color="gray.8" tt="none" styles={{ root: NO_SHRINK }} data-testid="inactive-badge">
      {UI_PIECES.status.inactive}
    </Badge>
  );
}
