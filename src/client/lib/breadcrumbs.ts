import { resolveAppRoute } from '../../shared/app-routes.ts';
import { TEXT } from '../../shared/messages.ts';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * The breadcrumb trail of a path: Home, then each shorter path that is itself a screen
 * (`/records/find/findResults` → Browse records › Find records), then the current page.
 */
export function breadcrumbsFor(pathname: string, currentTitle: string, isDevelopment: boolean): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  if (segments.length === 0) return [{ label: TEXT.homeLink }];
  crumbs.push({ label: TEXT.homeLink, to: '/' });
  for (let i = 1; i < segments.length; i++) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    const match = resolveAppRoute(prefix, '', isDevelopment);
    if (match) crumbs.push({ label: match.route.title, to: match.route.path });
  }
  crumbs.push({ label: currentTitle });
  return crumbs;
}
