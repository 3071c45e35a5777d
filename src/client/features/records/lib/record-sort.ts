import { DEFAULT_RECORD_SORT, parseRecordSort, type RecordSortKey } from '../../../../shared/schemas/record-sort.ts';
import type { SortState } from '../../../ui/list-state.ts';

/** The sort a table's headings show: the first key of the view's sort (`fiscal_year:desc,program` → fiscal year, descending). */
export function headingSort(sort: string): SortState<RecordSortKey> {
  const parsed = parseRecordSort(sort) ?? parseRecordSort(DEFAULT_RECORD_SORT)!;
  const first = parsed[0]!;
  return { key: first.key, direction: first.dir };
}

/** Clicking a heading: another column sorts ascending, the column sorted first flips. */
export function nextRecordSort(current: string, key: RecordSortKey): string {
  const shown = headingSort(current);
  const dir = shown.key === key && shown.direction === 'asc' ? 'desc' : 'asc';
  return `${key}:${dir}`;
}
