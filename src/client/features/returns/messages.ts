import { REMINDER_GUARD_HOURS } from '../../../shared/schemas/returns.ts';

/**
 * The words of the term return screens (issue 20, docs/reporting-cycle.md): the completeness matrix and the return page.
 * Page titles come from the route table (src/shared/app-routes.ts).
 */
export const RETURN_UI = {
  errors: {
    periods: 'The reporting periods could not be loaded.',
    returns: 'The term returns could not be loaded.',
    oneReturn: 'The term return could not be loaded.',
    programs: 'The expected programs of the return could not be loaded.',
    figures: 'The figures of the return could not be loaded.',
    action: 'The action could not be taken on the return.',
    reminders: 'The reminders could not be sent.',
    signOffPeople: 'Who signs off this return could not be loaded.',
    ready: 'The sign-off people could not be told.',
  },
  signOff: {
    title: 'Who signs off',
    institutionAdmins: (institution: string) => `An admin of ${institution} signs this return off:`,
    appAdmins: (institution: string) => `${institution} has no admin, so an application administrator signs this return off:`,
    nobody: 'Nobody who can sign this return off has a mail address yet: ask an application administrator.',
    ready: 'Ready for sign-off',
    readyHint: 'Mails them that the figures are in and the return is ready for them to check and sign off.',
    told: (when: string) => `Last told it is ready: ${when}`,
    wait: (when: string) => `They can be told again after ${when}`,
    done: (names: readonly string[]) => `Told ${names.join(', ')} that the return is ready for sign-off`,
    mailSubject: (returnName: string) => returnName,
  },
  reminders: {
    button: (overdue: number) => `Send reminders (${overdue} overdue)`,
    title: 'Send reminders to the admins of overdue returns?',
    loading: 'Finding who would be mailed…',
    intro: (fiscalYear: string) =>
      `Each overdue return of ${fiscalYear} gets one plain-text mail to its institution’s admins, with the due date, the state, the counts and a link to the return.`,
    toBeMailed: 'Who will be mailed',
    nobody: 'Nobody would be mailed: every overdue return is left out, for the reasons below.',
    leftOut: 'Left out',
    skipped: {
      'send-failed': 'The mail server did not take the mail',
      'no-admin': 'No admin with a mail address',
      'reminded-recently': `Reminded in the last ${REMINDER_GUARD_HOURS} hours`,
      'not-overdue': 'Not overdue',
    },
    confirm: (count: number) => (count === 1 ? 'Send 1 reminder' : `Send ${count} reminders`),
    close: 'Close',
    resultTitle: 'Reminders',
    resultSent: (mails: number, people: number) =>
      `${mails === 1 ? '1 reminder' : `${mails} reminders`} sent to ${people === 1 ? '1 person' : `${people} people`}.`,
    resultNone: 'No reminder was sent: every overdue return was left out.',
    resultFailed: (sent: number, failed: number) =>
      `${sent === 1 ? '1 reminder' : `${sent} reminders`} sent; the mail server did not take ${failed === 1 ? '1 other' : `${failed} others`}. Try again later.`,
  },
  matrix: {
    intro:
      'Each institution’s term returns: who has reported, who has signed off, and which terms the province has approved. Counts are programs reported of programs expected.',
    fiscalYear: 'Fiscal years',
    fiscalYearHint: 'When none is chosen: the year of the term due next',
    region: 'Region',
    institutionType: 'Institution type',
    state: 'State',
    stateHint: 'Institutions with a return in one of these; the others are greyed',
    any: 'Any',
    overdueFilter: 'Overdue',
    clearFilters: 'Clear filters',
    download: 'Download',
    downloadAs: (format: string) => `Download the matrix as ${format}`,
    notMatching: 'not in the chosen states',
    institution: 'Institution',
    institutionFilter: 'Institution name',
    institutionFilterHint: 'Show institutions whose name contains this',
    caption: (fiscalYears: readonly string[]) =>
      `Term returns of ${fiscalYears.length > 1 ? `${fiscalYears[0]} to ${fiscalYears.at(-1)}` : fiscalYears[0]}`,
    totals: 'Totals',
    totalLine: (done: number, all: number, onTime: number) => `${done} of ${all} submitted, ${onTime} on time`,
    /** The column of each institution's on-time rate over the years shown. */
    onTimeHeading: 'On time',
    onTimeRate: (percent: number | null) => (percent === null ? 'none due yet' : `${percent}%`),
    onTimeCount: (onTime: number, judged: number) => `${onTime} of ${judged}`,
    timelinessNote: (fiscalYears: readonly string[]) =>
      `On time: first signed off on or before the period’s due date. Each institution’s rate counts its returns of ${
        fiscalYears.length > 1 ? 'the years shown' : fiscalYears[0]
      } that are signed off or past due; a return sent back keeps the verdict of its first sign-off.`,
    reportedOf: (reported: number, expected: number) => `${reported} / ${expected} reported`,
    due: (date: string) => `due ${date}`,
    dueAgain: (date: string) => `Due again on ${date}`,
    overdue: 'Overdue',
    noReturn: 'No return',
    noPeriods: 'There are no reporting periods yet',
    noPeriodsBody: 'An app admin creates the reporting periods; each institution gets a return for each.',
    noMatch: 'No institution matches these filters.',
    open: (institution: string, term: string) => `${institution}, ${term}: open the return`,
  },
  figures: {
    title: 'The term’s figures',
    intro: (lastYear: { term: string; fiscal_year: string }, previous: { term: string; fiscal_year: string }) =>
      `Each figure with its change from ${lastYear.term} ${lastYear.fiscal_year} (“yr”) and from ${previous.term} ${previous.fiscal_year} (“term”).`,
    farCount: (n: number) =>
      `${n} figure${n === 1 ? ' is' : 's are'} far from the program’s history (more than double or less than half its recent median), marked ⚠.`,
    farHidden: ' (far from this program’s history)',
    onYear: (change: string) => `${change} yr`,
    onTerm: (change: string) => `${change} term`,
    program: 'Program',
    total: 'All programs',
    noRecord: 'No record',
    draft: 'Draft',
    submitted: 'Submitted',
    columns: {
      students_enrolled: 'Enrolled',
      students_seeking: 'Seeking',
      students_placed: 'Placed',
      placement_pct: 'Placement %',
      work_terms: 'Work terms',
      employers_total: 'Employers',
      avg_hourly_wage: 'Average wage',
    },
    changesTitle: 'Changed since it was first approved',
    summaryTitle: 'What you approve',
    summaryTotals: (placed: string, lastYear: string) =>
      `Students placed this term: ${placed || 'none'}; the same term last year: ${lastYear || 'none'}.`,
    summaryFar: (programs: string[]) => `Far from their history (see the figures on the page): ${programs.join(', ')}.`,
    summaryNoFar: 'No figure is far from its program’s history.',
    changeColumns: ['Program', 'Figure', 'Before', 'After', 'By', 'When'],
    blank: '(empty)',
  },
  detail: {
    enterTerm: 'Enter this term',
    enterTermHint: 'Every program of the return in one grid: type, or paste from a spreadsheet.',
    seeTerm: 'See the whole term',
    seeTermHint: 'Every program’s figures of the term in one grid, read-only.',
    template: 'Download a template (XLSX)',
    templateHint:
      'The template has one line per program with its figures; fill it in and import it as it is with “Import records into this return”.',
    // To someone who may not change the term (a reader, or a locked return), the same file is the term's figures.
    figuresFile: 'Download the figures (XLSX)',
    figuresFileHint: 'The workbook has one line per program with its figures, laid out as the import reads them.',
    institution: 'Institution',
    period: 'Period',
    due: 'Due',
    dueAgain: (date: string, periodDue: string) => `Due again on ${date} (the period was due ${periodDue})`,
    state: 'State',
    counts: 'Programs',
    countsValue: (reported: number, submitted: number, expected: number) =>
      `${expected} expected, ${reported} reported, ${submitted} submitted`,
    programsTitle: 'Expected programs',
    program: 'Program',
    record: 'Record of the term',
    noRecord: 'No record',
    programsHint: 'A program’s name opens its record of the term.',
    submitted: 'Submitted',
    draft: 'Draft',
    addRecord: 'Add a record',
    noPrograms: 'No program is expected to report this term.',
    blockers: (missing: number, drafts: number) =>
      `${missing === 1 ? '1 program has' : `${missing} programs have`} no submitted record` +
      (drafts > 0 ? `: ${drafts === 1 ? '1 draft needs' : `${drafts} drafts need`} submitting before sign-off.` : '.'),
    ready: 'Every expected program has a submitted record: the return can be signed off.',
    /** Said instead of `ready` on a return sent back or reopened: the records alone do not say it is right yet. */
    readyAfterReturned: (action: 'send-back' | 'reopen') =>
      `Every expected program has a submitted record, but the return was ${action === 'send-back' ? 'sent back' : 'reopened'}: correct what the reason above asks, then sign it off again.`,
    /** The notice at the top of a return open again: who opened it, when, why, and its own due date. */
    returned: (action: 'send-back' | 'reopen', who: string, when: string, reason: string, dueAgain: string | null) =>
      `${action === 'send-back' ? 'Sent back' : 'Reopened'} by ${who} on ${when}: ${reason}` +
      (dueAgain ? ` Due again on ${dueAgain}.` : ''),
    importLink: 'Import records into this return',
    actionsTitle: 'Actions',
    /** Said where no action button stands: what happens next, and who does it. */
    noActions: {
      enter: (institution: string) =>
        `Enter and submit a record for every expected program; then an admin of ${institution} signs the return off (see Who signs off).`,
      tell: (institution: string) =>
        `Every expected program has a submitted record: an admin of ${institution} can now sign the return off (see Who signs off).`,
      submitDrafts: 'Submit the drafts of every expected program; then you can sign the return off here.',
      read: (institution: string) => `You may read this return; entering its figures needs write access to ${institution}.`,
      submitted: 'The return is signed off and waits for approval by an application administrator, who alone can send it back.',
      approved: 'The return is approved; only an application administrator can reopen it.',
    },
    historyTitle: 'History',
    noHistory: 'Nothing has happened to this return yet.',
    when: 'When',
    who: 'Who',
    action: 'Action',
    change: 'State',
    reason: 'Reason',
    someone: 'The system',
    historyDueAgain: (date: string) => `Due again on ${date}.`,
    back: 'All term returns',
  },
  actions: {
    'fill-zeros': {
      label: 'Fill remaining programs with zero records',
      title: 'Fill the remaining programs with zero records?',
      body: (count: number) =>
        `${count === 1 ? '1 program has' : `${count} programs have`} no record this term. Each gets a submitted record with every count 0 and the note “No activity this term”. Drafts are left as they are.`,
      confirm: 'Write zero records',
      done: 'Zero records written',
    },
    submit: {
      label: 'Sign off',
      title: 'Sign off this return?',
      body: 'Signing off tells the province these figures are complete. The term’s records are locked until an app admin sends the return back.',
      confirm: 'Sign off',
      done: 'Return signed off',
    },
    approve: {
      label: 'Approve',
      title: 'Approve this return?',
      body: 'Approving accepts the figures for the province; the records stay locked.',
      confirm: 'Approve',
      done: 'Return approved',
    },
    'send-back': {
      label: 'Send back',
      title: 'Send this return back?',
      body: 'The institution can change its records again and must sign off once more. Say what needs correcting.',
      confirm: 'Send back',
      done: 'Return sent back',
    },
    reopen: {
      label: 'Reopen',
      title: 'Reopen this approved return?',
      body: 'The institution can correct its records again and must sign off once more. Say why.',
      confirm: 'Reopen',
      done: 'Return reopened',
    },
    reason: 'Reason',
    reasonRequired: 'Reason is required',
    onBehalf: (institution: string) =>
      `You are acting for ${institution}: its history and its users’ home page will say that you did, and why.`,
    onBehalfReason: (institution: string) => `Why you act for ${institution}`,
    dueAgainOn: 'Due again on',
    /** The hint says where the prefilled day comes from: two weeks from today, or the period's due date when later. */
    dueAgainHint: (periodDue: string, isPeriodDue: boolean) =>
      isPeriodDue
        ? `The institution’s new due date: the period’s own due date, ${periodDue}, as it is later than two weeks from today. You may choose a later day.`
        : `The institution’s new due date: two weeks from today. You may choose another day, not before the period’s due date (${periodDue}).`,
    dueAgainEarly: (first: string) => `Choose ${first} or a later day`,
    dueAgainPast: 'Choose today or a later day',
  },
  historyActions: {
    submit: 'Signed off',
    'send-back': 'Sent back',
    approve: 'Approved',
    reopen: 'Reopened',
    'fill-zeros': 'Filled with zero records',
    'ready-for-sign-off': 'Marked ready for sign-off',
  } as Record<string, string>,
  states: {
    'not started': 'Not started',
    'in progress': 'In progress',
    submitted: 'Submitted',
    approved: 'Approved',
    reopened: 'Reopened',
  },
} as const;
