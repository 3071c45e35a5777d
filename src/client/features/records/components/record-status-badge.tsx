import { Badge } from '@mantine/core';
import { RECORD_UI } from '../messages.ts';

/** "Draft" in amber, "Submitted" in green; dark text on a light badge for contrast; never cut short in a narrow column. */
export function RecordStatusBadge({ status, size = 'md' }: { status: 'draft' | 'submitted'; size?: 'sm' | 'md' | 'lg' }) {
  const submitted = status === 'submitted';
  return (
    <Badge
      size={size}
      variant="light"
      color={submitted ? 'green' : 'yellow'}
      tt="none"
      styles={{ root: { minWidth: 'max-content', overflow: 'visible' }, label: { color: submitted ? '#1a4d2e' : '#5c3c00' } }}
      data-testid="record-status"
    >
      {submitted ? RECORD_UI.view.status.submitted : RECORD_UI.view.status.draft}
    </Badge>
  );
}
