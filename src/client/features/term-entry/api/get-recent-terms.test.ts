import { describe, expect, it } from 'vitest';
import { recordMediansQueryKey } from '../../records/index.ts';
import { isTermHistoryQuery, recentTermsQueryKey } from './get-recent-terms.ts';

const PLACE = { institutionId: 7, fiscalYear: '2025/26', term: 'Fall' as const };

describe('the history a row save keeps', () => {
  it('is the program history before the return’s term (its recent terms and medians), and nothing else', () => {
    expect(isTermHistoryQuery(recentTermsQueryKey(12, PLACE), PLACE)).toBe(true);
    expect(isTermHistoryQuery(recordMediansQueryKey({ programId: 12, fiscalYear: '2025/26', term: 'Fall' }), PLACE)).toBe(true);
    // Another term's medians include this term's records: they are read again.
    expect(isTermHistoryQuery(recordMediansQueryKey({ programId: 12, fiscalYear: '2026/27', term: 'Fall' }), PLACE)).toBe(false);
    expect(isTermHistoryQuery(recentTermsQueryKey(12, { ...PLACE, term: 'Spring' }), PLACE)).toBe(false);
    expect(isTermHistoryQuery(['records', 'one', 12], PLACE)).toBe(false);
    expect(isTermHistoryQuery(['records', 'list', '2025/26', 'Fall'], PLACE)).toBe(false);
  });
});
