// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';

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

describe('DataTable', () => {
  it('has a caption, marks the sorted column, sorts by the headings that sort and right-aligns numbers', () => {
    const onSortChange = vi.fn();
    const el = render(
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

  it('shows the empty state across every column when there are no rows', () => {
    const el = render(
      <DataTable caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} empty={<p>Nothing here yet</p>} />,
    );
    const cell = el.querySelector('tbody td');
    expect(cell?.getAttribute('colspan')).toBe('3');
    expect(cell?.textContent).toBe('Nothing here yet');
  });

  it('shows skeleton rows, hidden from screen readers, while loading', () => {
    const el = render(<DataTable caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} loading skeletonRows={3} />);
    expect(el.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    const rows = el.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    expect([...rows].every((tr) => tr.getAttribute('aria-hidden') === 'true')).toBe(true);
  });
});
