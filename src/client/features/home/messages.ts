/**
 * The words of the home page: what the site does, the signed-in person's account and rights, and why a sign-in
 * did not complete. Catalogue messages (TEXT) come from src/shared/messages.ts.
 */
export const HOME_UI = {
  title: 'Home',
  whatItDoes: [
    { title: 'Keep', body: 'Enter each program’s participation, work terms, employers, wages and fees, term by term.' },
    {
      title: 'Find and correct',
      body: 'Search records across institutions, terms and disciplines, and fix them in one place.',
    },
    { title: 'Export', body: 'Download records for Excel, and produce the national CEWIL Canada return.' },
    { title: 'Compare', body: 'Run reports across terms, fiscal years, regions, disciplines and institutions.' },
  ],
  homeInstitutionLabel: 'Home institution',
  homeInstitution: (name: string) => `Home institution: ${name}`,
  privilegeCounts: (read: number, write: number, admin: number) =>
    `Read privileges: ${read} · Write privileges: ${write} · Admin privileges: ${admin}`,
  institutionFallback: (id: number) => `Institution ${id}`,
  institutionsUnavailable: 'Some institution names could not be loaded, so those institutions are shown by their id.',
  accessLevel: { admin: 'Admin', write: 'Write', read: 'Read' },
  accountTitle: 'Your account',
  username: 'Username',
  email: 'Email',
  open: (label: string) => `Open ${label}`,
  descriptions: {
    'Program Information': 'Each program’s figures, term by term: the ways in you have are listed below.',
    Reports:
      'Compare statistics across terms, fiscal years, regions, disciplines and institutions, and see when the province figures are released.',
  } as Record<string, string>,
  administrationTitle: 'Administration',
  administrationBody: 'Keep the lists of institutions, valid programs and users, and grant access.',

  due: {
    title: 'What is due',
    mineTitle: 'Your institutions’ term returns',
    mineSummary: (toFinish: number, overdue: number) =>
      `${toFinish === 1 ? '1 return is' : `${toFinish} returns are`} not signed off yet` +
      (overdue > 0 ? `; ${overdue} overdue.` : '.'),
    nothingDue: 'Nothing is due — every return for your institutions is signed off.',
    period: (term: string, fiscalYear: string) => `${term} ${fiscalYear}`,
    returnLink: (institution: string, period: string) => `${institution} — ${period}`,
    reported: (reported: number, expected: number) => `${reported} of ${expected} programs reported`,
    dueOn: (date: string) => `Due ${date}`,
    provinceTitle: 'Across the province',
    dueAgain: (date: string) => `Due again on ${date}`,
    /** Why a return is open again, on its card: the reason, cut short when long (the return page shows it whole). */
    returned: (action: 'send-back' | 'reopen', reason: string) =>
      `${action === 'send-back' ? 'Sent back' : 'Reopened'}: ${reason}`,
    onBehalfNote: (text: string, when: string) => `${text} (${when})`,
    periodTitle: (period: string, date: string) => `${period}, due ${date}`,
    done: (done: number, total: number) => `${done} of ${total} submitted`,
    approved: (approved: number) => `${approved} approved`,
    progressLabel: (period: string, done: number, total: number) =>
      `${period}: ${done} of ${total} returns submitted or approved`,
    stateCounts: 'Returns by state',
    overdueTitle: (count: number) => `Overdue (${count})`,
    overdueLink: (institution: string, period: string) => `${institution}, ${period}: overdue, open the return`,
    noOverdue: 'No return of this period is overdue.',
    matrix: 'Open the completeness matrix',
    noOpenPeriods: 'No reporting period is open: every return of the periods that have opened is approved.',
    loadFailed: 'What is due was not loaded.',
  },

  signInProblem: {
    failed: {
      title: 'Sign in did not complete',
      body: 'The single sign-on service did not confirm who you are. Try signing in again; if it keeps failing, contact your co-op office.',
    },
    deactivated: {
      title: 'This account has been deactivated',
      body: 'You cannot sign in with it any more. If you still need access, ask an application administrator to reactivate it.',
    },
    unavailable: {
      title: 'Single sign-on is not answering',
      body: 'The sign-in service could not be reached. Nothing is wrong with your account; try again in a few minutes.',
    },
  },
} as const;
