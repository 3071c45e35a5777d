import { describe, expect, it } from 'vitest';
import { cellText, gridOf } from './entry-grid-model.ts';
import { createGridStore } from './grid-store.ts';

const rows = [0, 1].map((n) => ({ program_id: 100 + n, program_name: `Program ${n}`, record: null }));

describe('the grid store', () => {
  it('applies an action at once, before anything is drawn, so the key that leaves a row saves what was typed', () => {
    const store = createGridStore(gridOf(rows));
    let told = 0;
    store.subscribe(() => told++);
    store.dispatch({ type: 'edit', row: 0, field: 'students_placed', text: '12' });
    expect(cellText(store.get().rows[0]!, 'students_placed')).toBe('12');
    expect(told).toBe(1);
  });

  it('tells no one of an action that changes nothing, and no one who has left', () => {
    const store = createGridStore(gridOf(rows));
    let told = 0;
    const leave = store.subscribe(() => told++);
    const before = store.get();
    store.dispatch({ type: 'undoPaste' }); // no paste to undo
    expect(store.get()).toBe(before);
    leave();
    store.dispatch({ type: 'edit', row: 1, field: 'students_enrolled', text: '3' });
    expect(told).toBe(0);
  });
});
