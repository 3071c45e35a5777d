import { describe, expect, it } from 'vitest';
import type { ReturnEvent } from '../../../../shared/schemas/returns.ts';
import { dueAgainShown, onBehalfNotes } from './return-due-text.ts';

const event = (id: number, action: string, on_behalf_reason: string | null): ReturnEvent => ({
  id,
  action,
  from_state: 'in progress',
  to_state: 'submitted',
  reason: null,
  on_behalf_reason,
  due_again_on: null,
  user_id: 1,
  user_name: 'Appy Admin',
  at: `2026-02-0${id}T12:00:00.000Z`,
});

describe('a return’s due date and what was done on its behalf, as shown', () => {
  it('shows the new due date while the return is owed and not past it', () => {
    expect(dueAgainShown({ state: 'reopened', due_again_on: '2026-02-24', overdue: false })).toBe('2026-02-24');
    expect(dueAgainShown({ state: 'in progress', due_again_on: '2026-02-24', overdue: false })).toBe('2026-02-24');
    expect(dueAgainShown({ state: 'reopened', due_again_on: '2026-02-24', overdue: true })).toBeNull(); // overdue again
    expect(dueAgainShown({ state: 'submitted', due_again_on: '2026-02-24', overdue: false })).toBeNull(); // signed off
    expect(dueAgainShown({ state: 'in progress', due_again_on: null, overdue: false })).toBeNull(); // never sent back
  });

  it('lists the acts on the institution’s behalf, newest first, with who and why', () => {
    const history = [
      event(1, 'fill-zeros', 'Overdue; asked by phone'),
      event(2, 'approve', null),
      event(3, 'submit', 'As asked'),
    ];
    const names: Record<string, string> = { 'fill-zeros': 'Filled with zero records', submit: 'Signed off' };
    expect(onBehalfNotes({ institution_name: 'UVic', history }, (a) => names[a] ?? a).map((n) => n.text)).toEqual([
      'Signed off on behalf of UVic by Appy Admin: As asked',
      'Filled with zero records on behalf of UVic by Appy Admin: Overdue; asked by phone',
    ]);
  });
});
