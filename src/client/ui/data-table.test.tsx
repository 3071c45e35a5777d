// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { columnsStorageKey, readHiddenColumns } from './column-chooser.tsx';
import { DataTable, type DataColumn } from './data-table.tsx';
import { headShift } from './table-scroll.tsx';
import { renderInDom, useDomRendering } from './render-in-dom.test-support.tsx';

useDomRendering();

interface Row {
  id: number;
  name: string;
  count: number;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'count', header: 'Count', cell: (r) => r.count, numeric: true },
  { key: 'note', header: 'Note', cell: () => '', sortable: false },
];

describe('DataTable', () => {
  it('has a caption, marks the sorted column, sorts by the headings that sort and right-aligns numbers', () => {
    const onSortChange = vi.fn();
    const el = renderInDom(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[{ id: 1, name: 'A', count: 1200 }]}
        rowKey={(r) => r.id}
        sort={{ key: 'count', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(el.querySelector('caption')?.textContent).toContain('Things');
    const headers = [...el.querySelectorAll('th')];
    expect(headers.map((th) => th.getAttribute('aria-sort'))).toEqual(['none', 'descending', null]);
    expect(headers[2]!.querySelector('button')).toBeNull();
    act(() => headers[0]!.querySelector('button')!.click());
    expect(onSortChange).toHaveBeenCalledWith('name');
    // Numbers are right-aligned, heading and cells alike.
    expect(headers[1]!.style.textAlign).toBe('right');
    expect((el.querySelectorAll('tbody td')[1] as HTMLElement).style.textAlign).toBe('right');
  });

  it('shows the empty state on its own, named by the caption, without a table of headings over nothing', () => {
    const el = renderInDom(
      <DataTable
        caption="Things"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty={<p>Nothing here yet</p>}
        testId="things"
      />,
    );
    expect(el.querySelector('table')).toBeNull();
    const box = el.querySelector('[data-testid="things"]')!;
    expect(box.textContent).toBe('ThingsNothing here yet');
    expect(box.querySelector('p')?.textContent).toBe('Nothing here yet');
  });

  it('shows skeleton rows, hidden from screen readers, while loading', () => {
    const el = renderInDom(
      <DataTable caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} loading skeletonRows={3} />,
    );
    expect(el.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    const rows = el.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    expect([...rows].every((tr) => tr.getAttribute('aria-hidden') === 'true')).toBe(true);
  });
});

describe('DataTable layout', () => {
  it('sits in a box that scrolls sideways only: no height limit, and numbers marked to stay on one line', () => {
    const el = renderInDom(
      <DataTable caption="Things" columns={columns} rows={[{ id: 1, name: 'A', count: 1200 }]} rowKey={(r) => r.id} />,
    );
    const box = el.querySelector<HTMLElement>('.data-table-scroll')!;
    expect(box.style.maxHeight).toBe('');
    expect(el.querySelector('[style*="max-height"]')).toBeNull();
    expect(el.querySelector('tbody td[data-numeric]')?.textContent).toBe('1200');
    expect(el.querySelector('thead th[data-numeric]')?.textContent).toContain('Count');
    // Not wider than its box here (jsdom measures nothing): no tab stop, no region.
    expect(box.getAttribute('tabindex')).toBeNull();
    expect(box.getAttribute('role')).toBeNull();
  });
});

describe('headShift (the head following the window down)', () => {
  it('stays put while the head is below the top of the window', () => {
    expect(headShift(120, 40, 2000, 30)).toBe(0);
    expect(headShift(0, 40, 2000, 30)).toBe(0);
  });
  it('moves down by as much as the head has gone above the top of the window', () => {
    expect(headShift(-500, 40, 1500, 30)).toBe(500);
  });
  it('stops above the last row, never running past the table', () => {
    // Table from -1000 to 50: the head may go down to 50 - 40 - 30 = -20 (just above the window top), 980 from its place.
    expect(headShift(-1000, 40, 50, 30)).toBe(980);
    expect(headShift(-1000, 40, 200, 30)).toBe(1000);
    expect(headShift(-3000, 40, -100, 30)).toBe(2830);
  });
});

describe('column chooser', () => {
  const rows = [{ id: 1, name: 'A', count: 1200 }];
  const headings = (el: HTMLElement) => [...el.querySelectorAll('thead th')].map((th) => th.textContent);

  it('shows the columns saved as shown, never hiding the first, and ignores what it cannot read', () => {
    const keys = ['name', 'count', 'note'];
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readHiddenColumns('t', keys, storage('["count","name","bogus"]'))).toEqual(['count']);
    expect(readHiddenColumns('t', keys, storage('{"count":true}'))).toEqual([]);
    expect(readHiddenColumns('t', keys, storage('not json'))).toEqual([]);
    expect(readHiddenColumns('t', keys, storage(null))).toEqual([]);
  });

  it('hides the columns remembered for the table, keeps the first, and offers the choice', () => {
    localStorage.setItem(columnsStorageKey('things'), JSON.stringify(['count', 'name']));
    const el = renderInDom(
      <DataTable caption="Things" columns={columns} rows={rows} rowKey={(r) => r.id} chooseColumns="things" testId="t" />,
    );
    expect(headings(el)).toEqual(['Name', 'Note']);
    expect(el.querySelector('[data-testid="t-columns"]')?.textContent).toBe('Columns (1 hidden)');
  });

  it('a table without a name to remember shows every column and no chooser', () => {
    localStorage.setItem(columnsStorageKey('things'), JSON.stringify(['count']));
    const el = renderInDom(<DataTable caption="Things" columns={columns} rows={rows} rowKey={(r) => r.id} testId="t" />);
    expect(headings(el)).toEqual(['Name', 'Count', 'Note']);
    expect(el.querySelector('[data-testid="t-columns"]')).toBeNull();
  });
});
