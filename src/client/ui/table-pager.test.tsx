// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import fc from 'fast-check';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useDomRendering } from './render-in-dom.test-support.tsx';
import { stepPage, TablePager } from './table-pager.tsx';

useDomRendering();

describe('TablePager', () => {
  it('steps Next and Previous from the newest page asked for, so two clicks before a redraw go two pages', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    // The page the caller's state has reached; the pager is not drawn again, as on a slow machine between clicks.
    let newest = 1;
    const draw = (page: number) =>
      act(() =>
        root.render(
          <MantineProvider>
            <TablePager
              what="records"
              page={page}
              pageCount={5}
              total={250}
              from={1}
              to={50}
              onPageChange={(to) => (newest = to(newest))}
            />
          </MantineProvider>,
        ),
      );
    await draw(1);
    try {
      const button = (name: string) => host.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
      await act(() => {
        button('Next page').click();
        button('Next page').click();
      });
      expect(newest).toBe(3);
      await act(() => button('Page 5').click());
      expect(newest).toBe(5);
      await draw(5);
      await act(() => {
        button('Previous page').click();
        button('Previous page').click();
      });
      expect(newest).toBe(3);
    } finally {
      await act(() => root.unmount());
      host.remove();
    }
  });
});

describe('stepPage', () => {
  it('lands within the pages, one step from the page shown (a page past the end counts as the last)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 40 }),
        fc.constantFrom(1 as const, -1 as const),
        fc.integer({ min: 0, max: 30 }),
        (page, step, count) => {
          const to = stepPage(page, step, count);
          const last = Math.max(count, 1);
          const shown = Math.min(Math.max(page, 1), last);
          expect(to).toBeGreaterThanOrEqual(1);
          expect(to).toBeLessThanOrEqual(last);
          expect(to).toBe(Math.min(Math.max(shown + step, 1), last));
        },
      ),
    );
  });
});
