import type { ReleaseCandidate } from './schemas/releases.ts';

type Candidate = Pick<ReleaseCandidate, 'returns' | 'returns_approved' | 'records' | 'latest' | 'changes'>;

/** A release of the period now would be final: it has returns and every one is approved (docs/disclosure-control.md). */
export const releasedAsFinal = (c: Candidate): boolean => c.returns > 0 && c.returns_approved === c.returns;

/** Submitted records were added, changed or withdrawn since the period's latest release. */
export const changedSinceRelease = (c: Candidate): boolean => c.changes.added + c.changes.changed + c.changes.removed > 0;

/**
 * A release of the period now would tell readers something the calendar does not: its first figures, figures changed
 * since its latest release, or provisional figures becoming final. A period whose latest release was final and which
 * had a return reopened since, with no figure changed, has nothing new: the same figures marked provisional again
 * would only unsettle readers, so it waits for the corrected figures.
 */
export function somethingToRelease(c: Candidate): boolean {
  if (!c.latest) return c.records > 0;
  return changedSinceRelease(c) || (!c.latest.final && releasedAsFinal(c));
}
