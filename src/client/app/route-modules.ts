import type { ComponentType } from 'react';
import { resolveAppRoute } from '../../shared/app-routes.ts';
import { REPORT_TYPES } from '../../shared/reports.ts';
import { prefetchOnce } from '../lib/prefetch-policy.ts';

type PageModule = { default: ComponentType };

/**
 * Each screen's code, loaded on first visit (or on a menu link's hover/focus) so the first load stays small.
 * Every route of the shared route table has one (route-modules.test.ts checks it).
 */
// The ten report result pages are one generic page that finds its report from the path.
const reportResultPage = () => import('../features/reports/pages/report-result-page.tsx');

export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  home: () => import('../features/home/pages/home-page.tsx'),
  login: () => import('../features/session/pages/login-page.tsx'),
  records: () => import('../features/records/pages/records-page.tsx'),
  recordFind: () => import('../features/records/pages/find-page.tsx'),
  recordFindResults: () => import('../features/records/pages/find-results-page.tsx'),
  institutions: () => import('../features/institutions/pages/institutions-page.tsx'),
  institutionCreate: () => import('../features/institutions/pages/institution-create-page.tsx'),
  institution: () => import('./pages/institution-page.tsx'),
  programs: () => import('../features/programs/pages/programs-page.tsx'),
  programCreate: () => import('../features/programs/pages/program-create-page.tsx'),
  program: () => import('../features/programs/pages/program-page.tsx'),
  recordCreate: () => import('../features/records/pages/record-create-page.tsx'),
  record: () => import('../features/records/pages/record-page.tsx'),
  recordExport: () => import('../features/records/pages/record-export-page.tsx'),
  cewilExport: () => import('../features/records/pages/cewil-export-page.tsx'),
  recordImport: () => import('../features/imports/pages/import-page.tsx'),
  admin: () => import('../features/users/pages/users-page.tsx'),
  adminUser: () => import('../features/users/pages/user-page.tsx'),
  returns: () => import('../features/returns/pages/returns-page.tsx'),
  return: () => import('../features/returns/pages/return-page.tsx'),
  termEntry: () => import('../features/term-entry/pages/term-entry-page.tsx'),
  periods: () => import('../features/periods/pages/periods-page.tsx'),
  releases: () => import('../features/releases/pages/releases-page.tsx'),
  reports: () => import('../features/reports/pages/reports-page.tsx'),
  reportParams: () => import('../features/reports/pages/report-params-page.tsx'),
  ...Object.fromEntries(REPORT_TYPES.map((type) => [`report-${type}`, reportResultPage])),
};

export function loadPage(routeId: string): Promise<PageModule> {
  const load = PAGE_MODULES[routeId];
  if (!load) throw new Error(`No screen is registered for the route ${routeId}`);
  return load();
}

/** Prefetches the code of the screen a link points to, unless the connection is slow or saving data. */
export function prefetchPage(to: string, isDevelopment: boolean): void {
  const url = new URL(to, 'https://prefetch.invalid');
  const match = resolveAppRoute(url.pathname, url.search, isDevelopment);
  if (!match) return;
  prefetchOnce(match.route.id, () => loadPage(match.route.id));
}
