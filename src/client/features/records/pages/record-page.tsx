import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { canEditInstitution } from '../../../../shared/permissions.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notifications.ts';
import { DetailLoad } from '../../../ui/detail-page.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useDeferredFirstDraw } from '../../../ui/use-deferred-first-draw.ts';
import { useReturnOfTerm } from '../../returns/index.ts';
import { useProfile } from '../../session/index.ts';
import { recordQueryKey, useRecord } from '../api/get-record.ts';
import { recordHistoryQueryKey, useRecordHistory } from '../api/get-record-history.ts';
import { useUpdateRecord } from '../api/update-record.ts';
import { RecordForm } from '../components/record-form.tsx';
import { RecordHistory } from '../components/record-history.tsx';
import { RecordStatusBadge } from '../components/record-status-badge.tsx';
import { RecordView } from '../components/record-view.tsx';
import { ReturnNextLinks } from '../components/return-next-links.tsx';
import { formToPatchBody, recordToFormValues } from '../lib/record-form-model.ts';
import { openedJustSaved, recordCrumbs, recordSource } from '../lib/record-source.ts';
import { RECORD_UI } from '../messages.ts';
import { useSiteConfig } from '../../../lib/site-config.tsx';

function RecordDetails({ record }: { record: RecordWire }) {
  const { profile } = useProfile();
  const update = useUpdateRecord(record.id);
  const queryClient = useQueryClient();
  const history = useRecordHistory(record.id);
  const newest = history.data?.[0];
  // The newest change is the other person's once the history has been refetched after a stale save.
  const savedBy =
    newest && newest.changed_at >= record.updated_at ? (newest.prefName ?? newest.username ?? undefined) : undefined;
  const editable = canEditInstitution(profile.privileges, record.institution_id);
  const saved = formatInstant(record.updated_at);
  // Opened from a list (Find results, Browse records): the breadcrumb and Cancel lead back to it as it was.
  const location = useLocation();
  const { isDevelopment } = useSiteConfig();
  const title = RECORD_UI.heading(record.program_name, record.term, record.fiscal_year);
  const source = recordSource(location.state);
  // The form waits for its term's return: a "signed off" notice drawn above a form already shown would push the form
  // down (layout shift, issue 21); the form's own lock check reads the same query. It is drawn in a transition
  // (useDeferredFirstDraw), after the heading, which needs neither.
  const termReturn = useReturnOfTerm(
    editable ? { institutionId: record.institution_id, fiscalYear: record.fiscal_year, term: record.term } : null,
  );
  const drawForm = useDeferredFirstDraw() && !termReturn.isLoading;
  // Saves made here (a new record arrives saved): each one offers the way on through the term's return, and focuses it.
  const [saves, setSaves] = useState(() => (openedJustSaved(location.state) ? 1 : 0));
  return (
    <Page title={title} crumbs={recordCrumbs(location.state, title, isDevelopment)}>
      <Stack gap={4}>
        <Group gap="sm">
          <RecordStatusBadge status={record.status} />
          <Text fw={600}>{record.institution_name}</Text>
          <Text c="dimmed">({record.institution_short_name})</Text>
        </Group>
        <Text size="sm" c="dimmed" data-testid="record-saved">
          {RECORD_UI.view.lastSaved(saved, record.version)}
        </Text>
      </Stack>
      {drawForm && saves > 0 && termReturn.data ? (
        <ReturnNextLinks ret={termReturn.data} programId={record.program_id} saves={saves} />
      ) : null}
      {!drawForm ? (
        // The form's place, taller than the window, so nothing in view moves when the form replaces it.
        <Skeleton height="100vh" maw="60rem" aria-hidden="true" data-testid="record-form-loading" />
      ) : editable ? (
        <RecordForm
          key={record.id}
          initialValues={recordToFormValues(record)}
          record={record}
          cancelTo={source ?? '/records'}
          savedBy={savedBy}
          onStale={(current) => {
            queryClient.setQueryData(recordQueryKey(record.id), current);
            void queryClient.invalidateQueries({ queryKey: recordHistoryQueryKey(record.id) });
          }}
          onSave={async (values, status, base) => {
            const result = await update.mutateAsync(formToPatchBody(values, status, (base ?? record).version));
            notify({ level: 'success', message: RECORD_UI.toast.saved });
            setSaves((n) => n + 1);
            return { saved: result };
          }}
        />
      ) : (
        <>
          <Alert color="gray" variant="light" icon={<IconEye aria-hidden="true" />} maw="60rem">
            <Text size="sm">{RECORD_UI.view.readOnly}</Text>
          </Alert>
          <RecordView record={record} />
        </>
      )}
      {drawForm ? <RecordHistory recordId={record.id} /> : null}
    </Page>
  );
}

/** `/records/{id}`: every figure of a record, editable for those with edit rights on its institution, and its history. */
export default function RecordPage() {
  const record = useRecord(Number(useParams().id));
  return (
    <DetailLoad query={record} title={routeTitle('record')} loadFailed={RECORD_UI.loadFailed}>
      {/* Keyed: "Next program of this return" opens another record on this same page, which starts afresh. */}
      {(found) => <RecordDetails key={found.id} record={found} />}
    </DetailLoad>
  );
}
