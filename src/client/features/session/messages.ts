/** The words of the sign-in page beyond the shared catalogue (TEXT.login in src/shared/messages.ts). */
export const SESSION_UI = {
  usersFailed: 'Unable to load the demo users',
  noUsers: 'There are no demo users. Seed the development database, then reload this page.',
  signedInAlready: (name: string) => `You are signed in as ${name}. Choosing another user switches accounts.`,
  ssoHint: 'Or use the sign-in page of your institution:',
} as const;
