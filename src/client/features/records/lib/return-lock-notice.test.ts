import { describe, expect, it } from 'vitest';
import { returnLockedMessage } from '../../../../shared/reporting-cycle.ts';
import type { ReturnEvent, TermReturn } from '../../../../shared/schemas/returns.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import { lockNoticeOf, mayUnlock, returnTermKey } from './return-lock-notice.ts';

const event = (id: number, action: string, from: ReturnEvent['from_state'], to: ReturnEvent['to_state'], by: string | null) => ({
  id,
  action,
  from_state: from,
  to_state: to,
  reason: null,
  on_behalf_reason: null,
  due_again_on: null,
  user_id: by ? id : null,
  user_name: by,
  at: `2026-05-${String(id).padStart(2, '0')}T19:00:00.000Z`,
});

function ret(state: TermReturn['state'], history: ReturnEvent[] = []): TermReturn {
  return {
    id: 42,
    institution_id: 2,
    institution_name: 'UVic',
    period_id: 9,
    fiscal_year: '2025/26',
    term: 'Spring',
    state,
    expected: 3,
    reported: 3,
    submitted: 3,
    opens_on: '2026-01-01',
    due_on: '2026-05-31',
    due_again_on: null,
    overdue: false,
    version: 3,
    first_approved_at: null,
    first_signed_off_at: null,
    on_time: null,
    history,
  };
}

describe('the record form’s lock notice', () => {
  it('asks about a return only once an institution, a well-written fiscal year and a term are chosen', () => {
    const full = { institution_id: '2', fiscal_year: '2025/26', term: 'Spring' };
    expect(returnTermKey(full)).toEqual({ institutionId: 2, fiscalYear: '2025/26', term: 'Spring' });
    expect(returnTermKey({ ...full, institution_id: '' })).toBeNull();
    expect(returnTermKey({ ...full, institution_id: 'x' })).toBeNull();
    expect(returnTermKey({ ...full, fiscal_year: '' })).toBeNull();
    expect(returnTermKey({ ...full, fiscal_year: '2025/27' })).toBeNull();
    expect(returnTermKey({ ...full, term: '' })).toBeNull();
    expect(returnTermKey({ ...full, term: 'Winter' })).toBeNull();
  });

  it('says nothing of a return whose records may change, or of a term without a return', () => {
    for (const state of ['not started', 'in progress', 'reopened'] as const) expect(lockNoticeOf(ret(state))).toBeNull();
    expect(lockNoticeOf(null)).toBeNull();
    expect(lockNoticeOf(undefined)).toBeNull();
  });

  it('names a submitted return in the server’s words, with who signed it off last and when', () => {
    const history = [
      event(1, 'submit', 'in progress', 'submitted', 'Indira Institution'),
      event(2, 'send-back', 'submitted', 'in progress', 'Avery Admin'),
      event(3, 'submit', 'in progress', 'submitted', 'Wren Writer'),
    ];
    expect(lockNoticeOf(ret('submitted', history))).toEqual({
      returnId: 42,
      institutionId: 2,
      state: 'submitted',
      message: returnLockedMessage('UVic', '2025/26', 'Spring', 'submitted'),
      since: { at: '2026-05-03T19:00:00.000Z', by: 'Wren Writer' },
      unlock: { action: 'send-back', who: 'app admin' },
    });
  });

  it('names an approved return with its approval, and does without a history that does not say', () => {
    const history = [
      event(1, 'submit', 'in progress', 'submitted', 'Indira'),
      event(2, 'approve', 'submitted', 'approved', null),
    ];
    const notice = lockNoticeOf(ret('approved', history));
    expect(notice).toMatchObject({ state: 'approved', since: { at: '2026-05-02T19:00:00.000Z', by: null } });
    expect(notice?.message).toContain('An app admin can reopen it');
    expect(lockNoticeOf(ret('approved'))?.since).toBeNull();
    expect(notice?.unlock).toEqual({ action: 'reopen', who: 'app admin' });
  });

  it('tells who may unlock it themselves: app admins, not the institution’s admins or writers', () => {
    const notice = lockNoticeOf(ret('submitted'))!;
    const privileges = (p: Partial<Privileges>): Privileges => ({
      read: [],
      write: [],
      admin: [],
      glblAdmin: false,
      glblRead: false,
      ...p,
    });
    expect(mayUnlock(notice, privileges({ glblAdmin: true }))).toBe(true);
    expect(mayUnlock(notice, privileges({ admin: [2], write: [2] }))).toBe(false);
    expect(mayUnlock(notice, privileges({ write: [2] }))).toBe(false);
  });
});
