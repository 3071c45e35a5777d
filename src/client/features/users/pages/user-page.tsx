import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconRestore, IconUserOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { TEXT } from '../../../../shared/messages.ts';
import type { User } from '../../../../shared/schemas/user.ts';
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
import { useProfile } from '../../session/index.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { UserEditForm } from '../components/user-edit-form.tsx';
import { USER_UI } from '../messages.ts';

/** A failed write's toast: the catalogue message ("Unable to edit user"), and the server's reason beneath it. */
function notifyFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const reasons = isApiError(error) && error.status === 400 ? Object.values(error.fieldErrors ?? {}).flat() : [];
  const reason =
    reasons.length > 0 ? reasons.join(' ') : isApiError(error) && error.status === 400 ? error.serverMessage : undefined;
  notify({ level: 'error', message, ...(reason && reason !== message ? { detail: reason } : {}) });
}

function UserDetails({ user }: { user: User }) {
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const { profile } = useProfile();
  const deactivate = useDeactivateUser(user.id);
  const reactivate = useUpdateUser(user.id);
  const [confirming, setConfirming] = useState(false);
  const reactivateRef = useRef<HTMLButtonElement>(null);
  const deactivateRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'reactivate' | 'deactivate' | null>(null);
  const name = user.prefName || user.username;
  const isSelf = profile.username === user.username;

  // After a reactivation the Reactivate button is gone: focus moves to the Deactivate button that replaced it.
  useEffect(() => {
    if (focusAfter.current === 'deactivate' && deactivateRef.current) {
      deactivateRef.current.focus();
      focusAfter.current = null;
    }
  });

  const afterDialog = () => {
    if (focusAfter.current === 'reactivate') reactivateRef.current?.focus();
    focusAfter.current = null;
  };

  const confirmDeactivate = () =>
    deactivate.mutate(undefined, {
      onSuccess: () => {
        focusAfter.current = 'reactivate';
        setConfirming(false);
        notify({ level: 'success', message: USER_UI.toast.deactivated });
      },
      onError: (error) => {
        setConfirming(false);
        notifyFailure(error);
      },
    });

  const doReactivate = () =>
    reactivate.mutate(
      { active: true },
      {
        onSuccess: () => {
          focusAfter.current = 'deactivate';
          notify({ level: 'success', message: USER_UI.toast.reactivated });
        },
        onError: notifyFailure,
      },
    );

  const home = institutions.data?.find((i) => i.id === user.homeInstitution);

  return (
    <Page title={name}>
      <Group gap="sm">
        <ActiveBadge active={user.active} size="md" />
        <Text>{[user.username, home ? `${home.short_name} – ${home.name}` : user.institution].filter(Boolean).join(' · ')}</Text>
        {isSelf ? (
          <Badge variant="outline" color="navy" tt="none">
            {USER_UI.edit.you}
          </Badge>
        ) : null}
      </Group>

      {user.active ? null : (
        <Alert
          color="gray"
          variant="light"
          icon={<IconUserOff aria-hidden="true" />}
          title={<Text fw={700}>{USER_UI.inactive.title}</Text>}
          maw="44rem"
          data-testid="inactive-notice"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{USER_UI.inactive.body}</Text>
            <Button
              ref={reactivateRef}
              leftSection={<IconRestore size={16} aria-hidden="true" />}
              loading={reactivate.isPending}
              onClick={doReactivate}
            >
              {USER_UI.inactive.reactivate}
            </Button>
          </Stack>
        </Alert>
      )}

      {institutions.isError ? (
        <LoadError
          message={institutions.error.message}
          detail={USER_UI.edit.institutionsFailed}
          onRetry={() => void institutions.refetch()}
        />
      ) : null}

      {institutions.isPending ? (
        <PageSkeleton />
      ) : (
        <UserEditForm
          key={user.id}
          user={user}
          institutions={institutions.data ?? []}
          secondaryAction={
            user.active ? (
              <Button
                ref={deactivateRef}
                id="user-deactivate"
                variant="outline"
                color="red.9"
                leftSection={<IconUserOff size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                {USER_UI.edit.deactivate}
              </Button>
            ) : null
          }
        />
      )}

      <ConfirmDialog
        opened={confirming}
        title={USER_UI.deactivateDialog.title}
        confirmLabel={USER_UI.deactivateDialog.confirm}
        cancelLabel={USER_UI.deactivateDialog.cancel}
        danger
        loading={deactivate.isPending}
        onConfirm={confirmDeactivate}
        onCancel={() => setConfirming(false)}
        onClosed={afterDialog}
      >
        <Text>{USER_UI.deactivateDialog.body(name)}</Text>
      </ConfirmDialog>
    </Page>
  );
}

/** `/admin/{id}`: a user's details and access, saved together; deactivate or reactivate them. */
export default function UserPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const id = Number(params.id);
  const user = useUser(id);

  if (user.isPending) return <PageSkeleton />;
  if (user.isError) {
    // Shown by the route's error page: "404 Not Found" with "Page not found: {path}".
    if (isApiError(user.error) && user.error.status === 404) throw new ApiError(TEXT.notFound(pathname), { status: 404 });
    return <UserLoadError error={user.error} onRetry={() => void user.refetch()} />;
  }
  return <UserDetails user={user.data} />;
}

function UserLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  useErrorToast(error);
  return (
    <Page title={routeTitle('adminUser')}>
      <LoadError message={error.message} detail={USER_UI.edit.loadFailed} onRetry={onRetry} />
    </Page>
  );
}
