import { resolveAppRoute, type AppRoute } from '../../shared/app-routes.ts';
import { canAccess, isSignedIn } from '../../shared/permissions.ts';
import type { Profile } from '../../shared/schemas/profile.ts';
import { TEXT } from '../../shared/messages.ts';

export type RouteDecision =
  { kind: 'allow'; route: AppRoute; params: Record<string, string> } | { kind: 'deny'; status: 401 | 403 | 404; data?: string };

/** Decodes a path for showing to people; a malformed escape is shown as it came. */
export function displayPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Who may see a location (docs/product.md §2.2, §2.3): a path no route matches, that fails its page check, or that
 * exists only in development is a 404 "Page not found: {path}"; then signed out is a 401, signed in without
 * the role a 403.
 */
export function decideRoute(profile: Profile, pathname: string, search: string, isDevelopment: boolean): RouteDecision {
  const match = resolveAppRoute(pathname, search, isDevelopment);
  if (!match) return { kind: 'deny', status: 404, data: TEXT.notFound(displayPath(pathname)) };
  if (!canAccess(profile, match.route.access)) return { kind: 'deny', status: isSignedIn(profile) ? 403 : 401 };
  return { kind: 'allow', route: match.route, params: match.params };
}
