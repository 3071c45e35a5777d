// @vitest-environment jsdom
import { rem } from '@mantine/core';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../../shared/schemas/report.ts';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { chartSpecFor } from '../lib/report-chart-model.ts';
import { REPORT_UI } from '../messages.ts';
import { ReportChart } from './report-chart.tsx';
import { chartHeight } from './report-chart-style.ts';

useDomRendering();
beforeAll(() => {
  // jsdom has no ResizeObserver; the chart library's container asks for one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const placement = (hidden: boolean): Report => ({
  type: 'placement',
  params: {},
  release: null,
  columns: [
    { key: 'institution', label: 'Institution', kind: 'text' },
    { key: 'students_seeking', label: 'Seeking', kind: 'count' },
    { key: 'students_placed', label: 'Placed', kind: 'count' },
    { key: 'placement_pct', label: 'Placement %', kind: 'percent' },
  ],
  rows: [
    { institution: 'UVic', students_seeking: 100, students_placed: 91, placement_pct: 91, _flag: 'p' },
    { institution: 'TRU', students_seeking: 100, students_placed: 84, placement_pct: 84, _flag: null },
  ],
  totals: {},
  province: { placement_pct: hidden ? null : 88 },
  suppressed: hidden ? { placement_pct: 'threshold' } : {},
});

describe('ReportChart', () => {
  it('names what it plots under its heading, for the term compare too (issue 30)', () => {
    const term: Report = {
      type: 'term',
      params: {},
      release: null,
      columns: [
        { key: 'fiscal_year', label: 'Fiscal year', kind: 'text' },
        { key: 'term', label: 'Term', kind: 'text' },
        { key: 'students_placed', label: 'Students placed', kind: 'count' },
      ],
      rows: [{ fiscal_year: '2024/25', term: 'Fall', students_placed: 12, _flag: null }],
      totals: {},
      province: {},
      suppressed: {},
    };
    const el = renderInDom(<ReportChart spec={chartSpecFor('term', term)!} title="Term compare report" />);
    expect(el.querySelector('[data-testid="report-chart-plots"]')!.textContent).toBe(
      'Shows students placed in Fall, for each fiscal year.',
    );
  });

  it('names the province line, the fitted axis and the p/r marks in its legend, and describes itself in words', () => {
    const el = renderInDom(<ReportChart spec={chartSpecFor('placement', placement(false))!} title="Placement report" />);
    const legend = el.querySelector('ul.report-legend')!.textContent;
    expect(legend).toContain('Province (all institutions): 88.0%');
    expect(legend).toContain('not at 0');
    expect(legend).toContain(REPORT_UI.chart.flags);
    const figure = el.querySelector('figure')!;
    const summary = el.querySelector(`#${figure.getAttribute('aria-describedby')}`)!;
    expect(summary.textContent).toBe('Placement %: highest UVic 91.0%; lowest TRU 84.0%. Province (all institutions): 88.0%.');
    expect(el.querySelector('[data-testid="report-chart-hidden-note"]')).toBeNull();
  });

  it('leaves a hidden province rate out of the legend and the summary, and says so', () => {
    const el = renderInDom(<ReportChart spec={chartSpecFor('placement', placement(true))!} title="Placement report" />);
    expect(el.querySelector('ul.report-legend')!.textContent).not.toContain('Province');
    expect(el.querySelector('[data-testid="report-chart-summary"]')!.textContent).not.toContain('Province');
    expect(el.querySelector('[data-testid="report-chart-hidden-note"]')!.textContent).toBe(REPORT_UI.chart.provinceHidden);
  });

  it('keeps the drawing its height while the chart library loads, then draws it in that place', async () => {
    const spec = chartSpecFor('placement', placement(false))!;
    const el = renderInDom(<ReportChart spec={spec} title="Placement report" />);
    const kept = el.querySelector<HTMLElement>('figure [data-testid="report-chart-loading"]')!;
    const height = kept.style.height;
    expect(height).toBe(rem(chartHeight(spec, false)));
    await act(() => import('./report-chart-plot.tsx'));
    expect(el.querySelector('[data-testid="report-chart-loading"]')).toBeNull();
    const drawing = el.querySelector<HTMLElement>('figure > :first-child')!;
    expect(drawing.style.height).toBe(height);
  });
});
