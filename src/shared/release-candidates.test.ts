import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSinceRelease, releasedAsFinal, somethingToRelease } from './release-candidates.ts';

const NONE = { added: 0, changed: 0, removed: 0, institutions: 0 };
const candidate = (over: Partial<Parameters<typeof somethingToRelease>[0]> = {}) => ({
  returns: 25,
  returns_approved: 25,
  records: 240,
  latest: { number: 1, released_at: '2026-11-28T12:00:00Z', final: true },
  changes: NONE,
  ...over,
});

describe('what a release now would bring', () => {
  it('is final only when the period has returns and every one is approved', () => {
    expect(releasedAsFinal(candidate())).toBe(true);
    expect(releasedAsFinal(candidate({ returns_approved: 24 }))).toBe(false);
    expect(releasedAsFinal(candidate({ returns: 0, returns_approved: 0 }))).toBe(false);
  });

  it('has nothing new for a period released final and unchanged since', () => {
    expect(somethingToRelease(candidate())).toBe(false);
  });

  it('has the first figures of a period never released, when it has records', () => {
    expect(somethingToRelease(candidate({ latest: null }))).toBe(true);
    expect(somethingToRelease(candidate({ latest: null, records: 0, returns_approved: 0 }))).toBe(false);
  });

  it('has provisional figures becoming final once every return is approved', () => {
    const provisional = { number: 3, released_at: '2026-11-28T12:00:00Z', final: false };
    expect(somethingToRelease(candidate({ latest: provisional }))).toBe(true);
    expect(somethingToRelease(candidate({ latest: provisional, returns_approved: 20 }))).toBe(false);
  });

  it('has nothing new when a final period has a return reopened but no figure changed yet', () => {
    expect(somethingToRelease(candidate({ returns_approved: 24 }))).toBe(false);
  });

  it('has news whenever a submitted record was added, changed or withdrawn since the latest release', () => {
    const count = fc.nat({ max: 50 });
    fc.assert(
      fc.property(count, count, count, fc.boolean(), fc.nat({ max: 25 }), (added, changed, removed, final, approved) => {
        const c = candidate({
          returns_approved: approved,
          changes: { added, changed, removed, institutions: 1 },
          latest: { number: 2, released_at: '2026-11-28T12:00:00Z', final },
        });
        expect(changedSinceRelease(c)).toBe(added + changed + removed > 0);
        if (changedSinceRelease(c)) expect(somethingToRelease(c)).toBe(true);
      }),
    );
  });
});
