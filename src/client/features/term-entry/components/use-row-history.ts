import { useMemo } from 'react';
import { useRecordMedians } from '../../records/index.ts';
import { useRecentTerms } from '../api/get-recent-terms.ts';
import type { EntryRow, ReturnPlace } from '../lib/entry-grid-model.ts';
import { rowOutliers } from '../lib/row-outliers.ts';

/** The row in the panel beside its program's history: its six terms before, and its figures far from them. */
export function useRowHistory(row: EntryRow | null, place: ReturnPlace) {
  const recent = useRecentTerms(row?.programId ?? null, place);
  const medians = useRecordMedians({ programId: row?.programId ?? 0, fiscalYear: place.fiscalYear, term: place.term });
  // Another program's medians, kept while this one's load, would judge this row by the wrong history.
  const known = medians.isPlaceholderData ? undefined : medians.data;
  // The same findings while the row and its history are unchanged: the panel and the row marks are not drawn again.
  const findings = useMemo(() => (row ? rowOutliers(row, known) : []), [row, known]);
  return { recent: recent.data, findings };
}
