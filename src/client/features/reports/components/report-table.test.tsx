// @vitest-environment jsdom
import { act } from 'react';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { describe, expect, it, vi } from 'vitest';
import type { ReportColumn } from '../../../../shared/schemas/report.ts';
import { reportHead } from '../lib/report-column-groups.ts';
import { reportTableModel } from '../lib/report-table-model.ts';
import { REPORT_ROWS_PER_TASK, ReportTable } from './report-table.tsx';

useDomRendering();
const render = renderInDom;

const columns: ReportColumn[] = [
  { key: 'institution', label: 'Institution', kind: 'text' },
  { key: 'discipline', label: 'Discipline', kind: 'text' },
  { key: 'students_placed', label: 'Students placed', kind: 'count' },
  { key: 'placement_pct', label: 'Placement %', kind: 'percent' },
  { key: 'avg_hourly_wage', label: 'Wage', kind: 'money' },
];

const report = {
  columns,
  rows: [
    { institution: 'UVic', discipline: 'Health', students_placed: 1200, placement_pct: null, avg_hourly_wage: '23.5' },
    { institution: 'SFU', discipline: 'Other', students_placed: 40, placement_pct: 90.25, avg_hourly_wage: '1234.50' },
  ],
  totals: { institution: null, discipline: null, students_placed: 1240, placement_pct: 88, avg_hourly_wage: null },
  province: { institution: null, discipline: null, students_placed: 9000, placement_pct: 87.5, avg_hourly_wage: '25.00' },
  suppressed: {},
};

