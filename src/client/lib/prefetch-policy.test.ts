import { describe, expect, it, vi } from 'vitest';
import { prefetchOnce, shouldPrefetch } from './prefetch-policy.ts';

describe('shouldPrefetch', () => {
  it('allows prefetch when the browser says nothing about the connection', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
  });

  it('allows it on fast connections', () => {
    expect(shouldPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
  });

  it('skips it with data saver on', () => {
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it.each(['slow-2g', '2g'])('skips it on %s', (effectiveType) => {
    expect(shouldPrefetch({ effectiveType })).toBe(false);
  });

  it('reads navigator.connection by default', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(shouldPrefetch()).toBe(false);
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g' } });
    expect(shouldPrefetch()).toBe(true);
    vi.unstubAllGlobals();
  });
});

describe('prefetchOnce', () => {
  it('loads once per key when allowed', () => {
    const load = vi.fn(async () => undefined);
    expect(prefetchOnce('records', load, { effectiveType: '4g' })).toBe(true);
    expect(prefetchOnce('records', load, { effectiveType: '4g' })).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load on a slow connection', () => {
    const load = vi.fn(async () => undefined);
    expect(prefetchOnce('reports', load, { effectiveType: '2g' })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    prefetchOnce('admin', load, {});
    await Promise.resolve();
    await Promise.resolve();
    expect(prefetchOnce('admin', load, {})).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
