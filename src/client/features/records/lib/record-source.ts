import { resolveAppRoute } from '../../../../shared/app-routes.ts';
import { breadcrumbsFor, type Crumb } from '../../../lib/breadcrumbs.ts';

/** The lists a record can be opened from and led back to, with the same criteria, page and sort. */
const SOURCE_PATHS = ['/records', '/records/find/findResults'] as const;

/** What a record link carries in the history entry (location state, never the URL, so it cannot be planted by a link). */
export interface RecordLinkState {
  from: string;
}

export function recordLinkState(pathname: string, search: string): RecordLinkState {
  return { from: `${pathname}${search}` };
}

/**
 * The list a record was opened from, as an app path with its query, or null. Only the known lists count, read as a
 * path of this app: anything else (another site, `//host`, a backslash trick, an unknown screen) is ignored.
 */
export function recordSource(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid' || url.hash) return null;
  if (!(SOURCE_PATHS as readonly string[]).includes(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The history state of a record page opened by saving the new record (so it offers the way on, as after an edit). */
export const justSavedState = () => ({ justSaved: true });

/** Whether the record page was opened by saving a new record. */
export function openedJustSaved(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { justSaved?: unknown }).justSaved === true;
}

/**
 * A record's breadcrumb: the trail to the list it was opened from (Find results, with the same search), then the
 * record; without a known source, undefined, so the page keeps the trail of its own path (Browse records).
 */
export function recordCrumbs(state: unknown, title: string, isDevelopment: boolean): Crumb[] | undefined {
  const source = recordSource(state);
  if (!source) return undefined;
  const pathname = source.split('?')[0]!;
  const route = resolveAppRoute(pathname, '', isDevelopment);
  if (!route) return undefined;
  const trail = breadcrumbsFor(pathname, route.route.title, isDevelopment);
  trail[trail.length - 1] = { label: route.route.title, to: source };
  return [...trail, { label: title }];
}
