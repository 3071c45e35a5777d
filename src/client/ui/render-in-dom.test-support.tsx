// Tests only: a component rendered into the jsdom document inside Mantine's provider, removed after each test.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLDivElement | undefined;

/** Call once at the top of a test file: jsdom has no matchMedia (Mantine asks for it), and each render is removed. */
export function useDomRendering(): void {
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
  afterEach(removeRendered);
}

function removeRendered(): void {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
}

/**
 * Renders `node` inside Mantine's provider into a fresh element of the document (removing the previous one), and
 * answers that element.
 */
export function renderInDom(node: React.ReactNode): HTMLDivElement {
  removeRendered();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<MantineProvider>{node}</MantineProvider>));
  return container;
}
