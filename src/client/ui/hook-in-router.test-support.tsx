// Tests only: a hook rendered inside a memory router, for the hooks that keep a view in the URL.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
// For React's act() environment.
import '../lib/jsdom-stubs.test-support.ts';

/** What the hook handed out on its latest render, the router's own navigate, and the URL's query as shown. */
export interface HookInRouter<T> {
  readonly current: T;
  readonly navigate: ReturnType<typeof useNavigate>;
  readonly search: string;
  unmount(): void;
}

/** Renders `useHook` at `url`; call `unmount` after each test. */
export function renderHookInRouter<T>(url: string, useHook: () => T): HookInRouter<T> {
  const seen = {} as { current: T; navigate: ReturnType<typeof useNavigate>; search: string };
  function Probe() {
    seen.current = useHook();
    seen.navigate = useNavigate();
    seen.search = useLocation().search;
    return null;
  }
  const root: Root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <Probe />
      </MemoryRouter>,
    ),
  );
  return {
    get current() {
      return seen.current;
    },
    get navigate() {
      return seen.navigate;
    },
    get search() {
      return seen.search;
    },
    unmount: () => act(() => root.unmount()),
  };
}
