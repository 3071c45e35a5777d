// @vitest-environment jsdom
import { Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ColumnHeads } from './column-heads.tsx';
import { renderInDom, useDomRendering } from './render-in-dom.test-support.tsx';

useDomRendering();

describe('ColumnHeads', () => {
  it('makes every heading a column header, right-aligns numbers and hides a label from sight only', () => {
    const el = renderInDom(
      <Table>
        <ColumnHeads columns={['Field', { label: 'Value', align: 'right' }, { label: 'Actions', hidden: true }]} />
      </Table>,
    );
    const heads = [...el.querySelectorAll('thead th')];
    expect(heads.map((h) => h.textContent)).toEqual(['Field', 'Value', 'Actions']);
    expect(heads.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(getComputedStyle(heads[1]!).textAlign).toBe('right');
    expect(heads[2]!.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    expect(heads[0]!.querySelector('.visually-hidden')).toBeNull();
  });
});
