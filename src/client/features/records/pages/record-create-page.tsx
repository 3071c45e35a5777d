import { Alert, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { canEditInstitution } from '../../../../shared/permissions.ts';
import { notify } from '../../../lib/notifications.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { usePrograms } from '../../programs/index.ts';
import { presetRecordKeys } from '../lib/record-preset.ts';
import { justSavedState } from '../lib/record-source.ts';
import { useProfile } from '../../session/index.ts';
import { useCreateRecord } from '../api/create-record.ts';
import { RecordForm, type RecordPickers } from '../components/record-form.tsx';
import { EMPTY_RECORD_FORM, formToCreateBody } from '../lib/record-form-model.ts';
import { RECORD_UI } from '../messages.ts';

/** `/records/create`: adds a record for a program the person may edit, as a draft or submitted, then opens it. */
export default function RecordCreatePage() {
  const { profile } = useProfile();
  const institutions = useInstitutions();
  const programs = usePrograms();
  const create = useCreateRecord();
  useErrorToast(institutions.error ?? programs.error);

  const pickers = useMemo((): RecordPickers | null => {
    if (!institutions.data || !programs.data) return null;
    const editable = institutions.data
      .filter((i) => i.active_ind && canEditInstitution(profile.privileges, i.id))
      .sort((a, b) => a.short_name.localeCompare(b.short_name));
    const ids = new Set(editable.map((i) => i.id));
    return {
      institutions: editable.map((i) => ({ value: String(i.id), label: `${i.short_name} – ${i.name}` })),
      programs: programs.data.filter((p) => p.active_ind && ids.has(p.institution_id)),
    };
  }, [institutions.data, programs.data, profile.privileges]);

  const [params] = useSearchParams();
  const initialValues = useMemo(
    () => ({
      // One institution to choose from: it is chosen already.
      ...(pickers?.institutions.length === 1
        ? { ...EMPTY_RECORD_FORM, institution_id: pickers.institutions[0]!.value }
        : EMPTY_RECORD_FORM),
      // A term return's "Add a record" link chooses the program, fiscal year and term.
      ...presetRecordKeys(params, pickers?.programs ?? []),
    }),
    [pickers, params],
  );

  const title = routeTitle('recordCreate');
  if (institutions.isPending || programs.isPending) return <PageSkeleton />;
  if (!pickers) {
    return (
      <Page title={title}>
        <LoadError
          message={(institutions.error ?? programs.error)?.message ?? RECORD_UI.pickersFailed}
          detail={RECORD_UI.pickersFailed}
          onRetry={() => {
            void institutions.refetch();
            void programs.refetch();
          }}
        />
      </Page>
    );
  }
  return (
    <Page title={title}>
      <Text maw="60rem">{RECORD_UI.createIntro}</Text>
      {pickers.institutions.length === 0 ? (
        <Alert color="gray" variant="light" maw="60rem">
          <Text>{RECORD_UI.keys.noInstitutions}</Text>
        </Alert>
      ) : (
        <RecordForm
          initialValues={initialValues}
          pickers={pickers}
          cancelTo="/records"
          onSave={async (values, status) => {
            const id = await create.mutateAsync(formToCreateBody(values, status));
            notify({ level: 'success', message: RECORD_UI.toast.created });
            // The record page says it was just saved, with the way on through its term's return.
            return { navigateTo: `/records/${id}`, state: justSavedState() };
          }}
        />
      )}
    </Page>
  );
}
