import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { APP_ROUTES, type AppRoute } from '../../shared/app-routes.ts';
import { ERRORS } from '../../shared/messages.ts';
import { SIGNED_OUT, type Profile } from '../../shared/schemas/profile.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { isApiError } from '../lib/api-client.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { profileQueryOptions } from '../features/session/index.ts';
import { ErrorPage, FatalErrorPage } from './error-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { decideRoute } from './route-access.ts';
import { loadPage } from './route-modules.ts';

/** What each route carries for the layout and pages (title, access) via `useMatches`. */
export interface RouteHandle {
  appRoute?: AppRoute;
}

export interface AppRouterDeps {
  queryClient: QueryClient;
  siteConfig: SiteConfig;
}

async function loadProfile(queryClient: QueryClient): Promise<Profile> {
  try {
    return await queryClient.ensureQueryData({ ...profileQueryOptions, revalidateIfStale: true });
  } catch (error) {
    // A shared fetch cancelled by someone else (a user switch resetting the cache): ask again once.
    if (isCancelledError(error)) return queryClient.fetchQuery(profileQueryOptions);
    throw error;
  }
}

/**
 * Every location is checked before its screen renders: unknown or failing its page check → 404,
 * signed out → 401, signed in without the role → 403 (docs/product.md §2.2, §3).
 */
export function createGuardLoader({ queryClient, siteConfig }: AppRouterDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    let profile: Profile;
    let profileError: unknown;
    try {
      profile = await loadProfile(queryClient);
    } catch (error) {
      profile = SIGNED_OUT;
      profileError = error;
    }
    const decision = decideRoute(profile, url.pathname, url.search, siteConfig.isDevelopment);
    if (decision.kind === 'allow') return null;
    if (profileError && decision.status !== 404) {
      // We cannot tell who is asking: say so rather than claim they are signed out.
      const status = isApiError(profileError) && profileError.status && profileError.status >= 500 ? profileError.status : 503;
      throw data(ERRORS.profile, { status });
    }
    throw data(decision.data ?? null, { status: decision.status });
  };
}

export function createAppRoutes(deps: AppRouterDeps): RouteObject[] {
  const guard = createGuardLoader(deps);
  const screens: RouteObject[] = APP_ROUTES.map((appRoute) => ({
    id: appRoute.id,
    path: appRoute.path,
    loader: guard,
    handle: { appRoute } satisfies RouteHandle,
    HydrateFallback: PageSkeleton,
    lazy: async () => ({ Component: (await loadPage(appRoute.id)).default }),
  }));
  return [
    {
      id: 'root',
      Component: AppLayout,
      errorElement: <FatalErrorPage />,
      children: [
        {
          id: 'screens',
          errorElement: <ErrorPage />,
          children: [
            ...screens,
            { id: 'notFound', path: '*', loader: guard, HydrateFallback: PageSkeleton, Component: () => null },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: AppRouterDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}
