import { describe, expect, it } from 'vitest';
import { canDecideReturns, canSignOffReturn } from './permissions.ts';
import {
  isLockedReturnState,
  RETURN_ACTIONS,
  RETURN_STATES,
  RETURN_TRANSITIONS,
  returnLockedMessage,
  shownReturnState,
  STORED_RETURN_STATES,
  wrongStateMessage,
} from './reporting-cycle.ts';
import { NO_PRIVILEGES } from './schemas/profile.ts';

describe('the reporting cycle’s states', () => {
  it('shows an open return as not started until it has a record, then in progress; other states as stored', () => {
    expect(shownReturnState('open', false)).toBe('not started');
    expect(shownReturnState('open', true)).toBe('in progress');
    for (const state of ['submitted', 'approved', 'reopened'] as const) {
      expect(shownReturnState(state, false)).toBe(state);
      expect(shownReturnState(state, true)).toBe(state);
    }
    expect(new Set(STORED_RETURN_STATES.flatMap((s) => [shownReturnState(s, false), shownReturnState(s, true)]))).toEqual(
      new Set(RETURN_STATES),
    );
  });

  it('locks exactly the submitted and approved returns', () => {
    expect(RETURN_STATES.filter(isLockedReturnState)).toEqual(['submitted', 'approved']);
  });

  it('leaves every locked state by an app admin’s action, and reaches every state', () => {
    for (const locked of ['submitted', 'approved'] as const) {
      const ways = RETURN_ACTIONS.filter(
        (a) => RETURN_TRANSITIONS[a].from.includes(locked) && !isLockedReturnState(RETURN_TRANSITIONS[a].to),
      );
      expect(ways.length).toBeGreaterThan(0);
      expect(ways.every((a) => RETURN_TRANSITIONS[a].who === 'app admin' && RETURN_TRANSITIONS[a].reason)).toBe(true);
    }
    const reached = new Set(['open', ...RETURN_ACTIONS.map((a) => RETURN_TRANSITIONS[a].to)]);
    expect(reached).toEqual(new Set(STORED_RETURN_STATES));
  });

  it('says who can unlock a locked return', () => {
    expect(returnLockedMessage('UVic', '2025/26', 'Fall', 'submitted')).toBe(
      "UVic's Fall 2025/26 return is submitted, so its records cannot be added or changed. An app admin can send it back for correction; until then its records cannot change.",
    );
    expect(returnLockedMessage('UVic', '2025/26', 'Fall', 'approved')).toMatch(
      /is approved, .* An app admin can reopen it, with a reason/,
    );
    expect(wrongStateMessage('submit', 'approved')).toBe(
      'This return is approved: it can be signed off only when it is not started, in progress or reopened.',
    );
  });
});

describe('sign-off rights', () => {
  it('lets an institution’s admins and app admins sign off, and only app admins decide', () => {
    const admin = { ...NO_PRIVILEGES, admin: [1] };
    expect(canSignOffReturn(admin, 1)).toBe(true);
    expect(canSignOffReturn(admin, 2)).toBe(false);
    expect(canSignOffReturn({ ...NO_PRIVILEGES, write: [1], read: [1] }, 1)).toBe(false);
    expect(canSignOffReturn({ ...NO_PRIVILEGES, glblRead: true }, 1)).toBe(false);
    expect(canSignOffReturn({ ...NO_PRIVILEGES, glblAdmin: true }, 1)).toBe(true);
    expect(canDecideReturns(admin)).toBe(false);
    expect(canDecideReturns({ ...NO_PRIVILEGES, glblAdmin: true })).toBe(true);
  });
});
