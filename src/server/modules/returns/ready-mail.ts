import { APP_TITLE } from '../../../shared/constants.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';

/**
 * The words of a "Ready for sign-off" mail: plain text. As for reminders (reminder-mail.ts), the subject holds only
 * the term and fiscal year, which the database keeps to fixed forms; names people type stay in the body.
 */

export function readySubject(ret: Pick<TermReturn, 'term' | 'fiscal_year'>): string {
  return `Ready for sign-off: the ${ret.term} ${ret.fiscal_year} term return`;
}

/** The body: who says the return is ready, its counts, and the link to sign it off. */
export function readyText(ret: TermReturn, senderName: string, publicUrl: string): string {
  return [
    'Hello,',
    '',
    `${senderName} says the ${ret.term} ${ret.fiscal_year} term return of ${ret.institution_name} is ready for sign-off.`,
    '',
    `Programs reported: ${ret.reported} of ${ret.expected} expected (${ret.submitted} submitted)`,
    '',
    'Please look at the return and sign it off:',
    `${publicUrl}/returns/${ret.id}`,
    '',
    `You receive this because you may sign off ${ret.institution_name}’s term returns in the ${APP_TITLE}.`,
    'Replies to this address may not be read.',
    '',
  ].join('\n');
}
