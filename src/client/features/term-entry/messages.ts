import type { GridField } from './lib/cell-text.ts';

/** The words of the whole-term grid. Figures keep the record form's labels (RECORD_FIELD_LABELS) in every message. */
export const ENTRY_UI = {
  title: (institution: string, term: string, fiscalYear: string) => `Enter ${term} ${fiscalYear}: ${institution}`,
  back: 'Back to the return',
  loadError: 'The programs and records of this return could not be loaded.',
  intro:
    'Every expected program of the return is a row and every figure a column. Type or paste figures copied from a spreadsheet; a row is saved as a draft when you leave it.',
  keys: 'Keys: arrows, Tab and Enter move between cells; Escape undoes the cell; Ctrl+Z undoes the last paste.',
  readOnly: {
    locked: 'This return is signed off, so its figures are shown read-only.',
    noRights: 'You may read this institution’s records but not change them, so the figures are shown read-only.',
  },
  program: 'Program',
  status: 'Status',
  gridLabel: (term: string, fiscalYear: string) => `Figures of ${term} ${fiscalYear}, one row per program`,
  cellLabel: (label: string, program: string) => `${label}, ${program}`,
  state: {
    none: 'No record',
    changed: 'Not saved yet',
    saving: 'Saving…',
    failed: 'Not saved',
    invalid: 'Needs a fix',
    newer: 'Changed by someone else',
    draft: 'Draft',
    submitted: 'Submitted',
  },
  problems: (n: number) => `${n} problem${n === 1 ? '' : 's'}`,
  pasted: (cells: number, rows: number) =>
    `Pasted ${cells} cell${cells === 1 ? '' : 's'} into ${rows} row${rows === 1 ? '' : 's'}.`,
  pasteTooBig: 'The clipboard holds far more than a term’s figures. Nothing was pasted.',
  undone: 'The last paste was undone.',
  saveFailed:
    'The row could not be saved. Check your connection; your figures are kept here, and it is tried again when you leave the row.',
  newer: {
    title: (who: string) => `${who} saved this record while you were working on it`,
    body: 'Your figures are still in the row, not saved. Keep yours to save them over the newer record, or take the newer record and drop yours.',
    keepMine: 'Keep my figures',
    takeTheirs: 'Take the newer record',
    someone: 'Someone else',
  },
  details: {
    title: (program: string) => `Row: ${program}`,
    none: 'Put the focus on a cell to see its row’s totals and problems here.',
    problemsTitle: 'Problems in this row',
  },
  submit: {
    button: (n: number) => `Submit the complete rows (${n})`,
    none: 'No saved draft is complete yet: a row can be submitted once every figure is entered and each work-term split adds up to students placed.',
    done: (n: number) => `${n} record${n === 1 ? '' : 's'} submitted.`,
    some: (done: number, failed: number) => `${done} submitted; ${failed} could not be: see their rows.`,
  },
  phone: {
    position: (n: number, of: number) => `Program ${n} of ${of}`,
    previous: 'Previous',
    next: 'Next',
    previousLabel: 'Previous program',
    nextLabel: 'Next program',
    intro: 'One program at a time: enter its figures, then go to the next. Each program is saved as a draft when you move on.',
  },
  crumb: 'Whole term',
} as const;

/** Short headings for the grid's columns, under their section's title; each cell's label says the whole name. */
export const COLUMN_HEADINGS: Record<GridField, string> = {
  students_enrolled: 'Enrolled',
  students_seeking: 'Seeking',
  students_placed: 'Placed',
  wt_4_month: '4 months',
  wt_8_month: '8 months',
  wt_12_month_plus: '12+ months',
  wt_vancouver_island_coast: 'Van. Island/Coast',
  wt_mainland_southwest: 'Mainland/SW',
  wt_thompson_okanagan: 'Thompson-Okanagan',
  wt_kootenay: 'Kootenay',
  wt_cariboo: 'Cariboo',
  wt_north_coast: 'North Coast',
  wt_nechako: 'Nechako',
  wt_northeast: 'Northeast',
  wt_other_canada: 'Rest of Canada',
  wt_international: 'Outside Canada',
  wt_private: 'Private',
  wt_public: 'Public',
  wt_nonprofit: 'Non-profit',
  employers_total: 'Employers',
  employers_new: 'New',
  intl_students: 'International',
  indigenous_students: 'Indigenous',
  students_with_disability: 'With a disability',
  avg_hourly_wage: 'Hourly wage ($)',
  coop_fee_domestic: 'Fee, domestic ($)',
  coop_fee_international: 'Fee, international ($)',
};
