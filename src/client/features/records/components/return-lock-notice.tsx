import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { useReturnOfTerm } from '../../returns/index.ts';
import { useProfile } from '../../session/index.ts';
import { lockNoticeOf, mayUnlock, returnTermKey, type LockNotice } from '../lib/return-lock-notice.ts';
import type { RecordFormValues } from '../lib/record-form-model.ts';
import { RECORD_UI } from '../messages.ts';

const L = RECORD_UI.locked;

export interface FormLock {
  notice: LockNotice;
  /**
   * The record as loaded is in the locked return. It cannot move out of it, so its year and term are read-only too;
   * otherwise (a new record, or a term chosen on the form) they stay open, so another term can be chosen.
   */
  ofRecord: boolean;
}

/**
 * The lock of the form, if any: the return of the record as loaded (a record cannot move out of a locked term), else
 * that of the institution, fiscal year and term now chosen.
 */
export function useReturnLock(values: RecordFormValues, record: RecordWire | undefined): FormLock | null {
  const chosen = useReturnOfTerm(returnTermKey(values));
  const loaded = useReturnOfTerm(
    record ? { institutionId: record.institution_id, fiscalYear: record.fiscal_year, term: record.term } : null,
  );
  const ofRecord = lockNoticeOf(loaded.data);
  if (ofRecord) return { notice: ofRecord, ofRecord: true };
  const ofChosen = lockNoticeOf(chosen.data);
  return ofChosen ? { notice: ofChosen, ofRecord: false } : null;
}

/**
 * Says the return is signed off or approved, since when and by whom, why the record is read-only, who can unlock it
 * (in the server's words), and, to the person who may, that they can.
 */
export function ReturnLockNotice({ notice }: { notice: LockNotice }) {
  const { profile } = useProfile();
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
        <Text size="sm" fw={600}>
          {mayUnlock(notice, profile.privileges) ? L.youMayUnlock[notice.unlock.action] : L.readOnly}
        </Text>
        <Anchor component={Link} to={`/returns/${notice.returnId}`} fw={600} size="sm">
          {L.open}
        </Anchor>
      </Stack>
    </Alert>
  );
}
