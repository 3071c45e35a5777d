import { hasAnyRole, isSignedIn } from './permissions.ts';
import type { Profile, Role } from './schemas/profile.ts';
import { REPORT_TYPES, type ReportType } from './reports.ts';

/** One entry of the navigation menu (docs/product.md §2.3): `auth` needs a signed-in user, `roles` any one of them. */
export interface NavItem {
  label: string;
  path?: string;
  auth?: boolean;
  roles?: readonly Role[];
  children?: readonly NavItem[];
}

const STAFF: readonly Role[] = ['admin', 'read', 'write', 'app admin'];
const APP_ADMIN: readonly Role[] = ['app admin'];

/** Menu labels of the Reports dropdown, in the order of docs/product.md §7. */
export const REPORT_MENU_LABELS: Record<ReportType, string> = {
  region: 'Region/Demographics',
  employer: 'Employer/Partner',
  discipline: 'Discipline Grouping',
  term: 'Term Compare',
  fiscal: 'Fiscal Year Compare',
  placement: 'Placement/Experience % Compare',
  institution: 'Institutional Breakdown',
  salary: 'Salary Breakdown',
  tuition: 'Tuition Fee Breakdown',
  duration: 'Count/Discipline Compare',
};

export const NAV_MENU: readonly NavItem[] = [
  { label: 'Institutions', path: '/institutions', auth: true, roles: APP_ADMIN },
  { label: 'Valid Programs', path: '/programs', auth: true, roles: APP_ADMIN },
  {
    label: 'Program Information',
    auth: true,
    roles: STAFF,
    children: [
      { label: 'Browse Records', path: '/records', auth: true },
      { label: 'Find Records', path: '/records/find', auth: true },
      { label: 'Term Returns', path: '/returns', auth: true },
      { label: 'Reporting Periods', path: '/periods', auth: true, roles: APP_ADMIN },
      { label: 'CEWIL Export', path: '/records/cewilExport', auth: true, roles: APP_ADMIN },
      // The menu links here with different letter case (docs/product.md §2.1); routes match regardless of case.
      { label: 'Export Records', path: '/records/RecordExport', auth: true, roles: APP_ADMIN },
    ],
  },
  {
    label: 'Reports',
    auth: true,
    roles: STAFF,
    children: [
      ...REPORT_TYPES.map((type) => ({
        label: REPORT_MENU_LABELS[type],
        path: `/reports/params?type=${type}`,
        auth: true,
      })),
      // After the commission's ten: when the province figures the reports show were released, and when they next
      // will be (decision 024). Without it the calendar was reached only from a report's footnote.
      { label: 'Release Calendar', path: '/releases', auth: true },
    ],
  },
  { label: 'Admin', path: '/admin', auth: true, roles: APP_ADMIN },
];

function isVisible(item: NavItem, profile: Profile): boolean {
  if (item.auth && !isSignedIn(profile)) return false;
  if (item.roles && !hasAnyRole(profile, item.roles)) return false;
  return true;
}

/** The menu as this user sees it: hidden items removed, dropdowns left with no visible child removed. */
export function visibleMenu(profile: Profile, menu: readonly NavItem[] = NAV_MENU): NavItem[] {
  return menu.flatMap((item) => {
    if (!isVisible(item, profile)) return [];
    if (!item.children) return [item];
    const children = visibleMenu(profile, item.children);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
