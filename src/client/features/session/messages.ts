import { APP_TITLE } from '../../../shared/constants.ts';

/** The words of the sign-in page beyond the shared catalogue (TEXT.login in src/shared/messages.ts). */
export const SESSION_UI = {
  usersFailed: 'Unable to load the demo users',
  noUsers: 'There are no demo users. Seed the development database, then reload this page.',
  signedInAlready: (name: string) => `You are signed in as ${name}. Choosing another user switches accounts.`,
  ssoHint: 'Or use the sign-in page of your institution:',
  /** Who grants access (the 403 page, a new user's home, the import page of a reader). */
  contacts: {
    institutionAdmins: (institution: string) => `Ask an admin of ${institution} for access:`,
    appAdmins: 'Ask an application administrator for access:',
    nobody: 'Nobody can be named here yet: contact the co-op office of your institution.',
    failed: 'Who can grant access could not be loaded.',
    subject: `Access to the ${APP_TITLE}`,
  },
} as const;
