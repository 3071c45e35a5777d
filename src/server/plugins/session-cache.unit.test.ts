import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadedSession } from '../session/session-user.ts';
import { SessionCache } from './session-cache.ts';

const session = (username: string, expiresInMs = 3_600_000): LoadedSession => ({
  user: {
    id: 1,
    username,
    institution: '',
    prefName: username,
    email: '',
    homeInstitution: null,
    roles: ['user'],
    privileges: { read: [], write: [], admin: [], glblAdmin: false, glblRead: false },
  },
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + expiresInMs),
});

/** A cache that is listening, and a loader that counts its calls. */
function setUp(ttlMs = 60_000, maxEntries = 10) {
  const cache = new SessionCache(ttlMs, maxEntries);
  cache.setListening(true);
  let loads = 0;
  const load = (username: string) => async () => {
    loads++;
    return session(username);
  };
  return { cache, load, loads: () => loads };
}

describe('SessionCache', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once, then answers from memory', async () => {
    const { cache, load, loads } = setUp();
    expect(await cache.get('a', load('ann'))).toMatchObject({ cached: false, session: { user: { username: 'ann' } } });
    expect(await cache.get('a', load('ann'))).toMatchObject({ cached: true, session: { user: { username: 'ann' } } });
    expect(loads()).toBe(1);
  });

  it('keeps nothing while it cannot hear the database’s notices', async () => {
    const { cache, load, loads } = setUp();
    cache.setListening(false);
    await cache.get('a', load('ann'));
    expect((await cache.get('a', load('ann')))?.cached).toBe(false);
    expect(loads()).toBe(2);
  });

  it('forgets everything on clear, and one session on delete', async () => {
    const { cache, load } = setUp();
    await cache.get('a', load('ann'));
    await cache.get('b', load('bob'));
    cache.delete('a');
    expect((await cache.get('a', load('ann')))?.cached).toBe(false);
    expect((await cache.get('b', load('bob')))?.cached).toBe(true);
    cache.clear();
    expect((await cache.get('b', load('bob')))?.cached).toBe(false);
  });

  it('does not keep a load that was under way when the cache was cleared (it may hold the old rights)', async () => {
    const { cache, load } = setUp();
    let finish!: () => void;
    const slow = () =>
      new Promise<LoadedSession>((resolve) => {
        finish = () => resolve(session('stale'));
      });
    const pending = cache.get('a', slow);
    cache.clear(); // a change of rights lands while the old answer is on its way
    finish();
    expect((await pending)?.session.user.username).toBe('stale'); // that request began before the change
    expect(await cache.get('a', load('fresh'))).toMatchObject({ cached: false, session: { user: { username: 'fresh' } } });
  });

  it('asks the database again after its time to live, and never serves a session past its end', async () => {
    vi.useFakeTimers();
    const { cache, load } = setUp(60_000);
    await cache.get('a', load('ann'));
    vi.advanceTimersByTime(59_000);
    expect((await cache.get('a', load('ann')))?.cached).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect((await cache.get('a', load('ann')))?.cached).toBe(false);

    await cache.get('short', async () => session('sam', 1_000));
    vi.advanceTimersByTime(1_500);
    expect(await cache.get('short', async () => null)).toBeNull();
  });

  it('holds at most its limit, dropping the oldest', async () => {
    const { cache, load } = setUp(60_000, 2);
    await cache.get('a', load('ann'));
    await cache.get('b', load('bob'));
    await cache.get('c', load('cat'));
    expect((await cache.get('a', load('ann')))?.cached).toBe(false);
    expect((await cache.get('c', load('cat')))?.cached).toBe(true);
  });

  it('hands out users that cannot be changed, as every request of the session shares them', async () => {
    const { cache, load } = setUp();
    const found = await cache.get('a', load('ann'));
    expect(() => found!.session.user.privileges.write.push(99)).toThrow(TypeError);
  });
});
