import { Container, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../../shared/navigation.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { TEXT } from '../../../shared/messages.ts';
import { prefetchPage } from '../route-modules.ts';

export const MAIN_NAV_ID = 'main-navigation';

function firstSegment(path: string): string {
  return (path.split('?')[0] ?? '').split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
}

/** A dropdown is "current" when the page is in its section (/records/…, /reports/…). */
function isSectionActive(item: NavItem, pathname: string): boolean {
  const here = firstSegment(pathname);
  return !!here && (item.children ?? []).some((child) => child.path && firstSegment(child.path) === here);
}

function slug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

interface MainNavProps {
  items: readonly NavItem[];
  /** On small screens the bar is shown only when the menu toggle has opened it. */
  opened: boolean;
}

/** The top navigation bar: the menu as this user may see it, dropdowns for Program Information and Reports. */
export function MainNav({ items, opened }: MainNavProps) {
  const { isDevelopment } = useSiteConfig();
  const { pathname } = useLocation();
  const prefetch = (to: string) => () => prefetchPage(to, isDevelopment);

  return (
    <nav id={MAIN_NAV_ID} aria-label={TEXT.mainNavigation} className="main-nav" data-collapsed={opened ? undefined : true}>
      <Container size="lg" px={{ base: 0, sm: 'md' }}>
        <ul style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>
          {items.map((item) =>
            item.children ? (
              <li key={item.label}>
                <Menu
                  id={`menu-${slug(item.label)}`}
                  position="bottom-start"
                  offset={0}
                  menuItemTabIndex={0}
                  withInitialFocusPlaceholder={false}
                  withinPortal={false}
                  zIndex={300}
                  shadow="md"
                  width={280}
                >
                  <Menu.Target>
                    <UnstyledButton className="main-nav-item" data-active={isSectionActive(item, pathname) || undefined}>
                      {item.label}
                      <IconChevronDown size={16} aria-hidden="true" />
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {item.children.map((child) =>
                      child.path ? (
                        <Menu.Item
                          key={child.label}
                          component={Link}
                          to={child.path}
                          onMouseEnter={prefetch(child.path)}
                          onFocus={prefetch(child.path)}
                        >
                          {child.label}
                        </Menu.Item>
                      ) : null,
                    )}
                  </Menu.Dropdown>
                </Menu>
              </li>
            ) : item.path ? (
              <li key={item.label}>
                <NavLink
                  to={item.path}
                  className="main-nav-item"
                  onMouseEnter={prefetch(item.path)}
                  onFocus={prefetch(item.path)}
                >
                  {item.label}
                </NavLink>
              </li>
            ) : null,
          )}
        </ul>
      </Container>
    </nav>
  );
}
