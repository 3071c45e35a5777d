import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { useReturnOfTerm } from '../../returns/index.ts';
import { lockNoticeOf, returnTermKey, type LockNotice } from '../lib/return-lock-notice.ts';
import type { RecordFormValues } from '../lib/record-form-model.ts';
import { RECORD_UI } from '../messages.ts';

const L = RECORD_UI.locked;

/**
 * The lock notice of the form, if any: the return of the record as loaded (a record cannot move out of a locked
 * term), else that of the institution, fiscal year and term now chosen.
 */
export function useReturnLock(values: RecordFormValues, record: RecordWire | undefined): LockNotice | null {
  const chosen = useReturnOfTerm(returnTermKey(values));
  const loaded = useReturnOfTerm(
    record ? { institutionId: record.institution_id, fiscalYear: record.fiscal_year, term: record.term } : null,
  );
  return lockNoticeOf(loaded.data) ?? lockNoticeOf(chosen.data);
}

/** Says the return is signed off or approved, when and by whom, why nothing can be saved, and who can unlock it. */
export function ReturnLockNotice({ notice }: { notice: LockNotice }) {
  return (
    <Alert
      color="orange"
      variant="outline"
      icon={<IconLock aria-hidden="true" />}
      role="status"
      data-testid="return-locked"
      title={
        <Text fw={700} c="#6b3206" component="span">
          {L.title[notice.state]}
        </Text>
      }
    >
      <Stack gap="xs" align="flex-start">
        {notice.since ? <Text size="sm">{L.when(notice.state, formatInstant(notice.since.at), notice.since.by)}</Text> : null}
        <Text size="sm">{notice.message}</Text>
        <Anchor component={Link} to={`/returns/${notice.returnId}`} fw={600} size="sm">
          {L.open}
        </Anchor>
      </Stack>
    </Alert>
  );
}
