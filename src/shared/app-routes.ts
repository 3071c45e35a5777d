import type { Access } from './permissions.ts';
import { isIdText } from './schemas/id.ts';
import { REPORT_PAGES, REPORT_TYPES, type ReportType } from './reports.ts';

/**
 * The client's screens (docs/product.md §2.1). The server reads this table too, so an unknown
 * path or a path that fails its check gets status 404 before the app even loads.
 */
export interface AppRoute {
  id: string;
  path: string;
  title: string;
  access: Access;
  /** Exists only in the development environment (the direct sign-in page). */
  devOnly?: boolean;
  /** A page's validation check (docs/product.md §2.2): failing it gives a 404. */
  check?: (params: Record<string, string>, query: URLSearchParams) => boolean;
}

const idCheck = (params: Record<string, string>) => params.id !== undefined && isIdText(params.id);
const isReportType = (value: string | null): value is ReportType => REPORT_TYPES.includes(value as ReportType);

export const REPORT_TITLES: Record<ReportType, string> = {
  region: 'Region and demographics report',
  employer: 'Employer and partner report',
  discipline: 'Discipline grouping report',
  term: 'Term compare report',
  fiscal: 'Fiscal year compare report',
  placement: 'Placement percentage compare report',
  institution: 'Institutional breakdown report',
  salary: 'Salary breakdown report',
  tuition: 'Tuition fee breakdown report',
  duration: 'Count and discipline compare report',
};

export const APP_ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', title: 'Home', access: 'public' },
  { id: 'login', path: '/login', title: 'Sign in', access: 'public', devOnly: true },
  { id: 'admin', path: '/admin', title: 'Users', access: 'appAdmin' },
  { id: 'adminUser', path: '/admin/:id', title: 'User', access: 'appAdmin', check: idCheck },
  { id: 'records', path: '/records', title: 'Browse records', access: 'programStaff' },
  { id: 'recordCreate', path: '/records/create', title: 'Add a record', access: 'programStaff' },
  { id: 'recordFind', path: '/records/find', title: 'Find records', access: 'programStaff' },
  { id: 'recordFindResults', path: '/records/find/findResults', title: 'Find results', access: 'programStaff' },
  { id: 'cewilExport', path: '/records/cewilExport', title: 'CEWIL export', access: 'appAdmin' },
  { id: 'recordExport', path: '/records/recordExport', title: 'Export records', access: 'appAdmin' },
  { id: 'recordImport', path: '/records/import', title: 'Import records', access: 'programStaff' },
  { id: 'record', path: '/records/:id', title: 'Record', access: 'programStaff', check: idCheck },
  { id: 'programs', path: '/programs', title: 'Valid programs', access: 'appAdmin' },
  { id: 'programCreate', path: '/programs/create', title: 'Add a valid program', access: 'appAdmin' },
  { id: 'program', path: '/programs/:id', title: 'Valid program', access: 'appAdmin', check: idCheck },
  { id: 'institutions', path: '/institutions', title: 'Institutions', access: 'appAdmin' },
  { id: 'institutionCreate', path: '/institutions/create', title: 'Add an institution', access: 'appAdmin' },
  { id: 'institution', path: '/institutions/:id', title: 'Institution', access: 'appAdmin', check: idCheck },
  { id: 'returns', path: '/returns', title: 'Term returns', access: 'programStaff' },
  { id: 'return', path: '/returns/:id', title: 'Term return', access: 'programStaff', check: idCheck },
  { id: 'termEntry', path: '/returns/:id/enter', title: 'Enter a term', access: 'programStaff', check: idCheck },
  { id: 'periods', path: '/periods', title: 'Reporting periods', access: 'appAdmin' },
  { id: 'releases', path: '/releases', title: 'Release calendar', access: 'programStaff' },
  { id: 'reports', path: '/reports', title: 'Reports', access: 'programStaff' },
  {
    id: 'reportParams',
    path: '/reports/params',
    title: 'Report parameters',
    access: 'programStaff',
    check: (_params, query) => isReportType(query.get('type')),
  },
  ...REPORT_TYPES.map((type): AppRoute => ({
    id: `report-${type}`,
    path: REPORT_PAGES[type],
    title: REPORT_TITLES[type],
    access: 'programStaff',
  })),
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/**
 * Matches a path against one route pattern, ignoring letter case and a trailing slash. Parameters are taken as the
 * address writes them, not percent-decoded: every page parameter is an id, whose one spelling is plain digits, and
 * decoding would give a page many addresses (`/records/%37%32%38`), which the API refuses too (issue 28).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(pathname);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w.toLowerCase() !== g.toLowerCase()) return null;
  }
  return params;
}

/**
 * The route a location shows, or null for a 404: no pattern matches, the page's check fails,
 * or the page exists only in development and this is not development.
 * Static segments win over parameters (`/records/create` before `/records/:id`).
 */
export function resolveAppRoute(pathname: string, search: string, isDevelopment: boolean): RouteMatch | null {
  const query = new URLSearchParams(search);
  const ordered = [...APP_ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const route of ordered) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.devOnly && !isDevelopment) return null;
    if (route.check && !route.check(params, query)) return null;
    return { route, params };
  }
  return null;
}
