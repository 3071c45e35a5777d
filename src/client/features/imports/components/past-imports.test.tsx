// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PastImport } from '../../../../shared/schemas/import.ts';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { PAST_IMPORTS_KEY } from '../api/list-imports.ts';
import { PastImports } from './past-imports.tsx';

useDomRendering();

/** The section with the list already read (no request: the query holds it, fresh). */
function rendered(list: PastImport[]): HTMLElement {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(PAST_IMPORTS_KEY, list);
  return renderInDom(
    <QueryClientProvider client={client}>
      <PastImports />
    </QueryClientProvider>,
  );
}

describe('Past imports', () => {
  it('says there are none without a table of headings over nothing (on a phone it scrolled sideways, empty)', () => {
    const el = rendered([]);
    expect(el.querySelector('[data-testid="past-imports-none"]')!.textContent).toBe('No imports yet.');
    expect(el.querySelector('table')).toBeNull();
  });

  it('lists the imports in a table', () => {
    const one: PastImport = {
      id: 1,
      at: '2026-11-28T20:14:00Z',
      by: 'Wren Writer',
      fileName: 'fall.csv',
      counts: { created: 2, updated: 1 },
      overwritten: 0,
      keptCurrent: 0,
      file: null,
    };
    const el = rendered([one]);
    expect(el.querySelector('[data-testid="past-imports-none"]')).toBeNull();
    expect(el.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(el.querySelector('tbody tr')!.textContent).toContain('Nov 28, 2026, 1:14');
  });
});
