import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { TEXT } from '../../../../shared/messages.ts';
import type { Institution } from '../../../../shared/schemas/institution.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../api/get-institutions.ts';
import { useSetInstitutionActive } from '../api/set-institution-active.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';
import { InstitutionForm } from '../components/institution-form.tsx';
import { InstitutionPrograms } from '../components/institution-programs.tsx';
import { InstitutionRoleHolders } from '../components/institution-role-holders.tsx';
import { institutionToFormValues } from '../lib/institution-form.ts';
import { INSTITUTION_UI } from '../messages.ts';

/** A failed write's toast: the catalogue message, and for a refused request the server's reason beneath it. */
function notifyFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const reason =
    isApiError(error) && error.status === 400 && error.serverMessage && error.serverMessage !== message
      ? error.serverMessage
      : undefined;
  notify({ level: 'error', message, ...(reason ? { detail: reason } : {}) });
}

function InstitutionDetails({ institution }: { institution: Institution }) {
  const update = useUpdateInstitution(institution.id);
  const setActive = useSetInstitutionActive(institution.id);
  const [confirming, setConfirming] = useState(false);
  const reactivateRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'reactivate' | 'delete' | null>(null);

  // After a reactivation the Reactivate button is gone: focus moves to the Delete button that replaced it.
  useEffect(() => {
    if (focusAfter.current === 'delete' && deleteRef.current) {
      deleteRef.current.focus();
      focusAfter.current = null;
    }
  });

  // After a delete the dialog's Delete button is gone: once the dialog has closed, focus moves to Reactivate.
  const afterDialog = () => {
    if (focusAfter.current === 'reactivate') reactivateRef.current?.focus();
    focusAfter.current = null;
  };

  const confirmDelete = () =>
    setActive.mutate(false, {
      onSuccess: () => {
        focusAfter.current = 'reactivate';
        setConfirming(false);
        notify({ level: 'success', message: INSTITUTION_UI.toast.deleted });
      },
      onError: (error) => {
        setConfirming(false);
        notifyFailure(error);
      },
    });

  const reactivate = () =>
    setActive.mutate(true, {
      onSuccess: () => {
        focusAfter.current = 'delete';
        notify({ level: 'success', message: INSTITUTION_UI.toast.reactivated });
      },
      onError: notifyFailure,
    });

  return (
    <Page title={institution.name}>
      <Group gap="sm">
        <ActiveBadge active={institution.active_ind} size="md" />
        <Text>{[institution.short_name, institution.institution_type, institution.region].join(' · ')}</Text>
      </Group>

      {institution.active_ind ? null : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconArchive aria-hidden="true" />}
          title={<Text fw={700}>{INSTITUTION_UI.inactive.title}</Text>}
          maw="44rem"
          data-testid="inactive-notice"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{INSTITUTION_UI.inactive.body}</Text>
            <Button
              ref={reactivateRef}
              leftSection={<IconRestore size={16} aria-hidden="true" />}
              loading={setActive.isPending}
              onClick={reactivate}
            >
              {INSTITUTION_UI.inactive.reactivate}
            </Button>
          </Stack>
        </Alert>
      )}

      <InstitutionForm
        key={institution.id}
        initialValues={institutionToFormValues(institution)}
        submitLabel={INSTITUTION_UI.form.save}
        saving={update.isPending}
        cancelTo="/institutions"
        requireChanges
        onSave={async (body) => {
          const saved = await update.mutateAsync(body);
          notify({ level: 'success', message: INSTITUTION_UI.toast.saved });
          return { values: institutionToFormValues(saved) };
        }}
        secondaryAction={
          institution.active_ind ? (
            <Button
              ref={deleteRef}
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {INSTITUTION_UI.form.delete}
            </Button>
          ) : null
        }
      />

      <ConfirmDialog
        opened={confirming}
        title={INSTITUTION_UI.deleteDialog.title}
        confirmLabel={INSTITUTION_UI.deleteDialog.confirm}
        cancelLabel={INSTITUTION_UI.deleteDialog.cancel}
        danger
        loading={setActive.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        onClosed={afterDialog}
      >
        <Text>{INSTITUTION_UI.deleteDialog.body(institution.name)}</Text>
      </ConfirmDialog>

      <InstitutionPrograms institution={institution} />
      <InstitutionRoleHolders institution={institution} />
    </Page>
  );
}

/** `/institutions/{id}`: edit the institution, delete (inactive) or reactivate it, see its programs and who has access. */
export default function InstitutionPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const id = Number(params.id);
  const institutions = useInstitutions({ fresh: true });
  useErrorToast(institutions.error);

  if (institutions.isPending) return <PageSkeleton />;
  if (institutions.isError) {
    return (
      <Page title={routeTitle('institution')}>
        <LoadError message={institutions.error.message} onRetry={() => void institutions.refetch()} />
      </Page>
    );
  }
  const institution = institutions.data.find((i) => i.id === id);
  if (!institution) {
    // The cached list may predate the institution: wait for the server's before calling it missing.
    if (institutions.isFetching) return <PageSkeleton />;
    // Shown by the route's error page: "404 Not Found" with "Page not found: {path}".
    throw new ApiError(TEXT.notFound(pathname), { status: 404 });
  }
  return <InstitutionDetails institution={institution} />;
}
