/**
 * The words of the record form screens (add, view and edit a record). Catalogue messages (ERRORS) come from
 * src/shared/messages.ts; field labels and rule messages from src/shared/record-rules.ts; page titles from the route
 * table. The browse and find screens keep theirs in browse-messages.ts.
 */
export const RECORD_UI = {
  keys: {
    title: 'Program and term',
    institution: 'Institution',
    institutionHint: 'Only institutions whose records you may edit are listed.',
    program: 'Program',
    programHint: 'The active valid programs of the chosen institution.',
    programFirst: 'Choose an institution first',
    fiscalYear: 'Fiscal year',
    fiscalYearHint: 'April to March. A term belongs to the fiscal year it starts in: Spring 2025 is in 2024/25.',
    term: 'Term',
    termHint: 'Summer is May to August, Fall September to December, Spring January to April.',
    noInstitutions: 'You may not add records: your account has no edit rights on any institution.',
    noPrograms: 'This institution has no active valid programs. An app admin can add one.',
  },
  choose: {
    institution: 'Choose an institution',
    program: 'Choose a program',
    fiscalYear: 'Choose a fiscal year',
    term: 'Choose a term',
  },
  sections: {
    participation: {
      title: 'Participation',
      hint: 'Students placed may not exceed those seeking a work term, nor seeking exceed enrolled.',
    },
    duration: { title: 'Work terms by duration', hint: 'Each placed student’s work term, by its length.' },
    location: {
      title: 'Work terms by location',
      hint: 'Where each work term took place: B.C.’s eight development regions, elsewhere in Canada, or abroad.',
    },
    sector: { title: 'Work terms by employer sector', hint: 'The kind of employer of each work term.' },
    employers: { title: 'Employers', hint: 'New employers are those hiring from this program for the first time.' },
    demographics: {
      title: 'Students placed: demographics',
      hint: 'Each count is of students placed, so none may exceed students placed.',
    },
    pay: {
      title: 'Pay and fees',
      hint: 'In Canadian dollars, with cents: 23.45. Leave empty when there is nothing to report.',
    },
    notes: { title: 'Notes', hint: 'Anything a reader of these figures should know. At most 4,000 characters.' },
  },
  money: {
    avg_hourly_wage: 'Dollars an hour, such as 23.45',
    coop_fee_domestic: 'Per work term, such as 750.00',
    coop_fee_international: 'Per work term, such as 1200.50',
  },
  placementRate: 'Placement rate',
  placementRateHint: 'Students placed ÷ students seeking a work term',
  placementRateNone: 'Shown once seeking and placed are entered',
  sum: {
    label: (title: string) => `Running total of ${title.toLowerCase()}`,
    total: (total: string) => `Total ${total}`,
    match: (placed: string) => `Adds up to students placed (${placed})`,
    short: (difference: string, placed: string) => `${difference} short of students placed (${placed})`,
    over: (difference: string, placed: string) => `${difference} more than students placed (${placed})`,
    noPlaced: 'Enter students placed to check this total',
  },
  outlier: {
    title: 'Some figures are far from this program’s history',
    body: 'These values are more than double, or less than half, the program’s median over its recent terms, the farthest first. They may be right; check them before saving.',
    confirm: 'Save anyway',
    cancel: 'Check the figures',
    listLabel: 'Figures far from the history, most serious first',
    /** One figure far from the median, saying whether it was just entered, just changed, or is as saved. */
    finding: {
      far: (high: boolean, terms: number, median: string) =>
        `${high ? 'more than double' : 'less than half'} this program's median over its last ${terms} terms (${median})`,
      entered: (label: string, value: string, far: string) =>
        `${label} (${value}), just entered, is ${far}; check it before saving`,
      changed: (label: string, from: string, to: string, far: string) =>
        `${label}, just changed from ${from} to ${to}, is ${far}; check it before saving`,
      unchanged: (label: string, value: string, far: string) =>
        `${label} (${value}) is ${far}; it is as saved before, not changed now`,
    },
  },
  actions: {
    cancel: 'Cancel',
    /** Cancel's place on a read-only form, where there is nothing to cancel. */
    close: 'Close',
    saveDraft: 'Save as draft',
    submit: 'Submit record',
    saveDraftEdit: 'Save draft',
    returnToDraft: 'Return to draft',
    saveSubmitted: 'Save changes',
    submitHint: 'Submitting checks every rule: every count entered and each split adding up to students placed.',
    draftHint: 'A draft may be incomplete and saved as often as you like.',
  },
  locked: {
    title: { submitted: 'This term’s return is signed off', approved: 'This term’s return is approved' },
    when: (state: 'submitted' | 'approved', date: string, who: string | null) =>
      `${state === 'submitted' ? 'Signed off' : 'Approved'} on ${date}${who ? ` by ${who}` : ''}.`,
    open: 'Open the return',
    readOnly: 'This record is read-only until the return is unlocked.',
    youMayUnlock: {
      'send-back': 'This record is read-only. You can send the return back for correction, with a reason, on its page.',
      reopen: 'This record is read-only. You can reopen the return, with a reason, on its page.',
    },
    savingOff: 'Nothing can be saved: this term’s return is locked.',
  },
  /** After saving a record of a term return: where to go on. */
  afterSave: {
    title: 'Record saved. Where next?',
    next: (program: string) => `Next program of this return: ${program}`,
    none: 'Every other program of this return has a submitted record.',
    back: 'Back to the return',
  },
  toast: {
    created: 'Record added',
    saved: 'Record saved',
    noChanges: 'Nothing has changed since the record was loaded',
  },
  /** Several figures left empty on submit, said once in the error summary before a link to each. */
  emptyFigures: (count: number) =>
    `${count} figures are empty, and a submitted record needs every figure (save it as a draft to finish later):`,
  duplicate: {
    title: 'This program already has a record for this term',
    open: 'Open the existing record',
  },
  conflict: {
    title: 'Someone else saved this record while you were editing',
    body: (who: string, when: string) =>
      `${who} saved it (${when}). Nothing of yours has been saved yet, and nothing you typed is lost. Choose, for each figure below, which value to keep, then save again.`,
    someone: 'Another person',
    field: 'Figure',
    mine: 'Your value',
    theirs: 'Their saved value',
    keep: 'Keep',
    keepMine: 'Yours',
    keepTheirs: 'Theirs',
    allMine: 'Keep all of mine',
    allTheirs: 'Take all of theirs',
    save: 'Save with these choices',
    caption: 'Values that differ between your form and the saved record',
    noDifferences:
      'Their changes do not touch any value you typed differently. Save again to keep your values on top of their version.',
    empty: '(empty)',
  },
  view: {
    status: { draft: 'Draft', submitted: 'Submitted' },
    lastSaved: (when: string, version: number) => `Last saved ${when} · version ${version}`,
    readOnly: 'You may read this record; editing it needs write rights on its institution.',
    empty: '—',
    figure: 'Figure',
    value: 'Value',
    total: 'Total',
    noNotes: 'No notes.',
  },
  history: {
    title: 'History',
    intro: 'Every change to this record: who made it, when, and each value before and after.',
    none: 'No changes have been recorded.',
    loadFailed: 'The history of this record could not be loaded.',
    actions: {
      create: 'Created',
      update: 'Edited',
      submit: 'Submitted',
      reopen: 'Returned to draft',
      overwrite: 'Overwritten by an import from an older file',
    } as Record<string, string>,
    by: (who: string) => `by ${who}`,
    unknownUser: 'an unknown user',
    field: 'Field',
    before: 'Before',
    after: 'After',
    caption: (action: string, when: string) => `${action} ${when}`,
    noValueChanges: 'No values changed.',
  },
  heading: (program: string, term: string, fiscalYear: string) => `${program}: ${term} ${fiscalYear}`,
  loadFailed: 'The record could not be loaded.',
  pickersFailed: 'The lists of institutions and programs could not be loaded.',
  createIntro:
    'Enter one program’s co-op and WIL figures for one term. Save a draft at any time; submit once every figure is in and each split adds up.',
} as const;
