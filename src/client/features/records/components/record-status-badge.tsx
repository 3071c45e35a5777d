import { Badge } from '@mantine/core';
import type { RecordListItem } from '../../../../shared/schemas/record.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';

/** A badge is never cut short in a narrow column. */
const NO_SHRINK = { minWidth: 'max-content', overflow: 'visible' } as const;

/** "Draft" in a quiet outline (still being filled in), "Submitted" in navy (final); both above 7:1 contrast. */
export function RecordStatusBadge({ status }: { status: RecordListItem['status'] }) {
  const label = RECORD_BROWSE_UI.status[status] ?? status;
  return status === 'submitted' ? (
    <Badge size="sm" variant="light" color="navy" tt="none" styles={{ root: NO_SHRINK, label: { color: '#0c2a57' } }}>
      {label}
    </Badge>
  ) : (
    <Badge
      size="sm"
      variant="outline"
      color="gray.7"
      tt="none"
      styles={{ root: { ...NO_SHRINK, borderStyle: 'dashed' }, label: { color: '#33383e' } }}
      data-testid="draft-badge"
    >
      {label}
    </Badge>
  );
}
