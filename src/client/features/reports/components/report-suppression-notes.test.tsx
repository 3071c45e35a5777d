// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE, SUPPRESSION_ADVICE } from '../../../../shared/disclosure.ts';
import { suppressionNotes } from '../lib/report-suppression.ts';
import { ReportSuppressionNotes } from './report-suppression-notes.tsx';

useDomRendering();
const render = renderInDom;

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
    const container = render(
      <MemoryRouter>
        <ReportSuppressionNotes notes={notes} changeHref="/reports/params?type=institution&disciplines=Health" />
      </MemoryRouter>,
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
