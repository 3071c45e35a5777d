import { BUILD_CHECK_DELAY_MS, RELOAD_GUARD_MS } from '../../shared/constants.ts';

/**
 * New-build detection (docs/product.md §2.4): 1 s after start and on each navigation the page asks for
 * `/build.json`; once it differs from the build this page was loaded from, the next navigation is a full
 * page load of the target, at most once per 10 s per path so a stale cache can never cause a reload loop.
 */

/** The build id of the running bundle; 'dev' under the Vite dev server, where the check is off. */
export const DEV_BUILD_ID = 'dev';
export const RELOAD_TIMES_KEY = 'bc-wil:build-reloads';

/** When each path was last reloaded for a new build, in ms since the epoch. */
export type ReloadTimes = Record<string, number>;

export function isNewBuild(currentBuildId: string, deployedBuildId: string | undefined | null): boolean {
  if (currentBuildId === DEV_BUILD_ID) return false;
  return typeof deployedBuildId === 'string' && deployedBuildId.length > 0 && deployedBuildId !== currentBuildId;
}

/** The key a path's reloads are counted under: routes ignore letter case and a trailing slash, so does the guard. */
export function reloadKey(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** The guard: a path may be reloaded when it has not been within the last `guardMs`. */
export function canReload(times: ReloadTimes, pathname: string, now: number, guardMs: number = RELOAD_GUARD_MS): boolean {
  const last = times[reloadKey(pathname)];
  return last === undefined || now - last >= guardMs || now < last;
}

/** Notes a reload of `pathname` at `now`, forgetting entries the guard no longer needs. */
export function recordReload(times: ReloadTimes, pathname: string, now: number, guardMs: number = RELOAD_GUARD_MS): ReloadTimes {
  const kept: ReloadTimes = {};
  for (const [path, at] of Object.entries(times)) if (now - at < guardMs && at <= now) kept[path] = at;
  kept[reloadKey(pathname)] = now;
  return kept;
}

export function parseReloadTimes(raw: string | null | undefined): ReloadTimes {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const times: ReloadTimes = {};
    for (const [path, at] of Object.entries(value)) if (typeof at === 'number' && Number.isFinite(at)) times[path] = at;
    return times;
  } catch {
    return {};
  }
}

export interface VersionCheckDeps {
  currentBuildId: string;
  /** Fetches the deployed build id; undefined when it cannot be told. */
  fetchBuildId: () => Promise<string | undefined>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now: () => number;
  /** A full page load of `href`. */
  reload: (href: string) => void;
  guardMs?: number;
}

export interface VersionCheck {
  /** Asks for the deployed build once; marks the page stale when it differs. */
  check(): Promise<void>;
  /** Called as a navigation starts. True when it turned into a full page load. */
  onNavigate(href: string, pathname: string): boolean;
  isStale(): boolean;
}

export function createVersionCheck(deps: VersionCheckDeps): VersionCheck {
  let stale = false;
  let inFlight: Promise<void> | undefined;
  const guardMs = deps.guardMs ?? RELOAD_GUARD_MS;

  function readTimes(): ReloadTimes {
    try {
      return parseReloadTimes(deps.storage?.getItem(RELOAD_TIMES_KEY));
    } catch {
      return {}; // storage can be switched off
    }
  }

  function writeTimes(times: ReloadTimes): void {
    try {
      deps.storage?.setItem(RELOAD_TIMES_KEY, JSON.stringify(times));
    } catch {
      // without storage the guard still holds within this page
    }
  }

  return {
    check() {
      if (deps.currentBuildId === DEV_BUILD_ID || stale) return Promise.resolve();
      inFlight ??= deps
        .fetchBuildId()
        .then((deployed) => {
          if (isNewBuild(deps.currentBuildId, deployed)) stale = true;
        })
        .catch(() => undefined) // offline or mid-deploy: try again on the next navigation
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
    onNavigate(href, pathname) {
      if (!stale) return false;
      const now = deps.now();
      const times = readTimes();
      if (!canReload(times, pathname, now, guardMs)) return false;
      writeTimes(recordReload(times, pathname, now, guardMs));
      deps.reload(href);
      return true;
    },
    isStale: () => stale,
  };
}

/** Reads `{buildId}` from `/build.json`, bypassing every cache. */
export async function fetchDeployedBuildId(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<string | undefined> {
  const response = await fetchImpl('/build.json', {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  const buildId = typeof body === 'object' && body !== null ? (body as { buildId?: unknown }).buildId : undefined;
  return typeof buildId === 'string' ? buildId : undefined;
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** The part of a data router the check listens to. */
export interface NavigationSource {
  state: { location: LocationLike; navigation: { location?: LocationLike | undefined } };
  subscribe(listener: (state: NavigationSource['state']) => void): () => void;
}

/** Starts the check for a running app; returns a function that stops it. */
export function startVersionCheck(router: NavigationSource, currentBuildId: string = __BUILD_ID__): () => void {
  if (currentBuildId === DEV_BUILD_ID) return () => undefined;
  const checker = createVersionCheck({
    currentBuildId,
    fetchBuildId: () => fetchDeployedBuildId(),
    storage: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
    now: () => Date.now(),
    reload: (href) => window.location.assign(href),
  });
  const timer = setTimeout(() => void checker.check(), BUILD_CHECK_DELAY_MS);
  let lastKey = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    const target = state.navigation.location ?? state.location;
    if (target.key === lastKey) return;
    lastKey = target.key;
    const href = `${target.pathname}${target.search}${target.hash}`;
    if (!checker.onNavigate(href, target.pathname)) void checker.check();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
