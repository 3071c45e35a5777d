import { Container } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { visibleMenu } from '../../../shared/navigation.ts';
import { useProfile } from '../../features/session/index.ts';
import { notify } from '../../lib/notifications.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { SiteFooter, PAGE_TOP_ID } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** The page shell around every screen: skip link, header with navigation, main content, footer. */
export function AppLayout() {
  const { profile, isError, isPending } = useProfile();
  const navigation = useNavigation();
  const location = useLocation();
  const [navOpened, setNavOpened] = useState(false);
  const menu = visibleMenu(profile);

  // A new page: close the small-screen menu and move focus to its heading, so screen readers announce it.
  const firstRender = useRef(true);
  useEffect(() => {
    setNavOpened(false);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('page-title')?.focus({ preventScroll: true });
  }, [location.pathname]);

  // Once per failure spell: a refetch on mount flips isError off and on again without anything new to say.
  const profileErrorShown = useRef(false);
  useEffect(() => {
    if (isError && !profileErrorShown.current) {
      profileErrorShown.current = true;
      notify({ level: 'error', message: ERRORS.profile });
    }
    if (!isError && !isPending) profileErrorShown.current = false;
  }, [isError, isPending]);

  return (
    <>
      <div id={PAGE_TOP_ID} tabIndex={-1} />
      {navigation.state !== 'idle' ? <div className="route-progress" aria-hidden="true" /> : null}
      <SkipLink />
      <SiteHeader
        profile={profile}
        profilePending={isPending}
        menu={menu}
        navOpened={navOpened}
        onToggleNav={() => setNavOpened((open) => !open)}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} aria-busy={navigation.state !== 'idle' || undefined}>
        <Container size="lg" px="md">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
      {/* A page loaded afresh (an address typed, a bookmark) has the key "default" whatever its address, so it would
          open at the last fresh page's scroll position: keep those by address instead (a reload returns to its place). */}
      <ScrollRestoration
        getKey={(location) => (location.key === 'default' ? location.pathname + location.search : location.key)}
      />
    </>
  );
}
