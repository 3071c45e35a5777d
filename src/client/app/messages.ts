/**
 * Client strings beyond the shared catalogue (`src/shared/messages.ts`), kept in one module so a French edition
 * can be added later. Re-export the shared ones so a screen imports its words from one place.
 */
export { ERRORS, TEXT } from '../../shared/messages.ts';

export const UI = {
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
  titleSeparator: ' – ',
  loading: 'Loading…',
  retry: 'Try again',
  breadcrumb: 'Breadcrumb',
  homeLinkLabel: 'Home: B.C. Co-op Education and WIL Statistical Database',
  accountActions: 'Your account',
  openInNewTab: '(opens in a new tab)',
  closeMenu: 'Close menu',
  navigating: 'Loading the page…',
  banner: {
    region: 'Site notice',
    moreInformation: 'More information',
    typeLabel: { info: 'Notice', success: 'Notice', warning: 'Warning', error: 'Important' },
  },
  footer: {
    region: 'Site footer',
    addressTitle: 'Address',
    phone: 'Phone',
    linksTitle: 'Contact and information',
    legalTitle: 'About this site',
    maps: 'Maps',
    hours: 'Hours',
    terms: 'Terms of use',
    accessibility: 'Accessibility',
    emergency: 'Emergency contacts',
    feedback: 'Website feedback',
  },
  notificationLevel: { info: 'Information', success: 'Success', warning: 'Warning', error: 'Error' },
  errorSummaryTitle: 'There is a problem',
  required: '(required)',
  statusText: {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    425: 'Too Early',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  } as Record<number, string>,
  unknownStatusText: 'Error',
  errorPage: {
    clientError: 'The request could not be completed. Check the address, or go back and try again.',
    fatalTitle: 'The page stopped working',
  },
  login: {
    usersFailed: 'Unable to load the demo users',
    noUsers: 'There are no demo users. Seed the development database, then reload this page.',
    signedInAlready: (name: string) => `You are signed in as ${name}. Choosing another user switches accounts.`,
    ssoHint: 'Or use the sign-in page of your institution:',
  },
  home: {
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
      'Program Information': 'Browse, find and export program records.',
      Reports: 'Compare statistics across terms, fiscal years, regions, disciplines and institutions.',
    } as Record<string, string>,
    administrationTitle: 'Administration',
    administrationBody: 'Keep the lists of institutions, valid programs and users, and grant access.',
  },
  prefetchFailed: 'A page could not be prepared in advance',
} as const;
