// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHookInRouter, type HookInRouter } from './hook-in-router.test-support.tsx';
import { useListSearch } from './use-list-search.ts';

const readAll = (params: URLSearchParams) => Object.fromEntries(params);
const defaults = { sort: 'name' };

let seen: HookInRouter<ReturnType<typeof useListSearch<Record<string, string>>>> | undefined;
afterEach(() => {
  seen?.unmount();
  seen = undefined;
});

const mount = (url: string) => (seen = renderHookInRouter(url, () => useListSearch(readAll, defaults)));

describe('useListSearch', () => {
  it('keeps every one of several filters picked before the page renders again, and goes back to page 1', () => {
    const list = mount('/programs?sort=cip_code&page=3');
    const { update } = list.current;
    act(() => {
      update({ wilType: 'Co-operative Education' });
      update({ institutionId: '3' });
    });
    expect(list.current.state).toEqual({ sort: 'cip_code', wilType: 'Co-operative Education', institutionId: '3' });
  });

  it('works a change given as a function out from the newest state asked for, not the one last drawn', () => {
    const list = mount('/institutions');
    const { update } = list.current;
    const toggle = (current: Record<string, string>) => ({ sort: current.sort === 'short_name' ? '-short_name' : 'short_name' });
    act(() => {
      update(toggle);
      update(toggle);
    });
    expect(list.search).toBe('?sort=-short_name');
  });

  it('leaves out values equal to the defaults, and builds on a URL reached another way', () => {
    const list = mount('/programs');
    act(() => list.current.update({ q: 'nursing' }));
    act(() => list.navigate('/programs?status=inactive'));
    act(() => list.current.update({ sort: 'name', page: '2' }));
    expect(list.search).toBe('?status=inactive&page=2');
  });
});
