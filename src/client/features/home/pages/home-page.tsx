import { Stack } from '@mantine/core';
import { visibleMenu } from '../../../../shared/navigation.ts';
import { PROGRAM_STAFF_ROLES, hasAnyRole, isSignedIn } from '../../../../shared/permissions.ts';
import { TEXT } from '../../../../shared/messages.ts';
import { HOME_UI } from '../messages.ts';
import { Page } from '../../../ui/page.tsx';
import { useProfile } from '../../session/index.ts';
import { ActionCards } from '../components/action-cards.tsx';
import { InstitutionSummary } from '../components/institution-summary.tsx';
import { NoAccessPanel } from '../components/no-access-panel.tsx';
import { SignInProblem } from '../components/sign-in-problem.tsx';
import { SignedOutWelcome } from '../components/signed-out-welcome.tsx';
import { useWhatIsDueLoading, WhatIsDue } from '../components/what-is-due.tsx';

const HOME_CRUMBS = [{ label: HOME_UI.title }];

/** `/`: a welcome for visitors, a "no access yet" note for new users, otherwise a summary and a way into each task. */
export default function HomePage() {
  const { profile } = useProfile();
  const dueLoading = useWhatIsDueLoading(profile);

  if (!isSignedIn(profile)) {
    return (
      <Page title={TEXT.home.signedOutTitle} documentTitle={null} crumbs={HOME_CRUMBS}>
        <SignInProblem />
        <SignedOutWelcome />
      </Page>
    );
  }

  const title = TEXT.home.welcome(profile.prefName || profile.username);
  if (!hasAnyRole(profile, PROGRAM_STAFF_ROLES)) {
    return (
      <Page title={title} documentTitle={null} crumbs={HOME_CRUMBS}>
        <NoAccessPanel profile={profile} />
      </Page>
    );
  }

  return (
    <Page title={title} documentTitle={null} crumbs={HOME_CRUMBS}>
      <Stack gap="xl">
        <WhatIsDue profile={profile} />
        {dueLoading ? null : (
          <>
            <InstitutionSummary profile={profile} />
            <ActionCards menu={visibleMenu(profile)} />
          </>
        )}
      </Stack>
    </Page>
  );
}
