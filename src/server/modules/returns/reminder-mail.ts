import { APP_TITLE } from '../../../shared/constants.ts';
import { returnDueOn } from '../../../shared/return-due.ts';
import type { TermReturn } from '../../../shared/schemas/returns.ts';

/**
 * The words of a reminder mail (docs/reporting-cycle.md, "Reminder mails"): plain text. The subject holds only the
 * term and fiscal year, which the database's checks keep to their fixed forms; the institution's name, which an app
 * admin types, stays in the body, where it cannot start a header.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar day `YYYY-MM-DD` as people read it in a mail ("31 January 2026"), the same whatever the server's locale. */
export function mailDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDay;
}

const STATE_WORDS: Record<TermReturn['state'], string> = {
  'not started': 'not started (no record of the term yet)',
  'in progress': 'in progress, not signed off',
  submitted: 'submitted',
  approved: 'approved',
  reopened: 'reopened for corrections, not signed off again',
};

export function reminderSubject(ret: Pick<TermReturn, 'term' | 'fiscal_year'>): string {
  return `Reminder: the ${ret.term} ${ret.fiscal_year} term return is overdue`;
}

/**
 * The body: the period, due date (the return's own once it was sent back or reopened), state and counts, and the link
 * to the return on the site.
 */
export function reminderText(ret: TermReturn, publicUrl: string): string {
  return [
    'Hello,',
    '',
    `The ${ret.term} ${ret.fiscal_year} term return of ${ret.institution_name} was due on ${mailDay(returnDueOn(ret))} and is overdue.`,
    '',
    `State: ${STATE_WORDS[ret.state]}`,
    `Programs reported: ${ret.reported} of ${ret.expected} expected (${ret.submitted} submitted)`,
    '',
    'Please enter the missing records and sign the return off:',
    `${publicUrl}/returns/${ret.id}`,
    '',
    `You receive this reminder because you are an admin of ${ret.institution_name} in the ${APP_TITLE}.`,
    'It was sent by an app admin of the province; replies to this address may not be read.',
    '',
  ].join('\n');
}
