import { Badge } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { User } from '../../../../shared/schemas/user.ts';
import { DetailLoad, DetailPage, notifyWriteFailure } from '../../../ui/detail-page.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useProfile } from '../../session/index.ts';
import { useDeactivateUser } from '../api/deactivate-user.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { UserEditForm } from '../components/user-edit-form.tsx';
import { USER_UI } from '../messages.ts';

/** A failed write's toast: the catalogue message ("Unable to edit user"), and the server's reasons beneath it. */
const notifyFailure = (error: unknown) => notifyWriteFailure(error, { fieldErrors: true });

function UserDetails({ user }: { user: User }) {
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const { profile } = useProfile();
  const deactivate = useDeactivateUser(user.id);
  const reactivate = useUpdateUser(user.id);
  const name = user.prefName || user.username;
  const home = institutions.data?.find((i) => i.id === user.homeInstitution);

  return (
    <DetailPage
      title={name}
      name={name}
      active={user.active}
      summary={[user.username, home ? `${home.short_name} – ${home.name}` : user.institution].filter(Boolean).join(' · ')}
      badge={
        profile.username === user.username ? (
          <Badge variant="outline" color="navy" tt="none">
            {USER_UI.edit.you}
          </Badge>
        ) : null
      }
      activation={{
        words: {
          inactive: USER_UI.inactive,
          dialog: USER_UI.deactivateDialog,
          deactivate: USER_UI.edit.deactivate,
          deactivated: USER_UI.toast.deactivated,
          reactivated: USER_UI.toast.reactivated,
        },
        deactivate: (callbacks) => deactivate.mutate(undefined, callbacks),
        reactivate: (callbacks) => reactivate.mutate({ active: true }, callbacks),
        deactivating: deactivate.isPending,
        reactivating: reactivate.isPending,
        onFailure: notifyFailure,
        inactiveIcon: <IconUserOff aria-hidden="true" />,
        deactivateIcon: <IconUserOff size={16} aria-hidden="true" />,
        deactivateId: 'user-deactivate',
      }}
      form={(deactivateButton) => (
        <>
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
            <UserEditForm key={user.id} user={user} institutions={institutions.data ?? []} secondaryAction={deactivateButton} />
          )}
        </>
      )}
    />
  );
}

/** `/admin/{id}`: a user's details and access, saved together; deactivate or reactivate them. */
export default function UserPage() {
  const user = useUser(Number(useParams().id));
  return (
    <DetailLoad query={user} title={routeTitle('adminUser')} loadFailed={USER_UI.edit.loadFailed}>
      {(found) => <UserDetails user={found} />}
    </DetailLoad>
  );
}
