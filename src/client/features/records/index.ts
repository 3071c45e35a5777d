/**
 * What other features use from the records feature: the figures in the record form's order and words, and the one way
 * to create and save a record (the whole-term grid saves each row through them).
 */
export { createRecord, duplicateRecordId } from './api/create-record.ts';
export { getRecord, RECORDS_ROOT_KEY } from './api/get-record.ts';
export { staleSaveCurrent, updateRecord } from './api/update-record.ts';
export { FIGURE_SECTIONS, type FigureSection } from './lib/sections.ts';
export { RECORD_UI } from './messages.ts';
