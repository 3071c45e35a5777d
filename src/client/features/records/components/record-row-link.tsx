import { Anchor, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { RecordListItem } from '../../../../shared/schemas/record-list.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { recordLinkState } from '../lib/record-source.ts';

/** A list row's link to its record, remembering the list (criteria, page, sort) so the record can lead back to it. */
export function RecordRowLink({ record }: { record: RecordListItem }) {
  const location = useLocation();
  return (
    <Anchor
      component={Link}
      to={`/records/${record.id}`}
      state={recordLinkState(location.pathname, location.search)}
      fw={500}
      fz="inherit"
      underline="hover"
    >
      {record.program_name}
      <VisuallyHidden>
        {RECORD_BROWSE_UI.rowLinkDetail(record.institution_short_name, record.term, record.fiscal_year)}
      </VisuallyHidden>
    </Anchor>
  );
}
