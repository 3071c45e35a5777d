import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { APP_TITLE } from '../../../shared/constants.ts';
import type { NavItem } from '../../../shared/navigation.ts';
import { isSignedIn } from '../../../shared/permissions.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { SIGN_OUT_URL, directSignInUrl, signInUrl } from '../../lib/sign-in.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { TEXT } from '../../../shared/messages.ts';
import { APP_UI } from '../messages.ts';
import { AdvisoryBanner } from './advisory-banner.tsx';
import { MAIN_NAV_ID, MainNav } from './main-nav.tsx';
import { useToastOffset } from './toast-offset.ts';

interface SiteHeaderProps {
  profile: Profile;
  /** The profile has not arrived yet: the account links and the navigation keep their place, empty. */
  profilePending: boolean;
  menu: readonly NavItem[];
  navOpened: boolean;
  onToggleNav: () => void;
}

/** The header (docs/product.md §2.3): banner, home link and title, account links, menu toggle and the top navigation bar. */
export function SiteHeader({ profile, profilePending, menu, navOpened, onToggleNav }: SiteHeaderProps) {
  const { isDevelopment, onlineToolsUrl } = useSiteConfig();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const signedIn = isSignedIn(profile);
  const headerRef = useRef<HTMLElement>(null);
  useToastOffset(headerRef);

  return (
    <Box component="header" ref={headerRef}>
      <AdvisoryBanner />
      <div className="site-header-band on-dark">
        <Container size="lg" pt="xs" pb="md">
          <Group
            gap="sm"
            wrap="wrap"
            justify="flex-end"
            aria-label={APP_UI.accountActions}
            role="group"
            className="account-actions"
            // Empty while the profile loads, keeping the height the signed-in links take (global.css).
            data-pending={profilePending || undefined}
          >
            {profilePending ? null : signedIn ? (
              <>
                <Text size="sm" c="white" data-testid="signed-in-name">
                  {TEXT.signedInAs(profile.prefName || profile.username)}
                </Text>
                <Anchor href={onlineToolsUrl} size="sm" c="white" fw={600}>
                  {TEXT.onlineTools}
                </Anchor>
                <Button component="a" href={SIGN_OUT_URL} size="compact-sm" variant="white">
                  {TEXT.signOut}
                </Button>
              </>
            ) : (
              <Button component="a" href={signInUrl(here)} size="compact-sm" variant="white">
                {TEXT.signIn}
              </Button>
            )}
            {/* Only a way in: once signed in it would only invite signing in as someone else by mistake. */}
            {isDevelopment && !signedIn && !profilePending ? (
              <Button component={Link} to={directSignInUrl(here)} size="compact-sm" variant="outline" color="gold.6" c="gold.6">
                {TEXT.signInDirect}
              </Button>
            ) : null}
          </Group>
          <Group justify="space-between" gap="sm" wrap="nowrap" mt="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to="/"
                aria-label={TEXT.homeLink}
                c="white"
                style={{ display: 'inline-flex', flexShrink: 0 }}
              >
                <IconChartBar size={36} stroke={1.6} aria-hidden="true" />
              </Anchor>
              <Anchor component={Link} to="/" className="site-title" c="white" underline="hover">
                {APP_TITLE}
              </Anchor>
            </Group>
            {menu.length > 0 ? (
              <Burger
                hiddenFrom="sm"
                color="white"
                size="sm"
                opened={navOpened}
                onClick={onToggleNav}
                aria-label={TEXT.menu}
                aria-expanded={navOpened}
                aria-controls={MAIN_NAV_ID}
              />
            ) : null}
          </Group>
        </Container>
      </div>
      {/* The bar's place is kept while the profile loads, so the page does not move down when the menu arrives (layout
          shift, issue 21); the staff who use the app are signed in, a visitor sees it close. */}
      {profilePending ? (
        <div className="main-nav" data-collapsed aria-hidden="true" data-testid="main-nav-placeholder">
          <div className="main-nav-placeholder" />
        </div>
      ) : menu.length > 0 ? (
        <MainNav items={menu} opened={navOpened} />
      ) : null}
    </Box>
  );
}
