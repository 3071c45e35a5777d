// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReportFlagLegend } from './report-flag.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function render(node: React.ReactNode): HTMLDivElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<MantineProvider>{node}</MantineProvider>));
  return container;
}

describe('ReportFlagLegend', () => {
  it('says what the marks present mean, and nothing when none is', () => {
    const legend = '[data-testid="report-flag-legend"]';
    expect(render(<ReportFlagLegend flags={[]} />).querySelector(legend)).toBeNull();
    act(() => root?.unmount());
    container?.remove();
    const el = render(<ReportFlagLegend flags={['p', 'r']} />);
    expect(el.querySelector(legend)?.textContent).toBe(
      'p: preliminary — rests on a return that is not approved yet; r: revised — changed after its return was first approved',
    );
  });
});
