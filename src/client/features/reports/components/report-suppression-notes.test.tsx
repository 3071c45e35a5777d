// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE, SUPPRESSION_ADVICE } from '../../../../shared/disclosure.ts';
import { suppressionNotes } from '../lib/report-suppression.ts';
import { ReportSuppressionNotes } from './report-suppression-notes.tsx';

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

describe('ReportSuppressionNotes', () => {
  it('lists a line per reason as the targets of the x links, then the advice and the way to widen the filters', () => {
    const notes = suppressionNotes(
      {
        columns: [
          { key: 'students_placed', label: 'Students placed', kind: 'count' },
          { key: 'intl_students', label: 'International students', kind: 'count' },
        ],
        suppressed: { students_placed: 'threshold', intl_students: 'dominance' },
      },
      DEFAULT_DISCLOSURE_RULE,
    )!;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <MantineProvider>
          <MemoryRouter>
            <ReportSuppressionNotes notes={notes} changeHref="/reports/params?type=institution&disciplines=Health" />
          </MemoryRouter>
        </MantineProvider>,
      ),
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.map((li) => li.id)).toEqual(['report-note-threshold', 'report-note-dominance']);
    expect(items.map((li) => li.textContent)).toEqual(notes.notes.map((n) => n.text));
    expect(items[0]!.querySelector('strong')?.textContent).toBe('x');
    expect(items[0]!.getAttribute('tabindex')).toBe('-1');
    expect(container.textContent).toContain(SUPPRESSION_ADVICE);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/reports/params?type=institution&disciplines=Health');
    expect(container.querySelector('h3')?.textContent).toBe('Hidden figures');
  });
});
