import { useQuery } from '@tanstack/react-query';
import { existingRecordId, existingRecordQuery } from '../lib/existing-record.ts';
import type { RecordFormValues } from '../lib/record-form-model.ts';
import { RECORD_LIST_QUERY_KEY, getRecords } from './get-records.ts';

/**
 * Adding a record: the id of the record the chosen program already has for the chosen fiscal year and term, asked of
 * the records list as soon as all three are chosen, so the person hears of it before typing any figures.
 */
export function useExistingRecord(values: Pick<RecordFormValues, 'program_id' | 'fiscal_year' | 'term'>, enabled: boolean) {
  const query = existingRecordQuery(values);
  const answer = useQuery({
    queryKey: [...RECORD_LIST_QUERY_KEY, 'existing', query],
    queryFn: ({ signal }) => getRecords(query!, signal),
    enabled: enabled && query !== null,
    staleTime: 10_000,
  });
  return enabled ? existingRecordId(answer.data, query) : null;
}
