/**
 * Words that more than one layer of the client says: the page frame (title, breadcrumb), loading and retrying,
 * required fields, error summaries and toasts. They live here, low in the client, so `lib/`, `ui/` and every
 * feature can use them without reaching up into `app/`. Each word is written once; a French edition would
 * translate this file, `messages.ts` beside it (the words of the shared pieces), each feature's `messages.ts`,
 * `app/messages.ts` (the shell's words) and the shared catalogue (src/shared/messages.ts).
 */
export const COMMON_WORDS = {
  titleSeparator: ' – ',
  breadcrumb: 'Breadcrumb',
  loading: 'Loading…',
  retry: 'Try again',
  required: '(required)',
  errorSummaryTitle: 'There is a problem',
  notificationLevel: { info: 'Information', success: 'Success', warning: 'Warning', error: 'Error' },
} as const;
