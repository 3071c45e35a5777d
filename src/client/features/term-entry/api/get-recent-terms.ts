import { useQuery } from '@tanstack/react-query';
import { TERMS } from '../../../../shared/constants.ts';
import { RecordPageSchema, type RecordListItem } from '../../../../shared/schemas/record-list.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ReturnPlace } from '../lib/entry-grid-model.ts';
import { ENTRY_UI } from '../messages.ts';

/** A term's place in time: fiscal years in order, and in each Summer, Fall, Spring (TERMS' order). */
const termPosition = (p: { fiscalYear: string; term: string }) =>
  Number(p.fiscalYear.slice(0, 4)) * TERMS.length + TERMS.indexOf(p.term as (typeof TERMS)[number]);

/** How many earlier terms the focused row shows: the same six the outlier check's medians are taken over. */
export const RECENT_TERMS = 6;

/**
 * Whether a query is a program's history before the return's term, as the panel shows it: its recent terms (below)
 * or its medians (records' own query). Saving the term's records changes neither, so a save keeps them.
 */
export function isTermHistoryQuery(key: readonly unknown[], place: ReturnPlace): boolean {
  return (
    key[0] === 'records' && (key[1] === 'recent' || key[1] === 'medians') && key[3] === place.fiscalYear && key[4] === place.term
  );
}

/**
 * GET /api/records, newest term first: the program's records of the six terms before the return's, for the focused
 * row (what the figures were, so a slip of a digit shows). Kept a while: the past does not change as one types.
 */
export const recentTermsQueryKey = (programId: number | null, place: ReturnPlace) =>
  ['records', 'recent', programId, place.fiscalYear, place.term] as const;

export function useRecentTerms(programId: number | null, place: ReturnPlace) {
  return useQuery({
    queryKey: recentTermsQueryKey(programId, place),
    enabled: programId !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<RecordListItem[]> => {
      const page = await apiRequest({
        path: '/api/records',
        query: { programIds: programId!, fiscalYearTo: place.fiscalYear, sort: 'term:desc', pageSize: RECENT_TERMS + 3 },
        errorMessage: ENTRY_UI.recent.error,
        schema: RecordPageSchema,
        signal,
      });
      // The return's own term and any after it (later terms of the same fiscal year) are not history.
      const now = termPosition(place);
      return page.items.filter((r) => termPosition({ fiscalYear: r.fiscal_year, term: r.term }) < now).slice(0, RECENT_TERMS);
    },
  });
}