describe('ReportTable', () => {
  it('marks a row p or r after its label, as a superscript with an accessible name, and leaves unmarked rows alone', () => {
    const flagged = {
      ...report,
      rows: [
        { ...report.rows[0]!, _flag: 'p' },
        { ...report.rows[1]!, _flag: null },
      ],
      totals: { ...report.totals, _flag: 'p' },
      province: { ...report.province, _flag: 'r' },
    };
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(flagged, null)}
        sort={null}
        onSort={() => undefined}
      />,
    );
    const heads = [...el.querySelectorAll('tbody tr th')] as HTMLElement[];
    expect(heads[0]!.querySelector('sup')?.textContent).toBe('p (preliminary)');
    expect(heads[0]!.querySelector('sup [aria-hidden="true"]')?.textContent).toBe('p');
    expect(heads[1]!.querySelector('sup')).toBeNull();
    expect(heads[1]!.textContent).toBe('SFU');
    const province = el.querySelector('[data-testid="report-province-row"] th')!;
    expect(province.querySelector('sup')?.textContent).toBe('r (revised)');
  });

  it('formats the cells, right-aligns numbers and says "no data" for null', () => {
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(report, null)}
        sort={null}
        onSort={() => undefined}
      />,
    );
    const first = [...el.querySelectorAll('tbody tr')[0]!.children] as HTMLElement[];
    expect(first.map((c) => c.textContent)).toEqual(['UVic', 'Health', '1,200', '–no data', '$23.50']);
    expect(first[0]!.tagName).toBe('TH');
    expect(first[2]!.style.textAlign).toBe('right');
    expect(first[3]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('–');
    const second = [...el.querySelectorAll('tbody tr')[1]!.children].map((c) => c.textContent);
    expect(second).toEqual(['SFU', 'Other', '40', '90.3%', '$1,234.50']);
  });

  it('heads grouped columns in two rows: the group over its columns, short headings named by the whole label', () => {
    const head = reportHead(columns, [
      {
        label: 'Placements',
        columns: [
          ['students_placed', 'Placed'],
          ['placement_pct', 'Rate'],
        ],
      },
      { label: 'Pay', columns: [['avg_hourly_wage', 'Wage']], optional: true },
    ]);
    const onSort = vi.fn();
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(report, null)}
        sort={{ key: 'placement_pct', direction: 'desc' }}
        onSort={onSort}
        head={head}
        hideOptional
      />,
    );
    const [top, sub] = [...el.querySelectorAll('thead tr')] as HTMLElement[];
    const topCells = [...top!.children] as HTMLElement[];
    expect(topCells.map((th) => [th.textContent, th.getAttribute('colspan'), th.getAttribute('rowspan')])).toEqual([
      ['Institution', null, '2'],
      ['Discipline', null, '2'],
      ['Placements', '2', null],
      ['Pay', '1', null],
    ]);
    expect(topCells.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    const subCells = [...sub!.children] as HTMLElement[];
    expect(subCells.map((th) => th.textContent)).toEqual(['Placed', 'Rate', 'Wage']);
    // "Placed" is part of "Students placed": its button is named by the label; "Rate" is not part of "Placement %";
    // "Wage" is the whole label: the button is named by its words.
    const buttons = subCells.map((th) => th.querySelector('button')!);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Students placed', 'Placements: Rate', null]);
    expect(subCells[1]!.getAttribute('aria-sort')).toBe('descending');
    buttons[0]!.click();
    expect(onSort).toHaveBeenCalledWith('students_placed');
    // The optional group: its heading and every cell of its column carry the class hidden on screen, printed always.
    const table = el.querySelector('table')!;
    expect(table.hasAttribute('data-hide-optional')).toBe(true);
    expect(topCells[3]!.classList.contains('report-optional')).toBe(true);
    expect(subCells[2]!.classList.contains('report-optional')).toBe(true);
    for (const row of el.querySelectorAll('tbody tr, tfoot tr'))
      expect([...row.children].map((cell) => cell.classList.contains('report-optional'))).toEqual(
        row.closest('tfoot') ? [false, false, false, true] : [false, false, false, false, true],
      );
  });

  it('pins the total and province rows in the foot, labelled across the grouping columns', () => {
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(report, { key: 'students_placed', direction: 'asc' })}
        sort={{ key: 'students_placed', direction: 'asc' }}
        onSort={() => undefined}
      />,
    );
    expect([...el.querySelectorAll('tbody tr th')].map((th) => th.textContent)).toEqual(['SFU', 'UVic']);
    const foot = [...el.querySelectorAll('tfoot tr')];
    expect(foot).toHaveLength(2);
    const label = foot[0]!.querySelector('th')!;
    expect(label.textContent).toBe('Total (institutions shown)');
    expect(label.getAttribute('colspan')).toBe('2');
    expect(label.getAttribute('scope')).toBe('row');
    expect([...foot[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1,240', '88.0%', '–no data']);
    expect(foot[1]!.textContent).toBe('Province (all institutions)9,00087.5%$25.00');
  });

  it('shows a hidden province figure as x linked to its note, saying "hidden" and why to a screen reader', () => {
    const hiding = {
      ...report,
      province: { ...report.province, students_placed: null, avg_hourly_wage: null },
      suppressed: { students_placed: 'threshold', avg_hourly_wage: 'dominance' } as const,
    };
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(hiding, null)}
        sort={null}
        onSort={() => undefined}
      />,
    );
    const province = el.querySelector('[data-testid="report-province-row"]')!;
    const cells = [...province.querySelectorAll('td')];
    const marks = cells.map((td) => td.querySelector('[aria-hidden="true"]')?.textContent ?? null);
    expect(marks).toEqual(['x', null, 'x']); // the x, not the en dash of "no data"
    expect(cells[1]!.textContent).toBe('87.5%');
    const links = [...province.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#report-note-threshold', '#report-note-dominance']);
    expect(links[0]!.textContent).toBe(
      'xhidden: fewer than 3 institutions you may not read contribute to it (see the notes under the table)',
    );
    expect(links[1]!.textContent).toContain('hidden: one institution you may not read is over 85% of it');
    expect(province.textContent).not.toContain('no data');
    // The totals row is never hidden, and the caption tells a screen reader what the x means.
    expect(el.querySelector('[data-testid="report-totals-row"] a')).toBeNull();
    expect(el.querySelector('caption')?.textContent).toContain('x marks a province figure hidden');
  });

  it('has no x, link or hidden-figure words when nothing is hidden', () => {
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(report, null)}
        sort={null}
        onSort={() => undefined}
      />,
    );
    expect(el.querySelectorAll('[data-testid="report-hidden-cell"]')).toHaveLength(0);
    expect(el.querySelector('caption')?.textContent).not.toContain('x marks');
  });

  it('marks the sorted column and sorts by any heading', () => {
    const onSort = vi.fn();
    const el = render(
      <ReportTable
        caption="Report"
        columns={columns}
        model={reportTableModel(report, { key: 'avg_hourly_wage', direction: 'desc' })}
        sort={{ key: 'avg_hourly_wage', direction: 'desc' }}
        onSort={onSort}
      />,
    );
    const headers = [...el.querySelectorAll('thead th')];
    expect(headers.map((th) => th.getAttribute('aria-sort'))).toEqual(['none', 'none', 'none', 'none', 'descending']);
    act(() => (headers[3]!.querySelector('button') as HTMLButtonElement).click());
    expect(onSort).toHaveBeenCalledWith('placement_pct');
    expect(el.querySelector('caption')?.textContent).toContain('Report');
  });

  describe('a long report', () => {
    const many = REPORT_ROWS_PER_TASK * 2 + 37;
    const long = {
      ...report,
      rows: Array.from({ length: many }, (_, i) => ({ ...report.rows[0]!, institution: `I${i}`, students_placed: i })),
    };
    const renderLong = () =>
      render(
        <ReportTable
          caption="Report"
          columns={columns}
          model={reportTableModel(long, { key: 'students_placed', direction: 'desc' })}
          sort={{ key: 'students_placed', direction: 'desc' }}
          onSort={() => undefined}
        />,
      );
    const firstCells = (el: HTMLElement) => [...el.querySelectorAll('tbody tr th')].map((th) => th.textContent);

    it('draws its rows a slice per task, busy and with the whole row count until every sorted row is there', () => {
      vi.useFakeTimers();
      try {
        const el = renderLong();
        const table = el.querySelector('table')!;
        expect(el.querySelectorAll('tbody tr')).toHaveLength(REPORT_ROWS_PER_TASK);
        expect(table.getAttribute('aria-busy')).toBe('true');
        expect(table.getAttribute('aria-rowcount')).toBe(String(1 + many + 2));
        expect(el.querySelector('[data-testid="report-province-row"]')?.getAttribute('aria-rowindex')).toBe(String(many + 3));
        act(() => vi.advanceTimersToNextTimer());
        expect(el.querySelectorAll('tbody tr')).toHaveLength(REPORT_ROWS_PER_TASK * 2);
        // Shown all at once when all are in (one layout of the table): until then the later slices wait, hidden.
        expect(el.querySelectorAll('tbody:not([hidden]) tr')).toHaveLength(REPORT_ROWS_PER_TASK);
        act(() => vi.runAllTimers());
        expect(el.querySelectorAll('tbody[hidden]')).toHaveLength(0);
        // Sorted as a whole: the largest first, every row once.
        expect(firstCells(el)).toEqual(Array.from({ length: many }, (_, i) => `I${many - 1 - i}`));
        expect(table.hasAttribute('aria-busy')).toBe(false);
        expect(table.hasAttribute('aria-rowcount')).toBe(false);
        expect(el.querySelector('[data-testid="report-province-row"]')?.hasAttribute('aria-rowindex')).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });

    it('draws every row at once when the page is about to print', () => {
      vi.useFakeTimers();
      try {
        const el = renderLong();
        expect(el.querySelectorAll('tbody tr')).toHaveLength(REPORT_ROWS_PER_TASK);
        act(() => void window.dispatchEvent(new Event('beforeprint')));
        expect(el.querySelectorAll('tbody:not([hidden]) tr')).toHaveLength(many);
        expect(el.querySelector('table')!.hasAttribute('aria-busy')).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
