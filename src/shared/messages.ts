/**
 * The words both server and client say: the error catalogue (docs/product.md §6.4, word for word, misspellings
 * included), the text-field refusals and the texts fixed by the commission (TEXT). The client's other words live in
 * its own layers (docs/architecture.md, "Where words live"), each in one place so a French edition can be added.
 */

export const ERRORS = {
  unauthorized: 'Unauthorized',
  users: {
    fetch: 'Unable to fetch users',
    add: 'Unable to add user',
    edit: 'Unable to edit user',
    roles: 'Unable to fetch user roles',
  },
  institutions: {
    request: 'Invalid Institution Request',
    insert: 'Institution insert failed',
    edit: 'Could not edit institution',
    delete: 'Institution delete failed',
    couldNotDelete: 'Could not delete institution',
    roles: 'Could not get institution roles',
  },
  programs: {
    fetch: 'Failed to fetch programs',
    add: 'Program add failed',
    update: 'Failed to update program',
    remove: 'Failed to remove program',
  },
  records: {
    fetch: 'Failed to fetch records',
    add: 'Failed to add record',
    update: 'Failed to update record',
    find: 'Failed to find records',
  },
  invalidReportId: 'Invalid report ID recieved',
  invalidRecordId: 'Invalid record ID recieved',
  profile: 'Unable to load your profile',
  banner: 'Unable to load the site notice',
  health: 'The service is not answering right now. Try again in a minute.',
  directSignIn: 'Sign in failed',
} as const;

const wholeNumber = new Intl.NumberFormat('en-CA');

/**
 * How a text field refuses a value (schemas/text.ts), in the same words on the form, in the API's 400 and in an
 * import's row errors. `label` is the field as people know it ("Notes", "Program name").
 */
export const TEXT_FIELD_ERRORS = {
  notText: (label: string) => `${label} must be text`,
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${wholeNumber.format(max)} characters`,
  oneLine: (label: string) => `${label} must be a single line, without line breaks or tabs`,
  control: (label: string) => `${label} cannot contain control characters`,
  brokenCharacter: (label: string) =>
    `${label} contains half of a character (a broken emoji or symbol); delete it and type it again`,
  noncharacter: (label: string) => `${label} contains a code that is not a character (such as U+FFFF); delete it`,
  separator: (label: string) =>
    `${label} cannot contain Unicode line or paragraph separators (U+2028, U+2029); use an ordinary line break`,
  direction: (label: string) => `${label} cannot contain invisible text-direction controls (such as U+202E); delete them`,
} as const;

export const TEXT = {
  skipLink: 'Skip to main content',
  homeLink: 'Home',
  onlineTools: 'Online tools',
  signIn: 'Sign in',
  signOut: 'Sign out',
  /** The server's page for a sign-out link followed from another site (GET /api/logout, issue 28): it asks first. */
  signOutPage: {
    title: 'Sign out?',
    explanation:
      'This sign-out link was opened from another site, or the browser did not say where it came from, so you are still signed in. Sign out only if you meant to.',
    stay: 'Stay signed in and go to the home page',
  },
  signInDirect: 'Sign in Direct',
  menu: 'Menu',
  mainNavigation: 'Main navigation',
  backToTop: 'Back to top',
  notFound: (path: string) => `Page not found: ${path}`,
  dismiss: 'Dismiss notification',
  signedInAs: (name: string) => `Signed in as ${name}`,
  login: {
    title: 'Sign in',
    devNotice: 'Development environment: sign in directly as one of the demo users. This page does not exist in production.',
    userLabel: 'Demo user',
    userHint: 'Each demo user holds a different set of privileges.',
    submit: 'Sign in',
    sso: 'Sign in with single sign-on',
    required: 'Choose a user to sign in as',
  },
  errorPage: {
    home: 'Go to the home page',
    signIn: 'Sign in to continue',
    401: 'You need to sign in to see this page.',
    // Who to ask is named beside it, from GET /api/profile/access-contacts (decision 030).
    403: 'Your account does not have access to this page.',
    404: 'The address may be mistyped, or the page may have moved.',
    500: 'Something went wrong on our side. What you were doing has not been saved; try again in a moment.',
  },
  home: {
    welcome: (name: string) => `Welcome, ${name}`,
    signedOutTitle: 'Co-op and work-integrated learning statistics for B.C.',
    signedOutBody:
      'Staff of British Columbia’s public post-secondary institutions keep, find, edit, export and compare their co-op and work-integrated learning statistics here, term by term.',
    signInPrompt: 'Sign in with your institution account to continue.',
    noAccessTitle: 'You are signed in, but have no access yet',
    noAccessBody:
      'Your account has been created without privileges. To read or enter your institution’s figures, ask for read or write access.',
    institutionsTitle: 'Your institutions',
    actionsTitle: 'What you can do',
    allInstitutions: 'All institutions',
    readAll: 'Read access to every institution',
    adminAll: 'Application administrator: every institution',
  },
} as const;
