import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { TEXT } from '../../../../shared/messages.ts';
import type { Program } from '../../../../shared/schemas/program.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { ActiveBadge } from '../../../ui/status-badge.tsx';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useProgram } from '../api/get-program.ts';
import { useSetProgramActive } from '../api/set-program-active.ts';
import { useUpdateProgram } from '../api/update-program.ts';
import { ProgramForm } from '../components/program-form.tsx';
import { programToFormValues } from '../lib/program-form.ts';
import { PROGRAM_UI } from '../messages.ts';

/** A failed write's toast: the catalogue message, and for a refused request the server's reason beneath it. */
function notifyFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const reason =
    isApiError(error) && error.status === 400 && error.serverMessage && error.serverMessage !== message
      ? error.serverMessage
      : undefined;
  notify({ level: 'error', message, ...(reason ? { detail: reason } : {}) });
}

function ProgramDetails({ program }: { program: Program }) {
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const update = useUpdateProgram(program.id);
  const setActive = useSetProgramActive(program.id);
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

  const institution = institutions.data?.find((i) => i.id === program.institution_id);
  const institutionLabel = institution
    ? `${institution.short_name} – ${institution.name}`
    : PROGRAM_UI.list.unknownInstitution(program.institution_id);

  const confirmDelete = () =>
    setActive.mutate(false, {
      onSuccess: () => {
        focusAfter.current = 'reactivate';
        setConfirming(false);
        notify({ level: 'success', message: PROGRAM_UI.toast.deleted });
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
        notify({ level: 'success', message: PROGRAM_UI.toast.reactivated });
      },
      onError: notifyFailure,
    });

  return (
    <Page title={program.name}>
      <Group gap="sm">
        <ActiveBadge active={program.active_ind} size="md" />
        <Text>{[institution?.short_name, program.credential, program.wil_type].filter(Boolean).join(' · ')}</Text>
      </Group>

      {program.active_ind ? null : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconArchive aria-hidden="true" />}
          title={<Text fw={700}>{PROGRAM_UI.inactive.title}</Text>}
          maw="44rem"
          data-testid="inactive-notice"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{PROGRAM_UI.inactive.body}</Text>
            {institution && !institution.active_ind ? <Text size="sm">{PROGRAM_UI.inactive.institutionInactive}</Text> : null}
            <Button
              ref={reactivateRef}
              leftSection={<IconRestore size={16} aria-hidden="true" />}
              loading={setActive.isPending}
              onClick={reactivate}
            >
              {PROGRAM_UI.inactive.reactivate}
            </Button>
          </Stack>
        </Alert>
      )}

      <ProgramForm
        key={program.id}
        initialValues={programToFormValues(program)}
        institution={{ kind: 'fixed', label: institutionLabel, href: `/institutions/${program.institution_id}` }}
        submitLabel={PROGRAM_UI.form.save}
        saving={update.isPending}
        cancelTo="/programs"
        requireChanges
        onSave={async (body) => {
          // The server refuses moves: the institution is not sent.
          const { institution_id: _institution, ...patch } = body;
          const saved = await update.mutateAsync(patch);
          notify({ level: 'success', message: PROGRAM_UI.toast.saved });
          return { values: programToFormValues(saved) };
        }}
        secondaryAction={
          program.active_ind ? (
            <Button
              ref={deleteRef}
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {PROGRAM_UI.form.delete}
            </Button>
          ) : null
        }
      />

      <ConfirmDialog
        opened={confirming}
        title={PROGRAM_UI.deleteDialog.title}
        confirmLabel={PROGRAM_UI.deleteDialog.confirm}
        cancelLabel={PROGRAM_UI.deleteDialog.cancel}
        danger
        loading={setActive.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        onClosed={afterDialog}
      >
        <Text>{PROGRAM_UI.deleteDialog.body(program.name)}</Text>
      </ConfirmDialog>
    </Page>
  );
}

/** `/programs/{id}`: edit the valid program, delete (inactive) or reactivate it. */
export default function ProgramPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const program = useProgram(Number(params.id));
  useErrorToast(program.isError && !(isApiError(program.error) && program.error.status === 404) ? program.error : null);

  if (program.isPending) return <PageSkeleton />;
  if (program.isError) {
    // Shown by the route's error page: "404 Not Found" with "Page not found: {path}".
    if (isApiError(program.error) && program.error.status === 404) throw new ApiError(TEXT.notFound(pathname), { status: 404 });
    return (
      <Page title={routeTitle('program')}>
        <LoadError message={program.error.message} detail={PROGRAM_UI.loadFailed} onRetry={() => void program.refetch()} />
      </Page>
    );
  }
  return <ProgramDetails program={program.data} />;
}
