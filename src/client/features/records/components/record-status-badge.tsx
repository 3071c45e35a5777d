import { Badge } from '@mantine/core';
import { RECORD_UI } from '../messages.ts';

/** "Draft" in amber, "Submitted" in green; dark text on a light badge for contrast. */
export function RecordStatusBadge({ status, size = 'md' }: { status: 'draft' | 'submitted'; size?: 'sm' | 'md' | 'lg' }) {
  return status === 'submitted' ? (
    <Badge
      size={size}
      variant="light"
      color="green"
      tt="none"
      styles={{ label: { color: '#1a4d2e' } }}
      data-testid="record-status"
    >
      {RECORD_UI.view.status.submitted}
    </Badge>
  ) : (
    <Badge
      size={size}
      variant="light"
      color="yellow"
      tt="none"
      styles={{ label: { color: '#5c3c00' } }}
      data-testid="record-status"
    >
      {RECORD_UI.view.status.draft}
    </Badge>
  );
}
