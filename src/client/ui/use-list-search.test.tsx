// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListSearch } from './use-list-search.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const readAll = (params: URLSearchParams) => Object.fromEntries(params);
const defaults = { sort: 'name' };
const seen: {
  list?: ReturnType<typeof useListSearch<Record<string, string>>>;
  navigate?: ReturnType<typeof useNavigate>;
  search?: string;
} = {};

function Probe() {
  seen.list = useListSearch(readAll, defaults);
  seen.navigate = useNavigate();
  seen.search = useLocation().search;
  return null;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function mount(url: string) {
  root = createRoot(document.createElement('div'));
  act(() =>
    root!.render(
      <MemoryRouter initialEntries={[url]}>
        <Probe />
      </MemoryRouter>,
    ),
  );
}

describe('useListSearch', () => {
  it('keeps every one of several filters picked before the page renders again, and goes back to page 1', () => {
    mount('/programs?sort=cip_code&page=3');
    const { update } = seen.list!;
    act(() => {
      update({ wilType: 'Co-operative Education' });
      update({ institutionId: '3' });
    });
    expect(seen.list!.state).toEqual({ sort: 'cip_code', wilType: 'Co-operative Education', institutionId: '3' });
  });

  it('leaves out values equal to the defaults, and builds on a URL reached another way', () => {
    mount('/programs');
    act(() => seen.list!.update({ q: 'nursing' }));
    act(() => seen.navigate!('/programs?status=inactive'));
    act(() => seen.list!.update({ sort: 'name', page: '2' }));
    expect(seen.search).toBe('?status=inactive&page=2');
  });
});
