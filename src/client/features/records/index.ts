/**
 * What other features use from the records feature: the figures in the record form's order and words, and the one way
 * to create and save a record (the whole-term grid saves each row through them), and the form's check of figures far
 * from a program's history, so the grid warns in the same words.
 */
export { createRecord, duplicateRecordId } from './api/create-record.ts';
export { getRecord, RECORDS_ROOT_KEY } from './api/get-record.ts';
export { recordMediansQueryKey, useRecordMedians } from './api/get-record-medians.ts';
export { staleSaveCurrent, updateRecord } from './api/update-record.ts';
export { outlierFindings, type OutlierFinding } from './lib/outlier-check.ts';
export { EMPTY_RECORD_FORM, recordToFormValues, type RecordFormValues } from './lib/record-form-model.ts';
export { FIGURE_SECTIONS, type FigureSection } from './lib/sections.ts';
export { RECORD_UI } from './messages.ts';
