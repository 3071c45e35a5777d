import { describe, expect, it } from 'vitest';
import { readyAgainAt } from './ready-guard.ts';

describe('when the sign-off people can be told again', () => {
  const now = new Date('2025-12-15T18:00:00.000Z');

  it('is now when they were never told, or told an hour or more ago', () => {
    expect(readyAgainAt(null, now)).toBeNull();
    expect(readyAgainAt('2025-12-15T17:00:00.000Z', now)).toBeNull();
    expect(readyAgainAt('2025-12-14T18:00:00.000Z', now)).toBeNull();
  });

  it('is an hour after the last time when that is still to come', () => {
    expect(readyAgainAt('2025-12-15T17:30:00.000Z', now)).toEqual(new Date('2025-12-15T18:30:00.000Z'));
    expect(readyAgainAt('2025-12-15T17:00:00.001Z', now)).toEqual(new Date('2025-12-15T18:00:00.001Z'));
  });

  it('ignores a time it cannot read', () => {
    expect(readyAgainAt('yesterday', now)).toBeNull();
  });
});
