import type { ComponentType } from 'react';
import { resolveAppRoute } from '../../shared/app-routes.ts';
import { prefetchOnce } from '../lib/prefetch-policy.ts';

type PageModule = { default: ComponentType };

/**
 * Each screen's code, loaded on first visit (or on a menu link's hover/focus) so the first load stays small.
 * Screens that later issues build show the shared "coming" page until then.
 */
const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  home: () => import('../features/home/pages/home-page.tsx'),
  login: () => import('../features/session/pages/login-page.tsx'),
  institutions: () => import('../features/institutions/pages/institutions-page.tsx'),
  institutionCreate: () => import('../features/institutions/pages/institution-create-page.tsx'),
  institution: () => import('../features/institutions/pages/institution-page.tsx'),
  programs: () => import('../features/programs/pages/programs-page.tsx'),
  programCreate: () => import('../features/programs/pages/program-create-page.tsx'),
  program: () => import('../features/programs/pages/program-page.tsx'),
  admin: () => import('../features/users/pages/users-page.tsx'),
  adminUser: () => import('../features/users/pages/user-page.tsx'),
};

const comingPage = () => import('./pages/coming-page.tsx');

export function loadPage(routeId: string): Promise<PageModule> {
  return (PAGE_MODULES[routeId] ?? comingPage)();
}

/** Prefetches the code of the screen a link points to, unless the connection is slow or saving data. */
export function prefetchPage(to: string, isDevelopment: boolean): void {
  const url = new URL(to, 'https://prefetch.invalid');
  const match = resolveAppRoute(url.pathname, url.search, isDevelopment);
  if (!match) return;
  const key = PAGE_MODULES[match.route.id] ? match.route.id : 'coming';
  prefetchOnce(key, () => loadPage(match.route.id));
}
