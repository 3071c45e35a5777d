import { Badge } from '@mantine/core';
import type { RecordListItem } from '../../../../shared/schemas/record.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';

/** A badge is never cut short in a narrow column. */
const NO_SHRINK = { minWidth: 'max-content', overflow: 'visible' } as const;

/**
 * A record's status in a list row: "Draft" in amber, "Submitted" in green, as on the record's own page; dark text on
 * the light badge keeps the contrast above 7:1.
 */
export function RecordListStatus({ status }: { status: RecordListItem['status'] }) {
  const label = RECORD_BROWSE_UI.status[status] ?? status;
  return status === 'submitted' ? (
    <Badge size="sm" variant="light" color="green" tt="none" styles={{ root: NO_SHRINK, label: { color: '#1a4d2e' } }}>
      {label}
    </Badge>
  ) : (
    <Badge
      size="sm"
      variant="light"
      color="yellow"
      tt="none"
      styles={{ root: NO_SHRINK, label: { color: '#5c3c00' } }}
      data-testid="draft-badge"
    >
      {label}
    </Badge>
  );
}
