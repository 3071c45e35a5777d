import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS } from '../../shared/constants.ts';
import {
  RELOAD_TIMES_KEY,
  canReload,
  createVersionCheck,
  isNewBuild,
  parseReloadTimes,
  recordReload,
  reloadKey,
  startVersionCheck,
  type NavigationSource,
} from './version-check.ts';

describe('isNewBuild', () => {
  it('is true only when the deployed id differs from a real build id', () => {
    expect(isNewBuild('b1', 'b2')).toBe(true);
    expect(isNewBuild('b1', 'b1')).toBe(false);
    expect(isNewBuild('b1', undefined)).toBe(false);
    expect(isNewBuild('b1', '')).toBe(false);
    expect(isNewBuild('dev', 'b2')).toBe(false);
  });
});

describe('the reload guard', () => {
  const t0 = 1_700_000_000_000;

  it('allows a path never reloaded', () => {
    expect(canReload({}, '/records', t0)).toBe(true);
  });

  it('refuses the same path within 10 s, and allows it at 10 s', () => {
    const times = recordReload({}, '/records', t0);
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(canReload(times, '/records', t0 + 1)).toBe(false);
    expect(canReload(times, '/records', t0 + 9_999)).toBe(false);
    expect(canReload(times, '/records', t0 + 10_000)).toBe(true);
  });

  it('counts each path on its own', () => {
    const times = recordReload({}, '/records', t0);
    expect(canReload(times, '/reports', t0 + 1)).toBe(true);
  });

  it('treats letter case and a trailing slash as the same path, like the routes do', () => {
    expect(reloadKey('/records/RecordExport/')).toBe('/records/recordexport');
    expect(reloadKey('/')).toBe('/');
    const times = recordReload({}, '/records/RecordExport', t0);
    expect(canReload(times, '/records/recordExport/', t0 + 5)).toBe(false);
  });

  it('forgets entries older than the guard when it records', () => {
    const times = recordReload(recordReload({}, '/a', t0), '/b', t0 + RELOAD_GUARD_MS + 1);
    expect(Object.keys(times)).toEqual(['/b']);
  });

  it('reads stored times defensively', () => {
    expect(parseReloadTimes(null)).toEqual({});
    expect(parseReloadTimes('not json')).toEqual({});
    expect(parseReloadTimes('[1,2]')).toEqual({});
    expect(parseReloadTimes('{"/a":5,"/b":"x"}')).toEqual({ '/a': 5 });
  });
});

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('createVersionCheck', () => {
  function setup(deployed: string | undefined | Error = 'b2') {
    let now = 1_700_000_000_000;
    const storage = memoryStorage();
    const reload = vi.fn();
    const fetchBuildId = vi.fn(async () => {
      if (deployed instanceof Error) throw deployed;
      return deployed;
    });
    const checker = createVersionCheck({ currentBuildId: 'b1', fetchBuildId, storage, now: () => now, reload });
    return { checker, reload, storage, fetchBuildId, advance: (ms: number) => (now += ms) };
  }

  it('does nothing on navigation while the build is current', async () => {
    const { checker, reload } = setup('b1');
    await checker.check();
    expect(checker.isStale()).toBe(false);
    expect(checker.onNavigate('/records', '/records')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads to the target on the next navigation after a new build is seen', async () => {
    const { checker, reload, storage } = setup('b2');
    await checker.check();
    expect(checker.isStale()).toBe(true);
    expect(checker.onNavigate('/records?page=2', '/records')).toBe(true);
    expect(reload).toHaveBeenCalledWith('/records?page=2');
    expect(JSON.parse(storage.data.get(RELOAD_TIMES_KEY)!)).toHaveProperty('/records');
  });

  it('reloads a given path at most once per 10 s', async () => {
    const { checker, reload, advance } = setup('b2');
    await checker.check();
    expect(checker.onNavigate('/records', '/records')).toBe(true);
    advance(3_000);
    expect(checker.onNavigate('/records', '/records')).toBe(false);
    expect(checker.onNavigate('/reports', '/reports')).toBe(true);
    advance(7_000);
    expect(checker.onNavigate('/records', '/records')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('keeps going when build.json cannot be read', async () => {
    const { checker, reload } = setup(new Error('offline'));
    await checker.check();
    expect(checker.isStale()).toBe(false);
    expect(checker.onNavigate('/', '/')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('never checks under the dev server', async () => {
    const fetchBuildId = vi.fn(async () => 'b2');
    const checker = createVersionCheck({
      currentBuildId: 'dev',
      fetchBuildId,
      storage: undefined,
      now: Date.now,
      reload: vi.fn(),
    });
    await checker.check();
    expect(fetchBuildId).not.toHaveBeenCalled();
  });

  it('still guards when storage throws', async () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const checker = createVersionCheck({ currentBuildId: 'b1', fetchBuildId: async () => 'b2', storage, now: Date.now, reload });
    await checker.check();
    expect(checker.onNavigate('/x', '/x')).toBe(true);
  });
});

describe('startVersionCheck', () => {
  it('checks 1 s after start, then on each navigation, and reloads on the navigation after a new build', async () => {
    vi.useFakeTimers();
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ buildId: 'b1' })));
    vi.stubGlobal('fetch', fetchStub);
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    vi.stubGlobal('sessionStorage', memoryStorage());

    let listener: ((state: NavigationSource['state']) => void) | undefined;
    const loc = (pathname: string, key: string) => ({ pathname, search: '', hash: '', key });
    const router: NavigationSource = {
      state: { location: loc('/', 'k0'), navigation: {} },
      subscribe: (fn) => {
        listener = fn;
        return () => undefined;
      },
    };
    const stop = startVersionCheck(router, 'b1');
    expect(fetchStub).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub).toHaveBeenCalledWith('/build.json', expect.objectContaining({ cache: 'no-store' }));

    // A navigation triggers another check; this time a new build is out.
    fetchStub.mockImplementation(async () => new Response(JSON.stringify({ buildId: 'b2' })));
    listener!({ location: loc('/', 'k0'), navigation: { location: loc('/records', 'k1') } });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();

    // The same navigation finishing is not a new one.
    listener!({ location: loc('/records', 'k1'), navigation: {} });
    expect(assign).not.toHaveBeenCalled();

    // The next navigation is a full page load.
    listener!({ location: loc('/records', 'k1'), navigation: { location: loc('/reports', 'k2') } });
    expect(assign).toHaveBeenCalledWith('/reports');

    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
