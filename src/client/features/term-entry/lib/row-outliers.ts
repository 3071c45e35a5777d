import { COUNT_FIELDS, MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import type { RecordMedians } from '../../../../shared/schemas/record-medians.ts';
import {
  EMPTY_RECORD_FORM,
  outlierFindings,
  recordToFormValues,
  type OutlierFinding,
  type RecordFormValues,
} from '../../records/index.ts';
import { readCell } from './cell-text.ts';
import { cellText, type EntryRow } from './entry-grid-model.ts';

/** The row as the record form would hold it: counts that read as numbers, money as typed, the rest left empty. */
function formValuesOf(row: EntryRow): RecordFormValues {
  const values = { ...EMPTY_RECORD_FORM };
  for (const field of COUNT_FIELDS) {
    const read = readCell(field, cellText(row, field));
    values[field] = read.error === null && typeof read.value === 'number' ? read.value : '';
  }
  for (const field of MONEY_FIELDS) values[field] = cellText(row, field);
  return values;
}

/**
 * The row's figures far from its program's history, by the record form's own rule and in its words
 * (records/lib/outlier-check.ts): each says whether it was just entered, changed, or is as saved.
 */
export function rowOutliers(row: EntryRow, medians: RecordMedians | undefined): OutlierFinding[] {
  const saved = row.record ? recordToFormValues(row.record) : EMPTY_RECORD_FORM;
  return outlierFindings(formValuesOf(row), medians, saved);
}
