// Tests only: a component rendered into the jsdom document inside Mantine's provider, removed after each test.
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';
import { stubMissingBrowserApis } from '../lib/jsdom-stubs.test-support.ts';

let root: Root | undefined;
let container: HTMLDivElement | undefined;

/** Call once at the top of a test file: what jsdom lacks is stubbed, and each render is removed. */
export function useDomRendering(): void {
  beforeAll(stubMissingBrowserApis);
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
