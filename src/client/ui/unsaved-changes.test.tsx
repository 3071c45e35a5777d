// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDomRendering } from './render-in-dom.test-support.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

useDomRendering();

let setDirty: (dirty: boolean) => void = () => {};

/** A page with changes not saved until told otherwise, as the whole-term grid is while a row's save is under way. */
function Editing() {
  const [dirty, set] = useState(true);
  setDirty = set;
  return useUnsavedChangesGuard(dirty).dialog;
}

describe('useUnsavedChangesGuard', () => {
  it('asks before leaving with changes not saved, and lets the navigation through once they are saved meanwhile', async () => {
    const router = createMemoryRouter(
      [
        { path: '/edit', element: <Editing /> },
        { path: '/elsewhere', element: <p>Elsewhere</p> },
      ],
      { initialEntries: ['/edit'] },
    );
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    try {
      await act(async () =>
        root.render(
          <MantineProvider>
            <RouterProvider router={router} />
          </MantineProvider>,
        ),
      );
      await act(async () => void router.navigate('/elsewhere'));
      expect(router.state.location.pathname).toBe('/edit');
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Discard your changes?');
      // The save answers while the question is open: nothing is left to lose, so the person is not kept asking.
      await act(async () => setDirty(false));
      expect(router.state.location.pathname).toBe('/elsewhere');
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });
});
