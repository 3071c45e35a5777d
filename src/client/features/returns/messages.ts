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
    action: 'The action could not be taken on the return.',
    reminders: 'The reminders could not be sent.',
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
    fiscalYear: 'Fiscal year',
    institution: 'Institution',
    institutionFilter: 'Institution name',
    institutionFilterHint: 'Show institutions whose name contains this',
    caption: (fiscalYear: string) => `Term returns of ${fiscalYear}`,
    totals: 'Totals',
    totalLine: (done: number, all: number) => `${done} of ${all} submitted`,
    reportedOf: (reported: number, expected: number) => `${reported} / ${expected} reported`,
    due: (date: string) => `due ${date}`,
    overdue: 'Overdue',
    noReturn: 'No return',
    noPeriods: 'There are no reporting periods yet',
    noPeriodsBody: 'An app admin creates the reporting periods; each institution gets a return for each.',
    noMatch: 'No institution matches this name.',
    open: (institution: string, term: string) => `${institution}, ${term}: open the return`,
  },
  detail: {
    institution: 'Institution',
    period: 'Period',
    due: 'Due',
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
    actionsTitle: 'Actions',
    noActions: 'There is nothing you can do on this return in its current state.',
    historyTitle: 'History',
    noHistory: 'Nothing has happened to this return yet.',
    when: 'When',
    who: 'Who',
    action: 'Action',
    change: 'State',
    reason: 'Reason',
    someone: 'The system',
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
  },
  historyActions: {
    submit: 'Signed off',
    'send-back': 'Sent back',
    approve: 'Approved',
    reopen: 'Reopened',
    'fill-zeros': 'Filled with zero records',
  } as Record<string, string>,
  states: {
    'not started': 'Not started',
    'in progress': 'In progress',
    submitted: 'Submitted',
    approved: 'Approved',
    reopened: 'Reopened',
  },
} as const;
