import { describe, expect, it } from 'vitest';
import type { ReturnEvent } from '../../../../shared/schemas/returns.ts';
import { asSentence, returnedNotice, shortReason } from './returned-notice.ts';

const event = (id: number, action: string, reason: string | null = null): ReturnEvent => ({
  id,
  action,
  from_state: 'submitted',
  to_state: 'in progress',
  reason,
  on_behalf_reason: null,
  due_again_on: action === 'send-back' || action === 'reopen' ? '2026-12-13' : null,
  user_id: 1,
  user_name: 'Appy Admin',
  at: `2026-11-2${id}T18:00:00.000Z`,
});

describe('why a return is open again', () => {
  it('is the last send-back or reopening while the return is open and not signed off since', () => {
    const sentBack = [event(1, 'submit'), event(2, 'send-back', 'Biology is missing')];
    expect(returnedNotice({ state: 'in progress', history: sentBack })).toMatchObject({
      action: 'send-back',
      by: 'Appy Admin',
      reason: 'Biology is missing',
      dueAgainOn: '2026-12-13',
    });
    // A zero fill after the send-back does not hide it: it changes no state.
    expect(returnedNotice({ state: 'in progress', history: [...sentBack, event(3, 'fill-zeros')] })?.action).toBe('send-back');
    const reopened = [event(1, 'submit'), event(2, 'approve'), event(3, 'reopen', 'Wage typo')];
    expect(returnedNotice({ state: 'reopened', history: reopened })?.action).toBe('reopen');
  });

  it('is nothing for a return never sent back, or signed off or approved again since', () => {
    expect(returnedNotice({ state: 'in progress', history: [] })).toBeNull();
    expect(returnedNotice({ state: 'not started', history: [event(1, 'fill-zeros')] })).toBeNull();
    const again = [event(1, 'submit'), event(2, 'send-back', 'x'), event(3, 'submit')];
    expect(returnedNotice({ state: 'submitted', history: again })).toBeNull();
    expect(returnedNotice({ state: 'submitted', history: [event(1, 'submit'), event(2, 'send-back', 'x')] })).toBeNull();
  });

  it('cuts a long reason at a word with an ellipsis for the home card, and keeps a short one whole', () => {
    expect(shortReason('Biology is missing')).toBe('Biology is missing');
    expect(shortReason('  two\n\nlines  ')).toBe('two lines');
    const long =
      'The totals of the engineering programs do not match the figures your office sent us by mail last week, please check';
    const cut = shortReason(long);
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(shortReason('x'.repeat(200))).toBe(`${'x'.repeat(79)}…`); // no space to cut at
  });

  it('reads the reason as a sentence whether or not it ends with a full stop', () => {
    expect(asSentence('Wrong totals')).toBe('Wrong totals.');
    expect(asSentence('Is Biology missing?')).toBe('Is Biology missing?');
  });
});
