// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useDomRendering } from './render-in-dom.test-support.tsx';

useDomRendering();

describe('ConfirmDialog', () => {
  it('keeps its title, body and button names while it fades out after its caller cleared them', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    const show = (opened: boolean, title: string, confirmLabel: string) =>
      act(() =>
        root.render(
          <MantineProvider>
            <ConfirmDialog opened={opened} title={title} confirmLabel={confirmLabel} onConfirm={() => {}} onCancel={() => {}}>
              {title ? <p>Are you sure?</p> : null}
            </ConfirmDialog>
          </MantineProvider>,
        ),
      );
    try {
      await show(true, 'Sign off', 'Sign off the return');
      // The caller closes it and forgets what it asked, as the return page does once an action is done.
      await show(false, '', '');
      const dialog = document.querySelector('[role="dialog"]');
      expect(dialog, 'still fading out').not.toBeNull();
      expect(dialog!.textContent).toContain('Sign off the return');
      expect(dialog!.textContent).toContain('Are you sure?');
      for (const button of dialog!.querySelectorAll('button'))
        expect(button.textContent?.trim() || button.getAttribute('aria-label'), button.outerHTML).toBeTruthy();
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });
});
