import type { GridField } from './lib/cell-text.ts';

/** The words of the whole-term grid. Figures keep the record form's labels (RECORD_FIELD_LABELS) in every message. */
export const ENTRY_UI = {
  title: (institution: string, term: string, fiscalYear: string) => `Enter ${term} ${fiscalYear}: ${institution}`,
  readTitle: (institution: string, term: string, fiscalYear: string) => `${term} ${fiscalYear}: ${institution}, the whole term`,
  back: 'Back to the return',
  loadError: 'The programs and records of this return could not be loaded.',
  intro:
    'Every expected program of the return is a row and every figure a column. Type or paste figures copied from a spreadsheet; a row is saved as a draft when you leave it.',
  keys: 'Keys: arrows, Tab and Enter move between cells; Ctrl+Home and Ctrl+End go to the first and last cell (Tab from the last leaves the grid); Escape undoes the cell; Ctrl+Z undoes the last paste.',
  onPaper: 'On paper this grid stops at the edge of the page. The term return’s own page prints every program’s figures whole.',
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
    draftToFix: 'Draft, needs a fix',
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
  recent: {
    title: 'The six terms before',
    error: 'The program’s earlier terms could not be loaded.',
    none: 'No earlier term of this program has a record.',
    term: 'Term',
    enrolled: 'Enrolled',
    seeking: 'Seeking',
    placed: 'Placed',
    thisTerm: 'This term',
    draft: '(draft)',
  },
  details: {
    title: (program: string) => `Row: ${program}`,
    none: 'Put the focus on a cell to see its row’s totals and problems here.',
    problemsTitle: 'Problems in this row',
  },
  submit: {
    button: (n: number) => `Submit the complete rows (${n})`,
    none: 'No saved draft is complete yet: a row can be submitted once every figure is entered and each work-term split adds up to students placed.',
    /** Why no draft is ready, as counts: "No draft is ready: 1 needs a fix, 2 miss figures". */
    noneReady: (toFix: number, incomplete: number, unsaved: number) =>
      `No draft is ready: ${waiting(toFix, incomplete, unsaved)}.`,
    /** Beside a button that will submit some drafts: the ones it will leave, and why. */
    someLeft: (toFix: number, incomplete: number, unsaved: number) =>
      `Not ready, so not submitted: ${waiting(toFix, incomplete, unsaved)}.`,
    done: (n: number) => `${n} record${n === 1 ? '' : 's'} submitted.`,
    some: (done: number, failed: number) => `${done} submitted; ${failed} could not be: see their rows.`,
    /** After submitting: each draft left because of a problem, named, with the problem in the rule's words. */
    notSubmitted: (rows: readonly { programName: string; problem: string }[]) =>
      `${rows.length} draft${rows.length === 1 ? '' : 's'} not submitted: ${rows
        .map((r) => `${r.programName} — ${lowerFirst(r.problem)}`)
        .join('; ')}.`,
    /** After submitting: drafts left for figures still missing or changes not saved yet. */
    alsoLeft: (incomplete: number, unsaved: number) => `Also not submitted: ${waiting(0, incomplete, unsaved)}.`,
  },
  phone: {
    position: (n: number, of: number) => `Program ${n} of ${of}`,
    previous: 'Previous',
    next: 'Next',
    previousLabel: 'Previous program',
    nextLabel: 'Next program',
    intro: 'One program at a time: enter its figures, then go to the next. Each program is saved as a draft when you move on.',
    /** Moving on from a program whose figures break a rule, or whose save was refused. */
    notSaved: (program: string, problem: string) =>
      `${program} was not saved: ${lowerFirst(problem)}${/[.!?]$/.test(problem) ? '' : '.'}`,
    toFix: (program: string, problem: string) =>
      `${program} is saved as a draft but needs a fix before it can be submitted: ${lowerFirst(problem)}.`,
    goBack: (program: string) => `Back to ${program}`,
    noticeTitle: 'Not done yet',
  },
  crumb: 'Whole term',
} as const;

/** "Work terms by duration add up to …" in the middle of a sentence: its first letter small. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The rows waiting, as counts: "1 needs a fix, 2 miss figures, 1 is not saved yet". */
function waiting(toFix: number, incomplete: number, unsaved: number): string {
  const parts = [
    toFix > 0 ? `${toFix} need${toFix === 1 ? 's' : ''} a fix` : '',
    incomplete > 0 ? `${incomplete} ${incomplete === 1 ? 'misses' : 'miss'} figures` : '',
    unsaved > 0 ? `${unsaved} ${unsaved === 1 ? 'is' : 'are'} not saved yet` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

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
