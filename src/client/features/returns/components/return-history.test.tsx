// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ReturnEvent } from '../../../../shared/schemas/returns.ts';
import { renderInDom, useDomRendering } from '../../../ui/render-in-dom.test-support.tsx';
import { ReturnHistory } from './return-history.tsx';

useDomRendering();

const event = (id: number, fields: Partial<ReturnEvent>): ReturnEvent => ({
  id,
  action: 'send-back',
  from_state: 'submitted',
  to_state: 'in progress',
  reason: null,
  on_behalf_reason: null,
  due_again_on: null,
  user_id: 1,
  user_name: 'Avery Admin',
  at: '2026-11-20T18:00:00.000Z',
  ...fields,
});

/** The "Reason" cell of each row, newest first. */
function reasons(history: ReturnEvent[]): string[] {
  const el = renderInDom(<ReturnHistory history={history} institution="UVic" />);
  return [...el.querySelectorAll('[data-testid="return-history"] tbody tr')].map((row) => row.lastElementChild!.textContent!);
}

describe('Return history', () => {
  it('reads each reason as a sentence of its own, whether or not it was typed with a full stop', () => {
    expect(
      reasons([
        event(1, {
          action: 'submit',
          from_state: 'in progress',
          to_state: 'submitted',
          on_behalf_reason: 'UVic asked by phone.',
        }),
        event(2, { reason: 'Wrong totals', due_again_on: '2026-12-12' }),
        event(3, { reason: 'Is Biology missing?', due_again_on: '2026-12-19' }),
      ]),
    ).toEqual([
      'Is Biology missing? Due again on Dec 19, 2026.',
      'Wrong totals. Due again on Dec 12, 2026.',
      'on behalf of UVic by Avery Admin: UVic asked by phone.',
    ]);
  });
});
