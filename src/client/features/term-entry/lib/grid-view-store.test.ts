import { describe, expect, it } from 'vitest';
import { createGridViewStore, NO_OUTLIERS, outliersOf } from './grid-view-store.ts';

describe('where the person is in the grid', () => {
  it('tells its listeners of a change, and of nothing that changes nothing (a move within the row draws nothing)', () => {
    const view = createGridViewStore();
    let told = 0;
    view.subscribe(() => told++);
    view.set({ activeRow: 0, detailsRow: 0 });
    expect(told).toBe(0);
    view.set({ activeRow: 3, pendingFocus: { row: 3, column: 2 } });
    expect(told).toBe(1);
    expect(view.get()).toMatchObject({ activeRow: 3, pendingFocus: { row: 3, column: 2 }, detailsRow: 0 });
  });

  it('marks figures far from history only in the row being edited, and only while the panel shows that row', () => {
    const view = createGridViewStore();
    const fields = ['students_placed'];
    view.set({ activeRow: 2, outliers: { row: 2, fields } });
    expect(outliersOf(view.get(), 2)).toBe(fields);
    expect(outliersOf(view.get(), 1)).toBe(NO_OUTLIERS);
    view.set({ activeRow: 3 }); // moved on: the panel still shows row 2 until the focus rests
    expect(outliersOf(view.get(), 2)).toBe(NO_OUTLIERS);
    expect(outliersOf(view.get(), 3)).toBe(NO_OUTLIERS);
  });
});
